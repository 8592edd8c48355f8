import Testing
import ScanbookCore

@Suite struct PasswordPolicyTests {
    let policy = PasswordPolicy.standard

    @Test(arguments: ["Sommer2025", "sommer!Sonne", "ABCDEFG1", "pässwört#1", "correct horse Battery"])
    func acceptsPasswordsWithTwoClasses(_ password: String) {
        #expect(policy.violations(of: password) == [])
    }

    @Test(arguments: ["sommersonne", "12345678", "ABCDEFGH", "sommer sonne", "sommer!sonne"])
    func rejectsSingleClassPasswords(_ password: String) {
        #expect(policy.violations(of: password) == [.tooFewCharacterClasses(required: 2)])
    }

    @Test func rejectsShortPasswordEvenWithAllClasses() {
        #expect(policy.violations(of: "Ab1!") == [.tooShort(minimum: 8)])
    }

    @Test func reportsEveryViolation() {
        #expect(policy.violations(of: "abc") == [.tooShort(minimum: 8), .tooFewCharacterClasses(required: 2)])
    }

    @Test func countsCharactersNotBytes() {
        // Seven characters, but more than eight UTF-8 bytes: still too short.
        #expect(policy.violations(of: "Ääääää1").contains(.tooShort(minimum: 8)))
    }

    @Test func rejectsPasswordsBcryptWouldTruncate() {
        let long = String(repeating: "a", count: 70) + "B1!"
        #expect(policy.violations(of: long) == [.tooLong(maximumBytes: 72)])
    }

    @Test func classifiesCharacters() {
        #expect(policy.characterClasses(in: "aB3_") == [.upperCase, .digit, .special])
        #expect(policy.characterClasses(in: "abc def") == [.special], "a space is a special character")
        #expect(policy.characterClasses(in: "abcdéf") == [])
    }
}

@Suite struct EmailAddressTests {
    @Test func normalizesCaseAndWhitespace() throws {
        #expect(try EmailAddress("  Anna.Muster@Example.ORG ").value == "anna.muster@example.org")
        #expect(try EmailAddress("A@b.ch") == EmailAddress("a@B.CH"))
    }

    @Test(arguments: ["anna", "anna@", "@example.org", "anna@example", "an na@example.org", "a@b@c.de", "a@.de", "a@b..de"])
    func rejectsMalformed(_ raw: String) {
        #expect(throws: EmailAddress.Invalid.malformed) { try EmailAddress(raw) }
    }

    @Test func rejectsEmpty() {
        #expect(throws: EmailAddress.Invalid.empty) { try EmailAddress("   ") }
    }
}

@Suite struct LoginThrottleTests {
    let throttle = LoginThrottle(maximumFailures: 3, window: 100)

    @Test func allowsBelowTheLimit() {
        #expect(throttle.decision(failures: [10, 20], now: 30) == .allowed)
    }

    @Test func locksAtTheLimitUntilTheOldestCountedFailureExpires() {
        #expect(throttle.decision(failures: [10, 20, 30], now: 40) == .locked(retryAfter: 70))
    }

    @Test func ignoresFailuresOutsideTheWindow() {
        #expect(throttle.decision(failures: [0, 5, 150], now: 160) == .allowed)
    }

    @Test func unlocksAfterTheWindow() {
        #expect(throttle.decision(failures: [10, 20, 30], now: 111) == .allowed)
    }
}
