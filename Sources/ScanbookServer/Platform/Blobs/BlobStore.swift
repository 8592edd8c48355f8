import Crypto
import Foundation
import Vapor

/// Where uploaded bytes live. Content-addressed: the key is the SHA-256 of the bytes, so storing the
/// same photo twice costs nothing and a stored blob can be checked against its name. Two stores:
/// files under the data folder (the default with SQLite) and chunks in the database (the default
/// with PostgreSQL, so instances on different machines share every photo); `SCANBOOK_BLOB_STORE`
/// chooses, `scanbook blobs migrate` moves blobs between them.
protocol BlobStore: Sendable {
    /// Stores the bytes durably and returns their hex SHA-256.
    func put(_ bytes: [UInt8]) async throws -> String
    /// Throws `BlobStoreError.missing` for a hash that is not stored.
    func get(_ hash: String) async throws -> [UInt8]
    func contains(_ hash: String) async throws -> Bool
    /// Stored hashes last written (or re-stored) before `date`: candidates for the sweep.
    func hashes(storedBefore date: Date) async throws -> [String]
    func remove(_ hash: String) async throws
    /// Removes what an interrupted write left behind; returns how many pieces.
    func removeLeftovers(before date: Date) async throws -> Int
}

enum BlobHash {
    static func of(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// Lowercase hex SHA-256: anything else is refused before it reaches a path or a query.
    static func isValid(_ hash: String) -> Bool {
        hash.utf8.count == 64 && hash.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

enum BlobStoreError: AbortError, CustomStringConvertible {
    case invalidHash(String)
    case missing(String)
    case io(String)

    var description: String {
        switch self {
        case .invalidHash(let hash): "Not a blob hash: \(hash)"
        case .missing(let hash): "The stored file \(hash) is missing"
        case .io(let message): "The blob store could not write: \(message)"
        }
    }

    /// A missing or misnamed blob is a 404 like any other missing file; a failed write is ours.
    var status: HTTPResponseStatus {
        switch self {
        case .invalidHash, .missing: .notFound
        case .io: .internalServerError
        }
    }

    var reason: String { description }
}
