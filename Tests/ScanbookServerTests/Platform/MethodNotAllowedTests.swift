import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// A path that exists, asked with a method it does not have, is 405 with `Allow`, also where a
/// constant path sits beside a parameter route of another method.
@Suite struct MethodNotAllowedTests {
    @Test func aConstantPathAskedWithAnotherMethodIs405() async throws {
        try await withAnna(.sqlite) { app, _ in
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            // The router walks "GET /payments/slips" into "/payments/slips/:captureID" and finds
            // no route; "/payments/slips" is POST only.
            let slips = try await api.send(.GET, path: PaymentsAPIRoute.slips.path, body: "", contentType: "text/plain")
            #expect(slips.status == .methodNotAllowed && slips.headers.first(name: .allow) == "POST")
            let codeline = try await api.send(.GET, path: PaymentsAPIRoute.readCodeline.path, body: "", contentType: "text/plain")
            #expect(codeline.status == .methodNotAllowed && codeline.headers.first(name: .allow) == "POST")
            // A parameter route answers for any other word: a missing payment is 404.
            let missing = try await api.send(.GET, PaymentsAPIRoute.payment(id: UUID()))
            #expect(missing.status == .notFound)
            let reading = try await api.send(.GET, PaymentsAPIRoute.slip(id: UUID()))
            #expect(reading.status == .notFound)
        }
    }
}
