import Foundation
import OpenAPIRuntime
import ScanbookClient
import Testing
import Vapor
@testable import ScanbookServer

/// Issue 46: the generated client against a real server on a socket, on SQLite and PostgreSQL. Every
/// answer is decoded by the generated types, so a field the document gets wrong fails here.
@Suite struct ClientLibraryTests {
    @Test(arguments: TestDatabase.available)
    func aNativeAppSignsInReadsAReceiptFillsAListReadsAMeterSignsAPaymentAndFetchesFormResults(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            app.startCaptureWorkers()
            let clock = MutableClock(start: Date())
            app.clock = clock.appClock
            try await LiveServer.with(app) { server in
                let address = try #require(URL(string: "http://127.0.0.1:\(server.port)"))

                // Sign in: a wrong password is the documented 401, the right one a token.
                let anonymous = ScanbookClient.connect(to: address)
                let refused = try await anonymous.postApiV1Login(body: .json(.init(email: "anna@example.org", password: "wrong")))
                #expect(refused == .unauthorized(.init(body: .json(.init(error: true, reason: try refused.unauthorized.body.json.reason)))))
                let login = try await anonymous.postApiV1Login(body: .json(.init(email: "anna@example.org", password: "Sommer2025!", tokenName: "phone")))
                let token = try login.created.body.json
                #expect(token.name == "phone" && token.user.email == "anna@example.org")
                let client = ScanbookClient.connect(to: address, token: token.token)
                #expect(try await client.getApiV1Me().ok.body.json.email == "anna@example.org")

                // A receipt photo read by the server's reader, polled until it is ready.
                let photo = try Fixtures.bytes("receipt-coop.jpg")
                let uploaded = try await client.postApiV1Receipts(body: .multipartForm([
                    .image(.init(payload: .init(body: HTTPBody(photo)), filename: "receipt.jpg")),
                ])).accepted.body.json
                #expect(uploaded.state == .reading)
                var receipt = uploaded
                let deadline = ContinuousClock.now + .seconds(120)
                while receipt.state == .reading, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(250))
                    receipt = try await client.getApiV1ReceiptsReceiptID(path: .init(receiptID: uploaded.id)).ok.body.json
                }
                #expect(receipt.state == .review && receipt.total == "127.53" && receipt.currency == "CHF" && receipt.date == "2024-06-14")

                // A list with three items.
                let list = try await client.postApiV1Lists(body: .json(.init(name: "Wocheneinkauf"))).created.body.json
                for name in ["Milch", "Brot", "Äpfel"] {
                    let item = try await client.postApiV1ListsListIDItems(path: .init(listID: list.id), body: .json(.init(name: name, quantity: "2"))).created.body.json
                    #expect(item.name == name && !item.checked)
                }
                // An item sent twice with one Idempotency-Key (a retry after a lost answer): one item, the same answer.
                let twice = try await ScanbookClient.$idempotencyKey.withValue(UUID().uuidString) {
                    let first = try await client.postApiV1ListsListIDItems(path: .init(listID: list.id), body: .json(.init(name: "Salz"))).created.body.json
                    let again = try await client.postApiV1ListsListIDItems(path: .init(listID: list.id), body: .json(.init(name: "Salz"))).created.body.json
                    return (first, again)
                }
                #expect(twice.0 == twice.1)
                let items = try await client.getApiV1ListsListIDItems(path: .init(listID: list.id)).ok.body.json
                #expect(items.map(\.name).sorted() == ["Brot", "Milch", "Salz", "Äpfel"])

