import Foundation
import NIOConcurrencyHelpers
import ScanbookServer
import Vapor

/// Shared lists on a real server on loopback, on SQLite and (when BENCH_POSTGRES_URL, as `make bench`
/// sets it, or TEST_POSTGRES_URL is set, in a schema of its own that is dropped afterwards) PostgreSQL: six members with the list open over
/// the live WebSocket while they make 1,000 changes through the API, each waited for; then the list
/// page with 10,000 items, and balances and the expenses page with 5,000 expenses.
enum ListBench {
    static let members = 6
    static let changes = 1000
    static let pageItems = 10_000
    static let expenses = 5_000

    static func run(into table: inout BenchTable) async throws {
        try await run(on: nil, into: &table)
        let environment = ProcessInfo.processInfo.environment
        if let url = environment["BENCH_POSTGRES_URL"] ?? environment["TEST_POSTGRES_URL"], !url.isEmpty {
            try await run(on: url, into: &table)
        }
    }

    static func run(on postgresURL: String?, into table: inout BenchTable) async throws {
        let id = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scanbook-bench-\(id)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let port = 20_000 + Int.random(in: 0..<2000)
        let app = try await Application.make(Environment(name: "production", arguments: ["scanbook-bench"]))
        let database: AppConfig.Database? = postgresURL.map { .postgres(url: $0, schema: "bench_\(id)") }
        var config = AppConfig(dataDirectory: directory, port: port, database: database, logLevel: .error, bcryptCost: 4)
        config.drainSeconds = 0
        try await app.configureScanbook(config)
        try await app.migrateScanbook()
        // The login form answers with a redirect whose cookie must be read, not followed.
        app.http.client.configuration.redirectConfiguration = .disallow
        try await app.server.start(address: .hostname("127.0.0.1", port: port))
        do {
            try await measure(app, base: "http://127.0.0.1:\(port)", engine: postgresURL == nil ? "SQLite" : "PostgreSQL", into: &table)
        } catch {
            print("list benchmark failed: \(error)")
        }
        // As on SIGTERM: the list sockets close first, so the server need not wait for them.
        await app.drain()
        if postgresURL != nil { try await app.dropDatabaseSchema() }
        try await app.asyncShutdown()
    }

