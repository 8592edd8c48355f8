/// Which mark a person's locale writes between whole part and decimals. It decides only the one
/// ambiguous case, a single separator followed by exactly three digits ("1.234", "12,345").
public enum DecimalMark: Sendable, Equatable {
    /// de, fr, it: "1.234" is one thousand two hundred thirty-four, "12,345" is twelve point three four five.
    case comma
    /// en: "1.234" is one point two three four, "12,345" is twelve thousand three hundred forty-five.
    case point

    /// German, French and Italian pages write a decimal comma; everything else a point.
    public init(locale: String) {
        let language = locale.split(separator: "-").first.map(String.init) ?? locale
        self = ["de", "fr", "it"].contains(language.lowercased()) ? .comma : .point
    }
}

/// A decimal number as a person types it, the one rule for every number field: "1,5" and "1.5",
/// "1'234.50" and "1.234,50", "1 234,50". Apostrophes and spaces only ever group thousands; with
/// both "." and "," the last one is the decimal mark; a separator that repeats groups thousands;
/// a single separator with three digits after it is read by the locale (`DecimalMark`).
/// The value is `units` × 10^-`decimals`, never a float.
public struct TypedNumber: Sendable, Equatable {
    /// The digits without any separator, as an integer ("1234.50" → 123450).
    public let units: Int
    /// How many of those digits are decimals ("1234.50" → 2).
    public let decimals: Int

    /// At most this many digits in all: beyond it, a typing slip is likelier than a value.
    public static let maximumDigits = 15

    public init?(_ text: String, mark: DecimalMark) {
        guard text.utf8.count <= 64 else { return nil }
        var characters = Array(text.trimmingWhitespace())
        var negative = false
        if characters.first == "-" || characters.first == "\u{2212}" {
            negative = true
            characters.removeFirst()
        }
        // Thousands only: Swiss apostrophes (straight or typographic) and spaces (also no-break and thin).
        let grouping: Set<Character> = ["'", "\u{2019}", " ", "\u{00A0}", "\u{202F}", "\u{2009}"]
        var groupMarks: [Int] = []
        var digitsOnly: [Character] = []
        var separators: [(character: Character, position: Int)] = []
        for character in characters {
            if character.isASCII && character.isNumber {
                digitsOnly.append(character)
            } else if character == "." || character == "," {
                separators.append((character, digitsOnly.count))
            } else if grouping.contains(character) {
                groupMarks.append(digitsOnly.count)
            } else {
                return nil
            }
        }
        guard !digitsOnly.isEmpty, digitsOnly.count <= Self.maximumDigits else { return nil }
        let decimalPosition: Int?
        switch Set(separators.map(\.character)).count {
        case 0:
            decimalPosition = nil
        case 1 where separators.count > 1:
            // "1.234.567": repeated, so grouping.
            decimalPosition = nil
        case 1:
            let separator = separators[0]
            let after = digitsOnly.count - separator.position
            let headLooksGrouped = separator.position >= 1 && separator.position <= 3 && digitsOnly.first != "0"
            if after == 3 && headLooksGrouped && groupMarks.isEmpty {
                decimalPosition = (separator.character == "," ? DecimalMark.comma : .point) == mark ? separator.position : nil
            } else {
                decimalPosition = separator.position
            }
        default:
            // Both: the last is the decimal mark, and it may appear only once.
            guard let last = separators.last, separators.filter({ $0.character == last.character }).count == 1 else { return nil }
            decimalPosition = last.position
        }
        // Grouped parts have three digits each, after a head of one to three.
        let groupPositions = separators.map(\.position).filter { $0 != decimalPosition } + groupMarks
        let wholeCount = decimalPosition ?? digitsOnly.count
        for position in groupPositions {
            guard position < wholeCount, (wholeCount - position) % 3 == 0, position > 0 else { return nil }
        }
        if let first = groupPositions.min(), first > 3 { return nil }
        if let decimalPosition, decimalPosition == digitsOnly.count { return nil }  // "12." has no decimals
        guard let magnitude = Int(String(digitsOnly)) else { return nil }
        units = negative ? -magnitude : magnitude
        decimals = decimalPosition.map { digitsOnly.count - $0 } ?? 0
    }

    /// The value in steps of 10^-`scale` ("1.5" at scale 2 → 150); nil when it has more decimals.
    public func scaled(to scale: Int) -> Int? {
        guard scale >= decimals, let factor = Int.powerOfTen(scale - decimals) else { return nil }
        return units.multiplied(checked: factor)
    }

    /// Plain, with a point: "1234.50", "-3", as the page says it was read.
    public var plain: String {
        let digits = String(units.magnitude)
        let sign = units < 0 ? "-" : ""
        guard decimals > 0 else { return sign + digits }
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        return sign + padded.dropLast(decimals) + "." + padded.suffix(decimals)
    }
}
