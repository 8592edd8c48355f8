import Crypto
import Foundation

/// The audit log's seal: HMAC-SHA256 with a key derived (HKDF) from the key that seals stored
/// secrets (`SCANBOOK_SECRET_KEY`, else the database's own). A chain recomputed by someone
/// without that key carries seals that do not verify. Keys of `SCANBOOK_SECRET_KEY_PREVIOUS`
/// still verify until `scanbook secrets rotate` reseals the log.
struct AuditSeal: Sendable {
    struct Key: Sendable {
        /// The root key's id (`SecretBox.id`): which key a seal was made with.
        let id: String
        let key: SymmetricKey
    }

    let current: Key
    let older: [Key]

    init(box: SecretBox) {
        current = Self.derive(box.current)
        older = box.older.map(Self.derive)
    }

    private static func derive(_ root: SymmetricKey) -> Key {
        let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: root, info: Data("scanbook audit log v1".utf8), outputByteCount: 32)
        return Key(id: SecretBox.id(of: root), key: key)
    }

    /// "<key id>:<hex of the HMAC>".
    func seal(_ text: String) -> String {
        Self.seal(text, with: current)
    }

    func verifies(_ seal: String, for text: String) -> Bool {
        guard let id = seal.split(separator: ":", maxSplits: 1).first.map(String.init),
              let key = ([current] + older).first(where: { $0.id == id }) else { return false }
        // Compared in constant time: HMAC's own check.
        let hex = seal.dropFirst(id.count + 1)
        guard let mac = Self.bytes(hex: hex) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Data(text.utf8), using: key.key)
    }

    func isCurrent(_ seal: String) -> Bool { seal.hasPrefix(current.id + ":") }

    private static func seal(_ text: String, with key: Key) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key.key)
        return key.id + ":" + mac.map { String(format: "%02x", $0) }.joined()
    }

    private static func bytes(hex: Substring) -> [UInt8]? {
        guard hex.count == 64 else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
