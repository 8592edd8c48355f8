/// Chooses the paid total among a receipt's amounts (`TotalCandidate`) by a conditional logit: each
/// candidate's score is the weighted sum of its features, the scores become probabilities over the
/// receipt's candidates and "none of them" (score 0: OCR may not have read the total anywhere, and
/// a lone weak amount must not look certain), and an amount printed on several lines gets the sum
/// of theirs.
///
/// The weights are data (`Resources/total-model.txt`), trained by `Tools/total-model/train.py` on
/// half of `sroie-dev` and reported on the other half; see docs/benchmarks.md.
public struct TotalModel: Sendable, Equatable {
    public var weights: [String: Float]

    public init(weights: [String: Float]) {
        self.weights = weights
    }

    /// The model shipped with Scanbook.
    public static let standard: TotalModel = (try? TotalModel(text: String(decoding: PackageResources.total_model_txt, as: UTF8.self)))
        ?? TotalModel(weights: [:])

    public struct FormatError: Error, Equatable {
        public var line: Int
    }

    /// One `name weight` per line; `#` starts a comment.
    public init(text: String) throws {
        var weights: [String: Float] = [:]
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !parts.isEmpty else { continue }
            guard parts.count == 2, let weight = Float(parts[1]), weight.isFinite else { throw FormatError(line: number + 1) }
            weights[String(parts[0])] = weight
        }
        self.weights = weights
    }

    /// Summed in the names' order, so equal candidates score exactly alike.
    public func score(_ candidate: TotalCandidate) -> Float {
        candidate.features.keys.sorted().reduce(0) { $0 + (weights[$1] ?? 0) * (candidate.features[$1] ?? 0) }
    }

    public struct Choice: Equatable, Sendable {
        public var amount: Amount
        /// The line of its best-scored copy.
        public var line: Int
        /// 0–1, its share of the probability (the rest: other amounts, or none of them).
        public var probability: Double
    }

    /// The receipt's distinct amounts, most probable first.
    public func ranked(_ candidates: [TotalCandidate]) -> [Choice] {
        let scores = candidates.map(score)
        let probabilities = Softmax.probabilities(scores + [0])
        var byValue: [Int: (choice: Choice, best: Float)] = [:]
        for (index, candidate) in candidates.enumerated() {
            let value = candidate.amount.hundredths, probability = Double(probabilities[index])
            if var entry = byValue[value] {
                entry.choice.probability += probability
                if scores[index] > entry.best { (entry.choice.amount, entry.choice.line, entry.best) = (candidate.amount, candidate.line, scores[index]) }
                byValue[value] = entry
            } else {
                byValue[value] = (Choice(amount: candidate.amount, line: candidate.line, probability: probability), scores[index])
            }
        }
        return byValue.values.map(\.choice).sorted { ($0.probability, $1.line) > ($1.probability, $0.line) }
    }
}
