import Fluent
import Foundation
import ScanbookCore
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// Issue 40, part 3: limits that a burst of parallel requests cannot pass, and a burst on one
/// account that does not block anyone else; on SQLite and PostgreSQL.
@Suite struct BurstTests {
    static func parallel<R: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) async throws -> R) async throws -> [R] {
        try await withThrowingTaskGroup(of: R.self) { group in
            for index in 0..<count { group.addTask { try await body(index) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test(arguments: TestDatabase.available)
    func registrationsSentAtOnceStopAtTheHourlyLimit(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.passwordWorkWaiting = 64 }) { app, _ in
            let tester = try app.testing()
            let responses = try await Self.parallel(64) { index in
                try await tester.sendRequest(.POST, APIRoute.register.path, beforeRequest: { request in
                    try request.content.encode(RegisterRequest(name: "User \(index)", email: "user\(index)@example.org", password: "Sommer2025!"))
                })
            }
            let created = responses.filter { $0.status == .created }.count
            #expect(created == app.scanbookConfig.registrationsPerHour, "\(created) accounts from one address")
            #expect(try await User.query(on: app.db).count() == created)
            let refused = responses.filter { $0.status != .created }
            #expect(refused.allSatisfy { $0.status == .tooManyRequests && $0.headers.first(name: "Retry-After") != nil })
        }
    }

    @Test(arguments: TestDatabase.available)
    func aBurstOfWrongPasswordsReachesThePasswordCheckOnlyAsOftenAsAllowedAndBlocksNobodyElse(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.trustedProxies = [IPAddressRange("127.0.0.1")!] }) { app, _ in
            app.clock = MutableClock().appClock
            try await WebSession(app).register(email: "anna@example.org")
            try await WebSession(app).register(email: "ben@example.org")
            let allowed = app.scanbookConfig.loginThrottle.accountFromAddress.freeFailures
            try await LiveServer.with(app) { server in
            async let burst = Self.parallel(100) { index in
                try await server.send(.POST, APIRoute.login.path, from: "198.51.100.7",
                                      json: LoginRequest(email: "anna@example.org", password: "Wrong-guess\(index)", tokenName: nil))
            }
            // Ben, elsewhere, signs in while the burst runs.
            try await Task.sleep(for: .milliseconds(20))
            let ben = try await server.send(.POST, APIRoute.login.path, from: "203.0.113.5",
                                            json: LoginRequest(email: "ben@example.org", password: "Sommer2025!", tokenName: nil))
            let statuses = try await burst.map(\.status)
            #expect(ben.status == .created, "\(ben.status) \(ben.body.string)")
            let checked = statuses.filter { $0 == .unauthorized }.count
            #expect(checked >= 1 && checked <= allowed, "\(checked) wrong passwords reached the check")
            #expect(statuses.allSatisfy { $0 == .unauthorized || $0 == .tooManyRequests }, "\(Set(statuses.map(\.code)))")
            #expect(try await RateEvent.query(on: app.db).filter(\.$scope == .loginAccountFromAddress).count() == checked,
                    "refused attempts are taken back; each checked one is a failure")
            // Anna, from her own address, still signs in.
            let anna = try await server.send(.POST, APIRoute.login.path, from: "203.0.113.9",
                                             json: LoginRequest(email: "anna@example.org", password: "Sommer2025!", tokenName: nil))
            #expect(anna.status == .created)
            }
        }
    }

    @Test func aFullLineIsRefusedAtOnce() async throws {
        let work = BoundedWork(running: 1, waiting: 1)
        let gate = AsyncStream<Void>.makeStream()
        async let first: Void = work.run { for await _ in gate.stream { break } }
        try await Task.sleep(for: .milliseconds(50))
        async let second: Void = work.run {}
        try await Task.sleep(for: .milliseconds(50))
        await #expect(throws: BoundedWork.Full.self) { try await work.run {} }
        gate.continuation.yield()
        gate.continuation.finish()
        _ = try await (first, second)
        try await work.run {}
    }

    @Test(arguments: TestDatabase.available)
    func aCodeGuesserOnAPaymentDoesNotStopItsOwnerSigningFromElsewhere(_ database: TestDatabase) async throws {
        try await withAnna(database, configure: { $0.trustedProxies = [IPAddressRange("127.0.0.1")!] }) { app, anna in
            let clock = MutableClock(start: Date())
            let (api, account) = try await PaymentSigningTests.start(app, clock: clock)
            let secret = try await api.enrolAuthenticator(clock: clock)
            let payment = try await SignatureBindingTests.pay(api, account, amount: "40.00", on: app)
            try await LiveServer.with(app) { server in
            let statuses = try await Self.parallel(12) { guess in
                try await server.send(.POST, PaymentsAPIRoute.sign(id: payment.id).path, from: "198.51.100.7", token: api.token,
                                      json: CodeForm(code: String(format: "%06d", 100_000 + guess)))
            }.map(\.status)
            #expect(statuses.filter { $0 == .unprocessableEntity }.count <= PaymentSigning.wrongCodesAllowed, "\(statuses)")
            #expect(statuses.contains(.tooManyRequests))
            // The owner, from their own address, signs with the right code.
            let signed = try await server.send(.POST, PaymentsAPIRoute.sign(id: payment.id).path, from: "203.0.113.9", token: api.token,
                                               json: CodeForm(code: try freshCode(secret, clock: clock)))
            #expect(signed.status == .ok, "\(signed.body.string)")
            }
            // And is shown what happened.
            let page = try await anna.get(PaymentsURL.authenticator.path).body.string
            #expect(page.contains("198.51.100.7"), "the owner sees where the wrong codes came from")
        }
    }
}
