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

    /// Probability given to a digit no candidate of its cell names (the network's third choice or lower).
    public static let unlistedDigit = 0.002

    /// The roster's numbers as readings of a comb, each scored by the cells' candidates (a digit
    /// no candidate names scores `unlistedDigit`); only numbers of the comb's length with at most
    /// `maximumMisses` such digits. A student number written unclearly is then read as the
    /// roster's closest number when the handwriting allows it.
    public static func rosterReadings(_ cells: [CellCandidates], numbers: [String], maximumMisses: Int = 2) -> [Reading] {
        numbers.compactMap { number in
            let digits = Array(number)
            guard digits.count == cells.count else { return nil }
            var score = 0.0, misses = 0
            for (cell, digit) in zip(cells, digits) {
                if let option = cell.options.first(where: { $0.character == digit }), option.probability > 0 {
                    score += log(option.probability)
                } else {
                    misses += 1
                    score += log(unlistedDigit)
                }
            }
            return misses <= maximumMisses ? Reading(value: number, logScore: score) : nil
        }
    }

    /// `base` with `extra` merged in, best first, each value once.
    public static func merged(_ base: [Reading], _ extra: [Reading]) -> [Reading] {
        var seen = Set<String>()
        return (base + extra).sorted { $0.logScore > $1.logScore }.filter { seen.insert($0.value).inserted }
    }

    public struct Choice: Equatable, Sendable {
        public let values: [String: String]
        /// Regions whose chosen reading is not their most likely one.
        public let changed: [String]
        /// Whether every link (and the roster, for student numbers) is satisfied.
        public let satisfied: Bool
    }

    /// `candidates`: each region's readings, best first. First each student number takes its
    /// most probable reading on the roster (`studentNumberRegions`, `roster`), if it has one; then
    /// the regions the links name take the most probable combination that satisfies every link,
    /// unless that costs more than `maximumPenalty` (natural log of the probability given up):
    /// an improbable "fix" is worse than a failed link the review shows in red.
    public static func choose(
        _ candidates: [String: [Reading]], links: [FormLink], studentNumberRegions: [String] = [], roster: Set<String> = [],
        beam: Int = 4_000, maximumPenalty: Double = 7
    ) -> Choice {
        var options = candidates
        var changed: [String] = []
        var rosterHolds = true
        if !roster.isEmpty {
            for name in studentNumberRegions {
                guard let readings = candidates[name], let top = readings.first else { continue }
                if let onRoster = readings.first(where: { roster.contains($0.value) }) {
                    options[name] = [onRoster]
                    if onRoster.value != top.value { changed.append(name) }
                } else {
                    options[name] = [top]
                    rosterHolds = false
                }
            }
        }
        let top = options.compactMapValues { $0.first?.value }
        let holds = { (values: [String: String]) in FormCheck.evaluate(links, values: values).allSatisfy(\.ok) }
        if holds(top) { return Choice(values: top, changed: changed.sorted(), satisfied: rosterHolds) }
        let bestScores = options.compactMapValues { $0.first?.logScore }
        let varied = Set(links.flatMap(\.regions)).filter { (options[$0]?.count ?? 0) > 1 }.sorted()
        var states: [(values: [String: String], score: Double)] = [(top, 0)]
        for name in varied {
            guard let readings = options[name] else { continue }
            var next: [([String: String], Double)] = []
            for state in states {
                for reading in readings {
                    let score = state.score + reading.logScore - (bestScores[name] ?? 0)
                    guard score >= -maximumPenalty else { continue }
                    var values = state.values
                    values[name] = reading.value
                    next.append((values, score))
                }
            }
            states = Array(next.sorted { $0.1 > $1.1 }.prefix(beam))
        }
        guard let best = states.filter({ holds($0.values) }).max(by: { $0.score < $1.score }) else {
            return Choice(values: top, changed: changed.sorted(), satisfied: false)
        }
        let linkChanges = best.values.keys.filter { best.values[$0] != top[$0] }
        return Choice(values: best.values, changed: (changed + linkChanges).sorted(), satisfied: rosterHolds)
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
