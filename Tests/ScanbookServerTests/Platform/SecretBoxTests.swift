import Foundation
import Testing
@testable import ScanbookServer

@Suite struct SecretBoxTests {
    @Test func aSealedSecretOpensOnlyWithItsKeyAndNotWhenChanged() throws {
        let old = SecretBox.newKey(), new = SecretBox.newKey()
        let secret = Array("12345678901234567890".utf8)
        let sealedOld = try SecretBox(current: old).seal(secret)
        #expect(!sealedOld.contains("MTIzNDU2"), "no plain base64 of the secret")
        #expect(try SecretBox(current: old).open(sealedOld) == secret)
        // After rotation: the new key seals, the old one still opens what it sealed.
        let rotated = SecretBox(current: new, older: [old])
        #expect(try rotated.open(sealedOld) == secret && !rotated.isSealedWithCurrentKey(sealedOld))
        #expect(throws: SecretBox.Unopenable.self) { try SecretBox(current: new).open(sealedOld) }
        var bytes = Array(sealedOld.utf8)
        bytes[bytes.count - 3] = bytes[bytes.count - 3] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(throws: (any Error).self) { try SecretBox(current: old).open(String(decoding: bytes, as: UTF8.self)) }
    }

    @Test func theKeyComesFromTheEnvironmentAsBase64OfThirtyTwoBytes() throws {
        let key = Data(SecretBox.newKey()).base64EncodedString()
        #expect(try AppConfig.load(from: ["SCANBOOK_SECRET_KEY": key]).secretKey?.count == 32)
        #expect(throws: AppConfig.Invalid.self) { try AppConfig.load(from: ["SCANBOOK_SECRET_KEY": "short"]) }
    }
}
