import Fluent
import Foundation
import ScanbookCore
import ScanbookXML
import Testing
import VaporTesting
@testable import ScanbookServer

/// The seed's XML services: requests and responses checked against the XSDs the server serves,
/// good and bad requests, messages in the request's language; on SQLite and PostgreSQL.
@Suite struct PaymentXMLServiceTests {
    static let codeline = "0100003949753>120000000000234478943216899+ 010001628>"

    static func request(_ service: String, _ fields: String, language: String = "de") -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><\(service)Request xmlns=\"\(PaymentXMLService.namespace)\"><Language>\(language)</Language>\(fields)</\(service)Request>"
    }

    /// Sends a request, checks the response against the service's schema and returns its root.
    static func call(_ api: APIClient, _ service: PaymentXMLService, _ body: String) async throws -> (HTTPStatus, XMLNode) {
        let response = try await api.send(.POST, path: "/api/xml/v1/\(service.rawValue)", body: body, contentType: "application/xml")
        #expect(response.headers.contentType?.subType == "xml")
        let schema = try XMLSchema(path: PaymentXMLService.directory.appendingPathComponent(service.schemaFile).path)
        let root = try schema.parse(Array(response.body.readableBytesView))
        #expect(root.name == service.responseElement)
        return (response.status, root)
    }

    @Test(arguments: TestDatabase.available)
    func aCodelineIsReadAndTheWhitelistFillsTheBank(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            let clock = MutableClock(start: Date())
            app.clock = clock.appClock
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let secret = try await api.enrolAuthenticator(clock: clock)
            // The request itself is valid against the served schema.
            let schemaText = try await app.testing().sendRequest(.GET, "/api/xml/v1/schemas/OCRPayment.xsd").body.string
            #expect(schemaText.contains("OCRPaymentRequest"))
            let good = Self.request("OCRPayment", "<Codeline>\(Self.codeline)</Codeline>")
            _ = try XMLSchema(path: PaymentXMLService.directory.appendingPathComponent("OCRPayment.xsd").path).parse(Array(good.utf8))

            var (status, root) = try await Self.call(api, .ocrPayment, good)
            #expect(status == .ok && root.value("State") == "3", "read, but on no whitelist")
            #expect(root.value("BeneficiaryAccount") == "01-162-8" && root.value("Amount") == "3949.75" && root.value("ReferenceNumber") == "120000000000234478943216899")

            let entry = WhitelistForm(account: "010001628", name: "Stadtwerke Zürich", street: "Tramstrasse", buildingNumber: "35", postalCode: "8050",
                                      town: "Zürich", country: "CH", clearingNumber: "700", bankName: "Zürcher Kantonalbank", bankAddress: "Bahnhofstrasse 9, 8001 Zürich",
                                      code: try freshCode(secret, clock: clock))
            #expect(try await api.send(.POST, PaymentsAPIRoute.whitelist, json: entry).status == .created)
            (status, root) = try await Self.call(api, .ocrPayment, good)
            #expect(root.value("State") == "1" && root.value("ClearingNumber") == "700")
            #expect(root.child("BeneficiaryAddress")?.value("Name") == "Stadtwerke Zürich" && root.value("BankAddress")?.contains("Bahnhofstrasse 9") == true)

            // A misread digit: state 2 with the failing part named, in French.
            let misread = Self.request("OCRPayment", "<Codeline>0100003949754>120000000000234478943216899+ 010001628></Codeline>", language: "fr")
            (status, root) = try await Self.call(api, .ocrPayment, misread)
            #expect(root.value("State") == "2" && root.child("BeneficiaryAccount") == nil)
            let messages = root.child("Exceptions")?.children.compactMap { $0.value("Message") } ?? []
            #expect(messages.contains { $0.contains("chiffre de contrôle") }, "\(messages)")

            // Not the schema: 400, the service's response with the violations.
            (status, root) = try await Self.call(api, .ocrPayment, Self.request("OCRPayment", "<Codeline>1</Codeline><Extra/>"))
            #expect(status == .badRequest && root.value("State") == "2" && root.child("Exceptions")?.children.isEmpty == false)
            (status, root) = try await Self.call(api, .ocrPayment, "<OCRPaymentRequest><oops")
            #expect(status == .badRequest && root.value("State") == "2")
            let laughs = "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>"
                + Self.request("OCRPayment", "<Codeline>&b;</Codeline>").replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", with: "")
            (status, root) = try await Self.call(api, .ocrPayment, laughs)
            #expect(status == .badRequest && root.value("State") == "2", "no document type declarations")
            let deep = String(repeating: "<a>", count: 5_000) + String(repeating: "</a>", count: 5_000)
            (status, _) = try await Self.call(api, .ocrPayment, deep)
            #expect(status == .badRequest)
            let unauthenticated = try await app.testing().sendRequest(.POST, "/api/xml/v1/OCRPayment", headers: ["Content-Type": "application/xml"], body: ByteBuffer(string: good))
            #expect(unauthenticated.status == .unauthorized)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anOrangePaymentIsRefusedByFieldAcceptedAndSigned(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            let clock = MutableClock(start: Date())
            app.clock = clock.appClock
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            #expect(try await api.send(.POST, PaymentsAPIRoute.accounts, json: PaymentAccountInput(name: "Konto", iban: "CH9300762011623852957", currency: "CHF", isDefault: true)).status == .created)
            func orange(reference: String, amount: String = "3949.75", debit: String = "CH93 0076 2011 6238 5295 7", language: String = "de") -> String {
                Self.request("OrangePayment", "<ExecutionDate>\(app.isoDay(1))</ExecutionDate><Amount>\(amount)</Amount><CurrencyCode>CHF</CurrencyCode>"
                    + "<BeneficiaryAccount>01-162-8</BeneficiaryAccount><BeneficiaryAddress><Name>Stadtwerke</Name><Town>Zürich</Town></BeneficiaryAddress>"
                    + "<ReferenceNumber>\(reference)</ReferenceNumber><DebitAccount>\(debit)</DebitAccount>", language: language)
            }
            // The reference's check digit is wrong; the only right one is proposed.
            var (status, root) = try await Self.call(api, .orangePayment, orange(reference: "120000000000234478943216891"))
            #expect(status == .unprocessableEntity && root.value("State") == "2" && root.value("WrongField") == "ReferenceNumber")
            #expect(root.value("CorrectedValue") == "120000000000234478943216899" && root.value("Message")?.contains("Prüfziffer") == true)
            (status, root) = try await Self.call(api, .orangePayment, orange(reference: "120000000000234478943216899", debit: "CH5604835012345678009", language: "it"))
            #expect(root.value("State") == "2" && root.value("WrongField") == "DebitAccount" && root.value("Message")?.contains("conto di addebito") == true)
            (status, root) = try await Self.call(api, .orangePayment, orange(reference: "120000000000234478943216899", amount: "12,3,4"))
            #expect(root.value("WrongField") == "Amount")
            #expect(try await Payment.query(on: app.db).count() == 0)

            (status, root) = try await Self.call(api, .orangePayment, orange(reference: "120000000000234478943216899", language: "en"))
            #expect(status == .created && root.value("State") == "3" && root.value("Message")?.contains("sign") == true)
            let id = try #require(root.value("PaymentId"))

            let enrolment = try await api.send(.POST, PaymentsAPIRoute.authenticator).content.decode(EnrolmentDTO.self)
            #expect(try await api.send(.POST, PaymentsAPIRoute.confirmAuthenticator, json: CodeForm(code: try PaymentSigningTests.code(enrolment.secret, at: clock.appClock.now()))).status == .noContent)
            clock.advance(by: 30)
            (status, root) = try await Self.call(api, .signPayment, Self.request("SignPayment", "<PaymentId>\(id)</PaymentId><Signature>000000</Signature>"))
            #expect(root.value("State") == "2" && root.value("Message")?.contains("Code") == true)
            let code = try PaymentSigningTests.code(enrolment.secret, at: clock.appClock.now())
            (status, root) = try await Self.call(api, .signPayment, Self.request("SignPayment", "<PaymentId>\(id)</PaymentId><Signature>\(code)</Signature>"))
            #expect(status == .ok && root.value("State") == "1")
            (status, root) = try await Self.call(api, .signPayment, Self.request("SignPayment", "<PaymentId>\(UUID())</PaymentId><Signature>\(code)</Signature>"))
            #expect(status == .notFound && root.value("State") == "2")

            // The same beneficiary again: on Anna's whitelist now, accepted at once.
            (status, root) = try await Self.call(api, .orangePayment, orange(reference: "120000000000234478943216899"))
            #expect(root.value("State") == "1")
        }
    }
}
