/// The account password rule: long enough, and mixing at least two kinds of character
/// so that a dictionary word alone never passes.
public struct PasswordPolicy: Sendable {
    public var minimumLength: Int
    public var requiredCharacterClasses: Int
    /// Bcrypt only reads the first 72 bytes; a longer password would silently lose its tail.
    public var maximumUTF8Bytes: Int

    public static let standard = PasswordPolicy(minimumLength: 8, requiredCharacterClasses: 2, maximumUTF8Bytes: 72)

    public init(minimumLength: Int, requiredCharacterClasses: Int, maximumUTF8Bytes: Int) {
        self.minimumLength = minimumLength
        self.requiredCharacterClasses = requiredCharacterClasses
        self.maximumUTF8Bytes = maximumUTF8Bytes
    }

    public enum CharacterClass: String, CaseIterable, Sendable {
        case special, upperCase, digit
    }

    public enum Violation: Equatable, Sendable {
        case tooShort(minimum: Int)
        case tooLong(maximumBytes: Int)
        case tooFewCharacterClasses(required: Int)

        /// Key into the localized message catalogue (`password.tooShort` …).
        public var messageKey: String {
            switch self {
            case .tooShort: "password_tooShort"
            case .tooLong: "password_tooLong"
            case .tooFewCharacterClasses: "password_tooFewClasses"
            }
        }

        public var englishMessage: String {
            switch self {
            case .tooShort(let minimum): "The password must have at least \(minimum) characters."
            case .tooLong(let maximum): "The password must not be longer than \(maximum) bytes."
            case .tooFewCharacterClasses(let required):
                "The password needs at least \(required) of: a special character, an upper-case letter, a digit."
            }
        }
    }

    public func characterClasses(in password: String) -> Set<CharacterClass> {
        var classes = Set<CharacterClass>()
        for character in password {
            if character.isNumber, character.isASCII {
                classes.insert(.digit)
            } else if character.isUppercase {
                classes.insert(.upperCase)
            } else if !character.isLetter, !character.isNumber {
                // Spaces count too: pass phrases are welcome.
                classes.insert(.special)
            }
        }
        return classes
    }

    /// Every rule the password breaks; empty when it is acceptable.
    public func violations(of password: String) -> [Violation] {
        var violations: [Violation] = []
        if password.count < minimumLength { violations.append(.tooShort(minimum: minimumLength)) }
        if password.utf8.count > maximumUTF8Bytes { violations.append(.tooLong(maximumBytes: maximumUTF8Bytes)) }
        if characterClasses(in: password).count < requiredCharacterClasses {
            violations.append(.tooFewCharacterClasses(required: requiredCharacterClasses))
        }
        return violations
    }
}
