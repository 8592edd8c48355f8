import Testing
import ScanbookCore

@Suite struct MeterIdentificationTests {
    typealias Scores = MeterIdentification.Scores

    @Test func theReferenceBestInMostMethodsWins() {
        let scores = [
            Scores(correlation: 0.31, chiSquare: 40, intersection: 3.1, bhattacharyya: 0.62),
            Scores(correlation: 0.92, chiSquare: 4, intersection: 9.5, bhattacharyya: 0.21),
            Scores(correlation: 0.40, chiSquare: 3.5, intersection: 4.0, bhattacharyya: 0.55),
        ]
        let decision = MeterIdentification.decide(scores)
        #expect(decision.best == 1)
        #expect(decision.votes == [0, 3, 1])
    }

    @Test func tiesAndWeakWinsAreUncertain() {
        let split = [
            Scores(correlation: 0.80, chiSquare: 9, intersection: 7, bhattacharyya: 0.3),
            Scores(correlation: 0.70, chiSquare: 5, intersection: 8, bhattacharyya: 0.4),
        ]
        #expect(MeterIdentification.decide(split).best == nil, "two votes each")
        let close = [
            Scores(correlation: 0.81, chiSquare: 5, intersection: 8, bhattacharyya: 0.3),
            Scores(correlation: 0.80, chiSquare: 6, intersection: 7, bhattacharyya: 0.4),
        ]
        #expect(MeterIdentification.decide(close).best == nil, "all votes but no clear lead")
        let lookAlikes = [
            Scores(correlation: 0.63, chiSquare: 5, intersection: 8, bhattacharyya: 0.3),
            Scores(correlation: 0.55, chiSquare: 6, intersection: 7, bhattacharyya: 0.4),
        ]
        #expect(MeterIdentification.decide(lookAlikes).best == nil, "a lead of 0.08 is less than 15 % of 0.63")
        #expect(MeterIdentification.decide(lookAlikes, minimumRelativeLead: 0.1).best == 0)
        #expect(MeterIdentification.decide([]).best == nil)
    }

    // The ranking by features (issue 26): identified only with a clear lead, never a guess.
    typealias Evidence = MeterIdentification.Evidence
    static let plain = Scores(correlation: 0.5, chiSquare: 10, intersection: 5, bhattacharyya: 0.4)

    @Test func aClearLeadInFeaturesIdentifiesTheMeter() {
        let evidence = [Evidence(matches: 90, distinctMatches: 80, scores: Self.plain), Evidence(matches: 400, distinctMatches: 390, scores: Self.plain),
                        Evidence(matches: 30, distinctMatches: 20, scores: Self.plain)]
        let ranking = MeterIdentification.rank(evidence)
        #expect(ranking.order == [1, 0, 2] && ranking.best == 1)
        #expect(abs(ranking.certainty - (1 - 80.0 / 390)) < 1e-9)
    }

    @Test func lookAlikesAreToldApartByWhatOnlyOneExplainsOrAsked() {
        // Same model: most matches shared; the serial number and sticker only on the right one.
        let told = [Evidence(matches: 343, distinctMatches: 52, scores: Self.plain), Evidence(matches: 438, distinctMatches: 147, scores: Self.plain)]
        #expect(MeterIdentification.rank(told).best == 1)
        let close = [Evidence(matches: 343, distinctMatches: 120, scores: Self.plain), Evidence(matches: 438, distinctMatches: 160, scores: Self.plain)]
        let asked = MeterIdentification.rank(close)
        #expect(asked.best == nil && asked.order.first == 1, "a lead of 25 % is asked, the likelier one listed first")
    }

    @Test func tooFewAgreeingFeaturesAreAsked() {
        let evidence = [Evidence(matches: 20, distinctMatches: 20, scores: Self.plain), Evidence(matches: 0, distinctMatches: 0, scores: Self.plain)]
        #expect(MeterIdentification.rank(evidence).best == nil)
        #expect(MeterIdentification.rank([]).order.isEmpty && MeterIdentification.rank([]).best == nil)
    }

    @Test func colourDecidesOnlyBetweenMetersThatShareTheirPrint() {
        let blue = Scores(correlation: 0.92, chiSquare: 4, intersection: 9.5, bhattacharyya: 0.21)
        let red = Scores(correlation: 0.10, chiSquare: 80, intersection: 1.5, bhattacharyya: 0.80)
        // Two housings of one model: equal features, colour clear in all four comparisons.
        let twins = [Evidence(matches: 60, distinctMatches: 5, scores: red), Evidence(matches: 58, distinctMatches: 6, scores: blue)]
        #expect(MeterIdentification.rank(twins).best == 1)
        // Colour never overrides features that point elsewhere, nor decides on too few of them.
        let third = [Evidence(matches: 60, distinctMatches: 40, scores: red), Evidence(matches: 50, distinctMatches: 35, scores: red),
                     Evidence(matches: 5, distinctMatches: 5, scores: blue)]
        #expect(MeterIdentification.rank(third).best == nil)
    }
}