                // A meter: made, given its reference photo, its counter read from a later photo, the reading saved.
                let meter = try await client.postApiV1Meters(body: .json(.init(name: "Strom", kind: .electricity, digits: 6, decimals: 1, pricePerUnit: "0.2"))).created.body.json
                _ = try await client.putApiV1MetersMeterIDReference(path: .init(meterID: meter.id), body: .multipartForm([
                    .photo(.init(payload: .init(body: HTTPBody(try Fixtures.bytes("meter-blue-reference.jpg"))), filename: "reference.jpg")),
                ])).ok.body.json
                let crop = MeterFixtures.stripCrop.compactMapValues(Int.init)
                let strip = try await client.postApiV1MetersMeterIDRead(path: .init(meterID: meter.id), body: .multipartForm([
                    .strip(.init(payload: .init(body: HTTPBody(try Fixtures.bytes("meter-blue-photo.jpg"))), filename: "strip.jpg")),
                    .x(.init(payload: .init(body: HTTPBody("\(crop["x"] ?? 0)")))), .y(.init(payload: .init(body: HTTPBody("\(crop["y"] ?? 0)")))),
                    .w(.init(payload: .init(body: HTTPBody("\(crop["w"] ?? 0)")))), .h(.init(payload: .init(body: HTTPBody("\(crop["h"] ?? 0)")))),
                ])).ok.body.json
                #expect(strip.value == MeterFixtures.shownValue && strip.digits.count == 6)
                let reading = try await client.postApiV1MetersMeterIDReadings(path: .init(meterID: meter.id), body: .json(.init(value: strip.value))).created.body.json
                #expect(reading.value == "4719.3")

                // A payment: an account, an authenticator enrolled, the payment made and signed with a code.
                let account = try await client.postApiV1PaymentAccounts(body: .json(.init(name: "Konto", iban: "CH9300762011623852957", currency: "CHF", isDefault: true))).created.body.json
                let enrolment = try await client.postApiV1PaymentAuthenticator().created.body.json
                _ = try await client.postApiV1PaymentAuthenticatorConfirm(body: .json(.init(code: try freshCode(enrolment.secret, clock: clock)))).noContent
                let payment = try await client.postApiV1Payments(body: .json(.init(
                    kind: .bank, debitAccount: account.id, beneficiaryName: "Max Muster", beneficiaryPostalCode: "8001", beneficiaryTown: "Zürich",
                    beneficiaryCountry: "CH", beneficiaryAccount: SignatureBindingTests.stranger, amount: "120.00", referenceType: .non, executionDate: app.isoDay(0)
                ))).created.body.json
                #expect(payment.signatureRequired == true && payment.signed == false)
                let signed = try await client.postApiV1PaymentsPaymentIDSign(path: .init(paymentID: payment.id), body: .json(.init(code: try freshCode(enrolment.secret, clock: clock)))).ok.body.json
                #expect(signed.signed == true && signed.amount == "120.00")

                // Form results: two filled forms uploaded, read, and fetched as scans and as CSV.
                let template = try await APIClient(app: app, token: token.token).makeExamTemplate()
                let scansSent = try await client.postApiV1FormTemplatesTemplateIDScans(path: .init(templateID: template.id.uuidString), body: .multipartForm([
                    .photos(.init(payload: .init(body: HTTPBody(try FormFixtures.file("000.jpg").bytes)), filename: "000.jpg")),
                    .photos(.init(payload: .init(body: HTTPBody(try FormFixtures.file("003.jpg").bytes)), filename: "003.jpg")),
                ])).accepted.body.json
                #expect(scansSent.count == 2)
                try await app.waitForFormScans(template.id)
                let scans = try await client.getApiV1FormTemplatesTemplateIDScans(path: .init(templateID: template.id.uuidString)).ok.body.json
                let numbers = Set(scans.compactMap { $0.student?.studentNumber })
                #expect(numbers == [try FormFixtures.truth("000")["matrikel"], try FormFixtures.truth("003")["matrikel"]].compactMap { $0 }.reduce(into: Set<String>()) { $0.insert($1) })
                let csv = try await client.getApiV1FormTemplatesTemplateIDResults_csv(path: .init(templateID: template.id.uuidString)).ok.body.csv
                let text = try await String(collecting: csv, upTo: 1 << 20)
                #expect(numbers.allSatisfy(text.contains))
            }
        }
    }
}
