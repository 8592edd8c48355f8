import Fluent
import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

/// A payment problem is worded once (`PaymentProblem.localized`), whichever way it leaves: the
/// web page, the JSON API and the XML services say the same sentence in the same language.
@Suite struct PaymentProblemWordingTests {
    /// As Leaf writes text into a page.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }

    static let misreadCodeline = "0100003949754>120000000000234478943216899+ 010001628>"

    @Test(arguments: TestDatabase.available)
    func oneProblemReadsTheSameOnThePageInJSONAndInXML(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let user = try #require(try await User.query(on: app.db).first())
            user.locale = "de"
            try await user.save(on: app.db)
            let german = ServiceLanguage("de", app.paymentXML)
            guard case .failure(let found) = ESRCodeline.read(Self.misreadCodeline) else {
                Issue.record("the misread codeline should fail its check digits")
                return
            }
            let expected = found.problems.map { $0.localizedMessage.text(in: german) }
            #expect(!expected.isEmpty && expected.allSatisfy { !$0.contains("payments_") }, "every key and field name is in the catalogue: \(expected)")

            // JSON: the codeline's problems, one message each.
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let json = try await api.send(.POST, PaymentsAPIRoute.readCodeline, json: CodelineInput(codeline: Self.misreadCodeline))
            let reading = try json.content.decode(CodelineProblemsProbe.self)
            #expect(reading.problems.map(\.message) == expected)

            // XML: the same sentences (with the correction, when one is known) in the request's language.
            let xml = PaymentXMLServiceTests.request("OCRPayment", "<Codeline>\(Self.misreadCodeline)</Codeline>", language: "de")
            let (_, root) = try await PaymentXMLServiceTests.call(api, .ocrPayment, xml)
            let messages = root.child("Exceptions")?.children.compactMap { $0.value("Message") } ?? []
            for (message, problem) in zip(messages, found.problems) {
                #expect(message == problem.localized.map { $0.text(in: german) }.joined(separator: " "))
            }

            // The page: a wrong check digit in an account's IBAN, in German with the field's German name.
            try await anna.get(PaymentsURL.index.path)
            let page = try await anna.post(PaymentsURL.accounts.path, ["name": "Konto", "iban": "CH94 0076 2011 6238 5295 7"])
            let sentence = PaymentProblem(.debitAccount, .checkDigit).localizedMessage.text(in: german)
            #expect(page.status == .unprocessableEntity && page.body.string.contains(Self.escaped(sentence)), "\(sentence)")
        }
    }
}

private struct CodelineProblemsProbe: Decodable {
    struct Problem: Decodable { let message: String }
    let problems: [Problem]
}
