/// What a region's value must look like, by type, after reading: digits only for numbers (letters
/// OCR and handwriting put for digits mapped back), grades 1.0–6.0 in the user's steps.
public enum FormValueRules {
    /// Letters that stand for digits in handwriting and print.
    static let digitLookalikes: [Character: Character] = [
        "O": "0", "o": "0", "D": "0", "Q": "0", "I": "1", "l": "1", "|": "1", "i": "1", "Z": "2", "z": "2",
        "S": "5", "s": "5", "B": "8", "G": "6", "b": "6", "g": "9", "q": "9",
    ]

    public enum Outcome: Equatable, Sendable {
        /// The value as stored ("" for an empty region).
        case value(String)
        case invalid(String)
    }

    /// `gradeStep`: the grades allowed, in tenths (5 = steps of 0.5; 1 = any tenth).
    public static func normalize(_ raw: String, type: FormRegionType, gradeStep: Int = 5) -> Outcome {
        let text = raw.trimmingWhitespace()
        guard !text.isEmpty else { return .value("") }
        switch type {
        case .studentNumber, .points:
            let mapped = text.filter { !$0.isWhitespace }.map { digitLookalikes[$0] ?? $0 }
            guard mapped.allSatisfy({ $0.isASCII && $0.isNumber }), mapped.count <= 20 else { return .invalid("digits only") }
            let digits = String(mapped)
            // Points keep no leading zeros ("07" → "7"); a student number keeps them.
            return .value(type == .points ? String(digits.drop { $0 == "0" }).ifEmpty("0") : digits)
        case .grade:
            guard let tenths = gradeTenths(text) else { return .invalid("a grade such as 4.5") }
            guard (GradeScale.lowestGrade...GradeScale.highestGrade).contains(tenths) else { return .invalid("grades run from 1.0 to 6.0") }
            guard gradeStep > 0, (tenths - GradeScale.lowestGrade) % gradeStep == 0 else { return .invalid("grades come in steps of \(formatGrade(gradeStep))") }
            return .value(formatGrade(tenths))
        case .name, .seminarGroup, .unknown:
            return .value(String(text.prefix(200)))
        }
    }

    /// "4.5", "4,5", "45" (a comb of two cells without the point), "4" → tenths.
    public static func gradeTenths(_ text: String) -> Int? {
        let mapped = String(text.filter { !$0.isWhitespace }.map { digitLookalikes[$0] ?? $0 })
        let parts = mapped.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "," }
        // Grades are at most two digits before the point ("45" from a comb of two cells); longer
        // text is no grade, and never reaches arithmetic that could overflow.
        guard parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), let first = parts.first, first.count <= 2 else { return nil }
        switch parts.count {
        case 1:
            guard let whole = Int(parts[0]) else { return nil }
            return parts[0].count == 2 ? whole : whole * 10
        case 2:
            guard let whole = Int(parts[0]), parts[1].count == 1, let tenth = Int(parts[1]) else { return nil }
            return whole * 10 + tenth
        default:
            return nil
        }
    }

    public static func formatGrade(_ tenths: Int) -> String {
        "\(tenths / 10).\(tenths % 10)"
    }
}

extension String {
    func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
