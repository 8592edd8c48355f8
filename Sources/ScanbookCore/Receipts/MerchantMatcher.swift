/// Finds the user's known merchant that a name read from a receipt means, so "MIGROS  ZÜRICH HB"
/// and "Migros Zurich HB" become one record instead of two.
public struct MerchantMatcher: Sendable {
    /// Similarity (0–1) from which two names count as the same merchant.
    public var threshold: Double

    public init(threshold: Double = 0.8) {
        self.threshold = threshold
    }

    /// The known name closest to `name`, if close enough; ties go to the earlier name.
    public func closest(to name: String, among known: [String]) -> String? {
        let key = Self.key(name)
        guard !key.isEmpty else { return nil }
        var best: (name: String, score: Double)?
        for candidate in known {
            let score = Self.similarity(key, Self.key(candidate))
            if score >= threshold, score > (best?.score ?? 0) { best = (candidate, score) }
        }
        return best?.name
    }

    /// Compared characters: a shop name is far shorter, and the edit distance is quadratic (a
    /// 10,000-character line took seconds).
    static let maximumKeyLength = 100

    /// Letters and digits only, upper-cased, accents folded ("Zürich" ~ "ZURICH").
    static func key(_ name: String) -> [Character] {
        Array(MerchantGuess.normalizedKey(name.folded()).prefix(maximumKeyLength))
    }

    /// 1 − edit distance / longer length; a name that starts with the other (a branch suffix such
    /// as "COOP" vs "COOP CITY BERN") scores at least 0.85 when the shorter has ≥ 4 characters.
    static func similarity(_ a: [Character], _ b: [Character]) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        let longer = max(a.count, b.count)
        let ratio = 1 - Double(editDistance(a, b)) / Double(longer)
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        if short.count >= 4, long.starts(with: short) { return max(ratio, 0.85) }
        return ratio
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension String {
    /// German and French accents to plain letters, for comparing names read by OCR.
    func folded() -> String {
        let map: [Character: String] = [
            "ä": "a", "ö": "o", "ü": "u", "Ä": "A", "Ö": "O", "Ü": "U", "ß": "ss", "é": "e", "è": "e", "ê": "e",
            "É": "E", "à": "a", "â": "a", "ç": "c", "ô": "o", "î": "i", "ï": "i", "ë": "e",
        ]
        return String(flatMap { map[$0] ?? String($0) })
    }
}
