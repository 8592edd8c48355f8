import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// Many writes at once from several accounts: on SQLite a deferred transaction that read first
/// used to fail with "database is locked" (500); every one must now be stored.
@Suite struct ConcurrentWriteTests {
    @Test(arguments: TestDatabase.available)
    func parallelRegistrationsAndReceiptWritesAllSucceed(_ database: TestDatabase) async throws {
        // A line long enough for every registration: this test is about the database, not the
        // password work's bound (`BurstTests`).
        try await withScanbook(database, configure: { $0.registrationsPerHour = 1_000; $0.passwordWorkWaiting = 64 }) { app, _ in
            let tester = try app.testing()
            let registrations = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for index in 0..<64 {
                    group.addTask {
                        try await tester.sendRequest(.POST, APIRoute.register.path, beforeRequest: { request in
                            try request.content.encode(RegisterRequest(name: "User \(index)", email: "user\(index)@example.org", password: "Sommer2025!"))
                        }).status
                    }
                }
                return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
            }
            #expect(registrations.allSatisfy { $0 == .created }, "\(registrations.filter { $0 != .created })")
            #expect(try await User.query(on: app.db).count() == 64)

            var clients: [APIClient] = []
            for index in 0..<4 {
                let login = try await tester.sendRequest(.POST, APIRoute.login.path, beforeRequest: { request in
                    try request.content.encode(LoginRequest(email: "user\(index)@example.org", password: "Sommer2025!", tokenName: "load"))
                })
                clients.append(APIClient(app: app, token: try login.content.decode(CreatedTokenDTO.self).token))
            }
            let writes = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for index in 0..<128 {
                    let client = clients[index % clients.count]
                    group.addTask {
                        try await client.send(.POST, ReceiptsAPIRoute.manual, json: ReceiptChanges(total: "\(index + 1).50", date: "2025-06-01", merchant: "Shop \(index % 7)")).status
                    }
                }
                return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
            }
            #expect(writes.allSatisfy { $0 == .created }, "\(writes.filter { $0 != .created })")
            #expect(try await Receipt.query(on: app.db).count() == 128)
        }
    }
}
