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
}