    static func measure(_ app: Application, base: String, engine: String, into table: inout BenchTable) async throws {
        let client = BenchClient(app: app, base: base)
        var tokens: [String] = []
        var cookies: [String] = []
        for index in 0..<members {
            let email = "member\(index)@example.org"
            _ = try await client.send(.POST, "/api/v1/register", json: ["name": "Member \(index)", "email": email, "password": "Sommer2025!"])
            tokens.append(try await client.send(.POST, "/api/v1/login", json: ["email": email, "password": "Sommer2025!"]).content.get(String.self, at: "token"))
            cookies.append(try await webLogin(app, base: base, email: email))
        }
        let list = try await client.send(.POST, "/api/v1/lists", token: tokens[0], json: ["name": "Bench"]).content.get(String.self, at: "id")
        // Members join by invitation: each invited member accepts their own.
        struct Invitation: Decodable { let id: String }
        for index in 1..<members {
            let invited = try await client.send(.POST, "/api/v1/lists/\(list)/members", token: tokens[0], json: ["email": "member\(index)@example.org"])
            precondition(invited.status.code < 300, "invite: \(invited.status)")
            let pending = try await client.send(.GET, "/api/v1/invitations", token: tokens[index]).content.decode([Invitation].self)
            for invitation in pending {
                let accepted = try await client.send(.POST, "/api/v1/invitations/\(invitation.id)/accept", token: tokens[index])
                precondition(accepted.status == .ok, "accept: \(accepted.status)")
            }
        }

        // Every member's page listens; each socket records when each change reached it.
        let arrivals = NIOLockedValueBox<[[ContinuousClock.Instant]]>(Array(repeating: [], count: members))
        var sockets: [WebSocket] = []
        for (index, cookie) in cookies.enumerated() {
            let opened = NIOLockedValueBox<WebSocket?>(nil)
            try await WebSocket.connect(to: base.replacingOccurrences(of: "http", with: "ws") + "/lists/\(list)/live", headers: ["Cookie": cookie]) { socket in
                socket.onText { _, text in
                    guard text != "pong" else { return }
                    let now = ContinuousClock.now
                    arrivals.withLockedValue { $0[index].append(now) }
                }
                opened.withLockedValue { $0 = socket }
            }
            while opened.withLockedValue({ $0 }) == nil { try await Task.sleep(for: .milliseconds(1)) }
            sockets.append(opened.withLockedValue { $0 }!)
        }
        try await Task.sleep(for: .milliseconds(200))

        var timings = Timings()
        for change in 0..<changes {
            let start = ContinuousClock.now
            _ = try await client.send(.POST, "/api/v1/lists/\(list)/items", token: tokens[change % members], json: ["name": "Item \(change)"])
            while arrivals.withLockedValue({ $0.contains { $0.count <= change } }) { try await Task.sleep(for: .microseconds(200)) }
            let last = arrivals.withLockedValue { $0.map { $0[change] }.max()! }
            timings.record(last - start)
        }
        let set = "\(members) members connected, \(changes) changes, loopback, \(engine)"
        table.add("Live list: change posted → every member has it, median / p99", String(format: "%.1f / %.1f ms", timings.percentile(0.5), timings.percentile(0.99)), dataSet: set)
        for socket in sockets { try? await socket.close() }

        for index in changes..<pageItems {
            _ = try await client.send(.POST, "/api/v1/lists/\(list)/items", token: tokens[0], json: ["name": "Item \(index)", "category": "Category \(index % 12)"])
        }
        var page = Timings()
        for _ in 0..<20 {
            let start = ContinuousClock.now
            let response = try await app.client.get(URI(string: base + "/lists/\(list)"), headers: ["Cookie": cookies[1]])
            precondition(response.status == .ok, "list page: \(response.status)")
            page.record(ContinuousClock.now - start)
        }
        table.add("List page with \(pageItems) items, median / p90", String(format: "%.0f / %.0f ms", page.percentile(0.5), page.percentile(0.9)), dataSet: "one list, \(engine), 20 requests")

        // Expenses paid in turn by each member, split equally among all six.
        for index in 0..<expenses {
            let cents = 100 + (index * 7919) % 20_000
            _ = try await client.send(.POST, "/api/v1/lists/\(list)/expenses", token: tokens[index % members], json: [
                "description": "Expense \(index)", "amount": "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)",
            ])
        }
        var balances = Timings(), expensePage = Timings()
        for _ in 0..<20 {
            var start = ContinuousClock.now
            let response = try await client.send(.GET, "/api/v1/lists/\(list)/balances", token: tokens[2])
            precondition(response.status == .ok, "balances: \(response.status)")
            balances.record(ContinuousClock.now - start)
            start = ContinuousClock.now
            let page = try await app.client.get(URI(string: base + "/lists/\(list)/expenses"), headers: ["Cookie": cookies[1]])
            precondition(page.status == .ok, "expenses page: \(page.status)")
            expensePage.record(ContinuousClock.now - start)
        }
        let expenseSet = "one list, \(expenses) expenses × 6 parts, \(engine), 20 requests"
        table.add("Balances + settle-up plan (API), median / p90", String(format: "%.1f / %.1f ms", balances.percentile(0.5), balances.percentile(0.9)), dataSet: expenseSet)
        table.add("Expenses page (balances, plan, latest 50), median / p90", String(format: "%.0f / %.0f ms", expensePage.percentile(0.5), expensePage.percentile(0.9)), dataSet: expenseSet)
    }

    /// Signs in through the login form (the live socket is a page feature: session cookie only).
    static func webLogin(_ app: Application, base: String, email: String) async throws -> String {
        let form = try await app.client.get(URI(string: base + "/login"))
        let html = form.body.map { String(buffer: $0) } ?? ""
        guard let range = html.range(of: #"name="csrf" value=""#), let end = html[range.upperBound...].firstIndex(of: "\"") else {
            throw Abort(.internalServerError, reason: "no CSRF token on the login page")
        }
        let csrf = String(html[range.upperBound..<end])
        let session = form.headers[.setCookie].map { $0.split(separator: ";")[0] }.joined(separator: "; ")
        let response = try await app.client.post(URI(string: base + "/login"), headers: ["Cookie": session]) { request in
            try request.content.encode(["email": email, "password": "Sommer2025!", "csrf": csrf], as: .urlEncodedForm)
        }
        let cookie = response.headers[.setCookie].map { $0.split(separator: ";")[0] }.joined(separator: "; ")
        return cookie.isEmpty ? session : cookie
    }
}
