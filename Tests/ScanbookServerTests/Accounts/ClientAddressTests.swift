import Fluent
import ScanbookCore
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// Requests over a real socket, so the server sees a peer address and `X-Forwarded-For`.
@Suite struct ClientAddressTests {
    /// One server for all of a test's logins (VaporTesting's `.running` starts one per request, and
    /// under a loaded CI run a request outlived its 30 s and the server torn down under it).
    private static func loginOverSocket(_ server: LiveServer, _ email: String, _ password: String, from client: String) async throws -> LiveServer.Response {
        try await server.send(.POST, APIRoute.login.path, from: client, json: ["email": email, "password": password])
    }

    @Test(arguments: TestDatabase.available)
    func forwardedForIsIgnoredUnlessThePeerIsATrustedProxy(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            // The clock stands still: the back-off after the 20th failure lasts only two seconds,
            // which a loaded machine can spend between two requests.
            app.clock = MutableClock().appClock
            try await LiveServer.with(app) { server in
                // No trusted proxy: however the header varies, every attempt comes from 127.0.0.1,
                // whose address scope allows 20 failures before backing off.
                for index in 0..<20 {
                    let status = try await Self.loginOverSocket(server, "user\(index)@example.org", "Wrong-guess1", from: "198.51.100.\(index)").status
                    #expect(status == .unauthorized)
                }
                let slowed = try await Self.loginOverSocket(server, "other@example.org", "Wrong-guess1", from: "203.0.113.99").status
                #expect(slowed == .tooManyRequests)
                #expect(try await RateEvent.query(on: app.db).filter(\.$scope == .loginAddress).filter(\.$key == "127.0.0.1").count() == 20)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aStrangerCanDelayButNotLockOutTheOwner(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.trustedProxies = [IPAddressRange("127.0.0.1")!] }) { app, _ in
            let clock = MutableClock()
            app.clock = clock.appClock
            try await WebSession(app).register(email: "anna@example.org")
            try await LiveServer.with(app) { server in
                // A guesser on Anna's account from many addresses, each failing a few times.
                var slowed = 0
                for attempt in 0..<30 {
                    clock.advance(by: 20)
                    let status = try await Self.loginOverSocket(server, "anna@example.org", "Wrong-guess\(attempt)", from: "198.51.100.\(attempt % 6)").status
                    #expect(status == .unauthorized || status == .tooManyRequests)
                    if status == .tooManyRequests { slowed += 1 }
                }
                #expect(slowed > 0, "the guesses were slowed down")
                // Anna, from her own address, waits at most the account scope's minute.
                clock.advance(by: 61)
                let owner = try await Self.loginOverSocket(server, "anna@example.org", "Sommer2025!", from: "203.0.113.7").status
                #expect(owner == .created)
            }
        }
    }
}
