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
