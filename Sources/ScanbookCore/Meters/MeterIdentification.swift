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

extension MeterIdentification {
    /// What one reference photo has in common with the new photo: features that a single
    /// perspective map agrees with (print, labels, serial number: the meter itself), the part of
    /// them the strongest other reference does not also explain, and the colour histograms (which
    /// only tell housings of different colours apart).
    public struct Evidence: Sendable, Equatable, Codable {
        public let matches: Int
        /// Matches the strongest other reference does not share: for two meters of one model,
        /// only their serial numbers and labels.
        public let distinctMatches: Int
        public let scores: Scores

        public init(matches: Int, distinctMatches: Int, scores: Scores) {
            self.matches = matches
            self.distinctMatches = distinctMatches
            self.scores = scores
        }
    }

    /// The references from most to least likely, and the one identified when the photo is clear.
    public struct Ranking: Sendable, Equatable {
        /// Indices of the references, most likely first.
        public let order: [Int]
        /// The identified reference; nil when the user must choose (the best guess is `order[0]`).
        public let best: Int?
        /// How far the first leads the second, 0…1: 1 − second's distinct matches / first's.
        public let certainty: Double
    }

    /// Ranks by the matches only one reference explains (then all matches, then colour). The first
    /// is identified only when at least `minimumMatches` features agree with it and the runner-up
    /// explains at most 1 − `minimumCertainty` as many on its own: a narrow lead means "ask",
    /// never a guess.
    public static func rank(_ evidence: [Evidence], minimumMatches: Int = 25, minimumCertainty: Double = 0.5) -> Ranking {
        let order = evidence.indices.sorted {
            (evidence[$0].distinctMatches, evidence[$0].matches, evidence[$0].scores.correlation)
                > (evidence[$1].distinctMatches, evidence[$1].matches, evidence[$1].scores.correlation)
        }
        guard let first = order.first else { return Ranking(order: [], best: nil, certainty: 0) }
        let top = evidence[first].distinctMatches
        let second = order.dropFirst().first.map { evidence[$0].distinctMatches } ?? 0
        let certainty = top > 0 ? 1 - Double(second) / Double(top) : 0
        if evidence[first].matches >= minimumMatches && certainty >= minimumCertainty {
            return Ranking(order: order, best: first, certainty: certainty)
        }
        // The first two share all their print (one model, two housings): colour may tell them
        // apart, but only when all four histogram comparisons agree and lead clearly.
        let colour = decide(evidence.map(\.scores))
        let featureless = evidence[first].matches < minimumMatches
        if order.count > 1, let pick = colour.best, colour.votes[pick] == 4, featureless || (order.prefix(2).contains(pick) && evidence[pick].matches >= minimumMatches) {
            return Ranking(order: [pick] + order.filter { $0 != pick }, best: pick, certainty: certainty)
        }
        return Ranking(order: order, best: nil, certainty: certainty)
    }
}
