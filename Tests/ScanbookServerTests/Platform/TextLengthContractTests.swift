import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// A text field's `maxLength` in the API document counts code points of the value as sent. The
/// server counts the same way, so nothing the document refuses is taken: not a name with spaces
/// around it that is short enough only once trimmed, not an accent written as a combining mark
/// that makes one character of two code points.
@Suite struct TextLengthContractTests {
    /// Exactly the limit in plain letters (taken), the limit plus a trailing space, and the limit
    /// in characters of which one is "e" + U+0301 (both refused).
    private static func probes(_ maximum: Int) -> (fits: String, spaced: String, combining: String) {
        let fits = String(repeating: "n", count: maximum)
        return (fits, fits + " ", String(repeating: "n", count: maximum - 1) + "e\u{301}")
    }

    @Test(arguments: TestDatabase.available)
    func limitsAreCountedAsTheDocumentCountsThem(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            func check(_ field: String, _ maximum: Int, _ send: (String) async throws -> TestingHTTPResponse) async throws {
                let (fits, spaced, combining) = Self.probes(maximum)
                let taken = try await send(fits)
                #expect((200..<300).contains(taken.status.code), "\(field): \(maximum) letters: \(taken.body.string)")
                for (what, value) in [("a trailing space", spaced), ("a combining accent", combining)] {
                    let refused = try await send(value)
                    #expect(refused.status == .unprocessableEntity, "\(field) with \(what): \(refused.status) \(refused.body.string)")
                }
            }
            try await check("list name", ListService.maximumNameLength) {
                try await api.send(.POST, ListsAPIRoute.lists, json: ["name": $0])
            }
            let list = try await api.send(.POST, ListsAPIRoute.lists, json: ["name": "Vorrat"]).content.decode(ShoppingListDTO.self).id
            try await check("item name", ItemService.maximumFieldLength) {
                try await api.send(.POST, ListsAPIRoute.items(id: list), json: ["name": $0])
            }
            try await check("expense description", ExpenseService.maximumDescriptionLength) {
                try await api.send(.POST, ListsAPIRoute.expenses(id: list), json: ["description": $0, "amount": "5.00"])
            }
            try await check("meter name", MeterService.maximumNameLength) {
                try await api.send(.POST, MetersAPIRoute.meters, json: ["name": $0, "kind": "water"])
            }
            try await check("meter unit", MeterService.maximumUnitLength) {
                try await api.send(.POST, MetersAPIRoute.meters, json: ["name": "Wasser", "kind": "water", "unit": $0])
            }
            try await check("form name", FormTemplateService.maximumNameLength) {
                try await api.send(.POST, FormsAPIRoute.templates, json: ["name": $0])
            }
            try await check("form description", FormTemplateService.maximumDescriptionLength) {
                try await api.send(.POST, FormsAPIRoute.templates, json: ["name": "Prüfung", "description": $0])
            }
            try await check("payment template name", PaymentTemplateService.maximumNameLength) {
                try await api.send(.POST, PaymentsAPIRoute.templates, json: ["name": $0, "folder": ""])
            }
        }
    }
}
