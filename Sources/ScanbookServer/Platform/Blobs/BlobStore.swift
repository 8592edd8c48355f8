import Foundation

/// Where uploaded bytes live. Content-addressed: the key is the SHA-256 of the bytes, so storing the
/// same photo twice costs nothing and a stored file can be checked against its name.
protocol BlobStore: Sendable {
    /// Stores the bytes durably and returns their hex SHA-256.
    func put(_ bytes: [UInt8]) throws -> String
    func get(_ hash: String) throws -> [UInt8]
    func contains(_ hash: String) -> Bool
    /// Stored hashes last written (or re-stored) before `date`: candidates for the sweep.
    func hashes(storedBefore date: Date) throws -> [String]
    func remove(_ hash: String) throws
    /// Removes half-written files a crash left behind; returns how many.
    func removeTemporaryFiles(before date: Date) throws -> Int
}

enum BlobStoreError: Error, CustomStringConvertible {
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
}
