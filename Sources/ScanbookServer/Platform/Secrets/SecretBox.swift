import Crypto
import Foundation

/// Seals secrets kept in the database (authenticator seeds) with AES-GCM, so a copy of the
/// database alone reveals none. A sealed value names its key, so secrets sealed with an older
/// key still open while `scanbook secrets rotate` moves them to the current one.
struct SecretBox: Sendable {
    struct Unopenable: Error, CustomStringConvertible {
        let description: String
    }

    let current: SymmetricKey
    let older: [SymmetricKey]

    init(current: [UInt8], older: [[UInt8]] = []) {
        self.current = SymmetricKey(data: current)
        self.older = older.map { SymmetricKey(data: $0) }
    }

    /// "v1.<key id>.<base64 of nonce, ciphertext and tag>".
    func seal(_ plaintext: [UInt8]) throws -> String {
        let box = try AES.GCM.seal(plaintext, using: current)
        guard let combined = box.combined else { throw Unopenable(description: "AES-GCM gave no combined form") }
        return "v1.\(Self.id(of: current)).\(combined.base64EncodedString())"
    }

    func open(_ sealed: String) throws -> [UInt8] {
        let parts = sealed.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "v1", let data = Data(base64Encoded: String(parts[2])) else {
            throw Unopenable(description: "not a sealed secret")
        }
        guard let key = ([current] + older).first(where: { Self.id(of: $0) == parts[1] }) else {
            throw Unopenable(description: "sealed with key \(parts[1]), which this server does not have (SCANBOOK_SECRET_KEY_PREVIOUS?)")
        }
        return Array(try AES.GCM.open(try AES.GCM.SealedBox(combined: data), using: key))
    }

    func isSealedWithCurrentKey(_ sealed: String) -> Bool {
        sealed.hasPrefix("v1.\(Self.id(of: current)).")
    }

    /// The first eight hex digits of the key's SHA-256: names a key without revealing it.
    static func id(of key: SymmetricKey) -> String {
        let digest = key.withUnsafeBytes { SHA256.hash(data: Data($0)) }
        return digest.prefix(4).map { String(format: "%02x", $0) }.joined()
    }

    static func newKey() -> [UInt8] {
        SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
    }
}
