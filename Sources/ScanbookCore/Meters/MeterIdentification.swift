/// Which of the user's meters a photo shows, from the four histogram comparisons of the photo with
/// each meter's reference photo. Every method votes for its best reference; the reference with
/// most votes wins if it has at least `minimumVotes` and leads the correlation clearly; otherwise
/// the answer is "uncertain" and the page asks the user.
public enum MeterIdentification {
    public struct Scores: Sendable, Equatable, Codable {
        public let correlation: Double
        public let chiSquare: Double
        public let intersection: Double
        public let bhattacharyya: Double

        public init(correlation: Double, chiSquare: Double, intersection: Double, bhattacharyya: Double) {
            self.correlation = correlation
            self.chiSquare = chiSquare
            self.intersection = intersection
            self.bhattacharyya = bhattacharyya
        }
    }

    public struct Decision: Sendable, Equatable, Codable {
        /// Index of the identified reference; nil when uncertain.
        public let best: Int?
        /// Votes per reference (one per method).
        public let votes: [Int]
    }

    /// The winner must lead the runner-up's correlation by `minimumCorrelationLead` and by
    /// `minimumRelativeLead` of its own correlation: 0.63 against 0.60 is two look-alike meters.
    public static func decide(
        _ scores: [Scores], minimumVotes: Int = 3, minimumCorrelationLead: Double = 0.02, minimumRelativeLead: Double = 0.15
    ) -> Decision {
        guard !scores.isEmpty else { return Decision(best: nil, votes: []) }
        var votes = [Int](repeating: 0, count: scores.count)
        let indices = scores.indices
        votes[indices.max { scores[$0].correlation < scores[$1].correlation }!] += 1
        votes[indices.min { scores[$0].chiSquare < scores[$1].chiSquare }!] += 1
        votes[indices.max { scores[$0].intersection < scores[$1].intersection }!] += 1
        votes[indices.min { scores[$0].bhattacharyya < scores[$1].bhattacharyya }!] += 1
        let top = votes.max()!
        let leaders = indices.filter { votes[$0] == top }
        guard leaders.count == 1, top >= min(minimumVotes, 4) else { return Decision(best: nil, votes: votes) }
        let winner = leaders[0]
        if scores.count > 1 {
            let runnerUp = indices.filter { $0 != winner }.map { scores[$0].correlation }.max()!
            let lead = scores[winner].correlation - runnerUp
            guard lead >= minimumCorrelationLead, lead >= minimumRelativeLead * scores[winner].correlation else { return Decision(best: nil, votes: votes) }
        }
        return Decision(best: winner, votes: votes)
    }
}
