/// When handwritten digits are unsure, picks for each region the reading (from each cell's top
/// candidates) that satisfies the form's sums, equalities and the roster, and is most probable
/// overall; it says which regions it read otherwise than their most likely reading.
public enum FormReadingChooser {
    /// One cell's candidates, most likely first: a digit, or nil for an empty cell.
    public struct CellCandidates: Equatable, Sendable {
        public let options: [(character: Character?, probability: Double)]

        public init(_ options: [(character: Character?, probability: Double)]) {
            self.options = options
        }

        public static func == (lhs: CellCandidates, rhs: CellCandidates) -> Bool {
            lhs.options.map(\.character) == rhs.options.map(\.character) && lhs.options.map(\.probability) == rhs.options.map(\.probability)
        }
    }

    public struct Reading: Equatable, Sendable {
        public let value: String
        /// Sum of the cells' log probabilities.
        public let logScore: Double
    }

    /// A region's `limit` most probable readings from its cells' candidates (best first).
    public static func readings(_ cells: [CellCandidates], limit: Int = 8) -> [Reading] {
        var partial: [(value: String, score: Double)] = [("", 0)]
        for cell in cells {
            var next: [(String, Double)] = []
            for prefix in partial {
                for option in cell.options.prefix(3) where option.probability > 0 {
                    next.append((prefix.value + (option.character.map { String($0) } ?? ""), prefix.score + log(option.probability)))
                }
            }
            partial = Array(next.sorted { $0.1 > $1.1 }.prefix(limit * 4))
        }
        // Two cell sequences may give one value ("1", empty vs empty, "1"): keep its best.
        var seen = Set<String>()
        return partial.sorted { $0.score > $1.score }.filter { seen.insert($0.value).inserted }.prefix(limit).map { Reading(value: $0.value, logScore: $0.score) }
    }

    public struct Choice: Equatable, Sendable {
        public let values: [String: String]
        /// Regions whose chosen reading is not their most likely one.
        public let changed: [String]
        /// Whether every link (and the roster, for student numbers) is satisfied.
        public let satisfied: Bool
    }

    /// `candidates`: each region's readings, best first; regions with one reading are fixed.
    /// `studentNumbers`: the region names whose value must be a roster number, and the numbers.
    public static func choose(
        _ candidates: [String: [Reading]], links: [FormLink], studentNumberRegions: [String] = [], roster: Set<String> = [], beam: Int = 4_000
    ) -> Choice {
        let top = candidates.compactMapValues { $0.first?.value }
        func satisfied(_ values: [String: String]) -> Bool {
            FormCheck.evaluate(links, values: values).allSatisfy(\.ok)
                && (roster.isEmpty || studentNumberRegions.allSatisfy { roster.contains(values[$0] ?? "") })
        }
        if satisfied(top) { return Choice(values: top, changed: [], satisfied: true) }
        // Only regions a link or the roster constrains are varied, in a fixed order.
        let constrained = Set(links.flatMap(\.regions) + (roster.isEmpty ? [] : studentNumberRegions))
        let varied = candidates.keys.filter { constrained.contains($0) && (candidates[$0]?.count ?? 0) > 1 }.sorted()
        var states: [(values: [String: String], score: Double)] = [(top, 0)]
        let bestScores = candidates.compactMapValues { $0.first?.logScore }
        for name in varied {
            guard let options = candidates[name] else { continue }
            var next: [([String: String], Double)] = []
            for state in states {
                for option in options {
                    var values = state.values
                    values[name] = option.value
                    next.append((values, state.score + option.logScore - (bestScores[name] ?? 0)))
                }
            }
            states = Array(next.sorted { $0.1 > $1.1 }.prefix(beam))
        }
        guard let best = states.filter({ satisfied($0.values) }).max(by: { $0.score < $1.score }) else {
            return Choice(values: top, changed: [], satisfied: false)
        }
        let changed = best.values.keys.filter { best.values[$0] != top[$0] }.sorted()
        return Choice(values: best.values, changed: changed, satisfied: true)
    }

    private static func log(_ value: Double) -> Double {
        value > 0 ? Double.logApprox(value) : -1e9
    }
}

extension Double {
    /// Natural logarithm without Foundation (Core has none): the mantissa in [1, 2) by the atanh
    /// series, plus the exponent times ln 2; accurate to ~1e-12, enough to rank readings.
    static func logApprox(_ x: Double) -> Double {
        var exponent = 0.0
        var mantissa = x
        while mantissa > 2 { mantissa /= 2; exponent += 1 }
        while mantissa < 1 { mantissa *= 2; exponent -= 1 }
        // ln(m) for m in [1, 2) by atanh series: ln(m) = 2 * atanh((m - 1) / (m + 1)).
        let y = (mantissa - 1) / (mantissa + 1), y2 = y * y
        var term = y, sum = 0.0
        var n = 1.0
        while n < 40 {
            sum += term / n
            term *= y2
            n += 2
        }
        return 2 * sum + exponent * 0.6931471805599453
    }
}
