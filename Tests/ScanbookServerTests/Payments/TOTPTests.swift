import Crypto
import ScanbookCore
import Testing

/// RFC 4226 and RFC 6238 test vectors through Core's TOTP with swift-crypto's HMAC.
@Suite struct TOTPTests {
    static func sha1(_ key: [UInt8], _ message: [UInt8]) -> [UInt8] { Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: key))) }
    static func sha256(_ key: [UInt8], _ message: [UInt8]) -> [UInt8] { Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key))) }
    static func sha512(_ key: [UInt8], _ message: [UInt8]) -> [UInt8] { Array(HMAC<SHA512>.authenticationCode(for: message, using: SymmetricKey(data: key))) }

    static let secret20 = Array("12345678901234567890".utf8)

    @Test func hotpMatchesRFC4226() {
        let totp = TOTP(secret: Self.secret20, digits: 6, hmac: Self.sha1)
        let expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"]
        #expect((0..<10).map { totp.code(counter: Int64($0)) } == expected)
    }

    @Test(arguments: [
        (Int64(59), "94287082", "46119246", "90693936"),
        (1_111_111_109, "07081804", "68084774", "25091201"),
        (1_111_111_111, "14050471", "67062674", "99943326"),
        (1_234_567_890, "89005924", "91819424", "93441116"),
        (2_000_000_000, "69279037", "90698825", "38618901"),
        (20_000_000_000, "65353130", "77737706", "47863826"),
    ])
    func totpMatchesRFC6238(time: Int64, sha1: String, sha256: String, sha512: String) {
        #expect(TOTP(secret: Self.secret20, digits: 8, hmac: Self.sha1).code(at: time) == sha1)
        #expect(TOTP(secret: Array("12345678901234567890123456789012".utf8), digits: 8, hmac: Self.sha256).code(at: time) == sha256)
        let secret64 = Array((String(repeating: "1234567890", count: 6) + "1234").utf8)
        #expect(TOTP(secret: secret64, digits: 8, hmac: Self.sha512).code(at: time) == sha512)
    }

    @Test func aCodeWorksOnceWithinOneStepOfNow() {
        let totp = TOTP(secret: Self.secret20, hmac: Self.sha1)
        let now: Int64 = 1_764_000_000
        let code = totp.code(at: now)
        let used = totp.matchingCounter(code, at: now + 25)
        #expect(used == totp.counter(at: now))
        #expect(totp.matchingCounter(code, at: now + 25, after: used) == nil, "single use")
        #expect(totp.matchingCounter(code, at: now + 95) == nil, "too late")
        #expect(totp.matchingCounter("12345", at: now) == nil && totp.matchingCounter("abcdef", at: now) == nil)
        #expect(totp.matchingCounter(String(code.prefix(3)) + " " + String(code.suffix(3)), at: now) != nil, "spaces are fine")
    }

    @Test func secretsTravelAsBase32() {
        #expect(Base32.encode(Array("12345678901234567890".utf8)) == "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
        #expect(Base32.decode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ") == Self.secret20)
        #expect(Base32.decode("not base32!") == nil)
        let uri = TOTP(secret: Self.secret20, hmac: Self.sha1).provisioningURI(account: "anna@example.org", issuer: "Scanbook")
        #expect(uri == "otpauth://totp/Scanbook:anna%40example.org?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Scanbook&digits=6&period=30")
    }
}
