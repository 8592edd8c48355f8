/// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), the second factor that signs a
/// payment to a new beneficiary. The HMAC comes from the caller (swift-crypto in the server), so
/// Core stays free of native code.
public struct TOTP: Sendable {
    public typealias HMAC = @Sendable (_ key: [UInt8], _ message: [UInt8]) -> [UInt8]

    public let secret: [UInt8]
    public let digits: Int
    public let period: Int64
    private let hmac: HMAC

    public init(secret: [UInt8], digits: Int = 6, period: Int64 = 30, hmac: @escaping HMAC) {
        self.secret = secret
        self.digits = min(max(digits, 6), 10)
        self.period = max(1, period)
        self.hmac = hmac
    }

    /// The time step a moment (seconds since 1970) falls in.
    public func counter(at unixSeconds: Int64) -> Int64 {
        unixSeconds >= 0 ? unixSeconds / period : 0
    }

    public func code(at unixSeconds: Int64) -> String {
        code(counter: counter(at: unixSeconds))
    }

    /// RFC 4226: HMAC of the big-endian counter, dynamic truncation, the last `digits` decimals.
    public func code(counter: Int64) -> String {
        let message = (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: counter) >> (56 - 8 * UInt64($0))) }
        let mac = hmac(secret, message)
        guard let last = mac.last, mac.count >= 20 else { return "" }
        let offset = Int(last & 0x0F)
        let binary = (Int(mac[offset] & 0x7F) << 24) | (Int(mac[offset + 1]) << 16) | (Int(mac[offset + 2]) << 8) | Int(mac[offset + 3])
        var modulus = 1
        for _ in 0..<digits { modulus *= 10 }
        let value = String(binary % modulus)
        return String(repeating: "0", count: digits - value.count) + value
    }

    /// The time step whose code `typed` is, within `window` steps of now and after the last step
    /// used (so a code works once); nil otherwise. Spaces in the code are ignored.
    public func matchingCounter(_ typed: String, at unixSeconds: Int64, window: Int64 = 1, after lastUsed: Int64? = nil) -> Int64? {
        let code = typed.filter { !$0.isWhitespace }
        guard code.count == digits, code.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let now = counter(at: unixSeconds)
        for step in (now - window)...(now + window) where step >= 0 && step > (lastUsed ?? -1) {
            if constantTimeEqual(self.code(counter: step), code) { return step }
        }
        return nil
    }

    /// The `otpauth://` address authenticator apps read from a QR code.
    public func provisioningURI(account: String, issuer: String) -> String {
        func escaped(_ text: String) -> String {
            text.utf8.map { byte in
                let character = Character(UnicodeScalar(byte))
                return character.isASCII && (character.isLetter || character.isNumber || "-._~".contains(character)) ? String(character) : "%" + hex(byte)
            }.joined()
        }
        return "otpauth://totp/\(escaped(issuer)):\(escaped(account))?secret=\(Base32.encode(secret))&issuer=\(escaped(issuer))&digits=\(digits)&period=\(period)"
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    private func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// RFC 4648 base32 without padding, the form authenticator apps take secrets in.
public enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")

    public static func encode(_ bytes: [UInt8]) -> String {
        var result = "", buffer = 0, bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                result.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { result.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return result
    }

    public static func decode(_ text: String) -> [UInt8]? {
        var result: [UInt8] = [], buffer = 0, bits = 0
        for character in text.uppercased() where character != "=" && !character.isWhitespace {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = ((buffer << 5) | value) & 0xFFFF
            bits += 5
            if bits >= 8 {
                result.append(UInt8((buffer >> (bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return result
    }
}
