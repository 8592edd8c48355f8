import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

@Suite struct RegistrationLimitTests {
    @Test(arguments: TestDatabase.available)
    func oneAddressMayCreateOnlySoManyAccountsAnHour(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.registrationsPerHour = 3 }) { app, _ in
            let clock = MutableClock()
            app.clock = clock.appClock
            for index in 0..<3 {
                #expect(try await WebSession(app).register(email: "user\(index)@example.org").status == .seeOther)
            }
            let refused = try await WebSession(app).register(email: "user3@example.org")
            #expect(refused.status == .tooManyRequests)
            #expect(refused.body.string.contains("Too many accounts were created from your address"))
            let api = try await app.testing().sendRequest(.POST, APIRoute.register.path, beforeRequest: { request in
                try request.content.encode(RegisterRequest(name: "Bot", email: "bot@example.org", password: "Sommer2025!"))
            })
            #expect(api.status == .tooManyRequests, "the API counts against the same limit")
            #expect(try await User.query(on: app.db).count() == 3)

            clock.advance(by: 3_601)
            #expect(try await WebSession(app).register(email: "user3@example.org").status == .seeOther)
            // The command line is the administrator's door and has no limit.
            _ = try await app.addAccount(name: "Extra", email: "extra@example.org", password: "Sommer2025!", isAdmin: false)
        }
    }
}
