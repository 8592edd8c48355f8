import Foundation
import Testing

/// The databases every server test runs against: SQLite always, PostgreSQL when CI (or a developer)
/// sets TEST_POSTGRES_URL.
enum TestDatabase: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static var available: [TestDatabase] {
        postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    var testDescription: String { rawValue }
}
