@testable import ScanbookCore
import Testing

/// The total as a scored choice among the receipt's amounts.
@Suite struct TotalModelTests {
    private func candidate(_ hundredths: Int, line: Int, _ features: [String: Float]) -> TotalCandidate {
        TotalCandidate(amount: Amount(minorUnits: hundredths, decimals: 2), line: line, features: features)
    }

    @Test func weightsAreReadFromTextAndBadLinesRefused() throws {
        let model = try TotalModel(text: "# comment\nline.total 2.5\n\nsum.breakdown -0.5  # why\n")
        #expect(model.weights == ["line.total": 2.5, "sum.breakdown": -0.5])
        #expect(throws: TotalModel.FormatError(line: 1)) { try TotalModel(text: "line.total") }
        #expect(throws: TotalModel.FormatError(line: 2)) { try TotalModel(text: "a 1\nb nan") }
    }

    @Test func copiesOfOneAmountPoolTheirProbabilityAndTheRankingAddsUpToOne() throws {
        let model = TotalModel(weights: ["line.total": 2, "line.cash": 0.5])
        let ranking = model.ranked([
            candidate(1_250, line: 3, ["line.total": 1]),
            candidate(5_000, line: 4, ["line.cash": 1]),
            candidate(1_250, line: 6, ["line.cash": 1]),
            candidate(300, line: 1, [:]),
        ])
        #expect(ranking.map(\.amount.minorUnits) == [1_250, 5_000, 300])
        #expect(ranking[0].line == 3, "the best-scored copy's line")
        // "None of them" scores 0, as the 3.00 does: it takes as much as that.
        #expect(abs(ranking.map(\.probability).reduce(0, +) + ranking[2].probability - 1) < 1e-5)
        #expect(ranking[0].probability > ranking[1].probability + ranking[2].probability)
        #expect(model.ranked([]).isEmpty)
    }

    @Test func theShippedModelPrefersTheTotalLineAndNamesARunnerUp() throws {
        let result = ReceiptExtractor().extract(lines: [
            "KEDAI MAKAN SDN BHD", "NASI LEMAK 1 X 6.50 6.50", "TEH TARIK 1 X 2.40 2.40",
            "SUBTOTAL 8.90", "GST 6% 0.53", "TOTAL 9.43", "CASH 10.00", "CHANGE 0.57",
        ])
        #expect(result.total == Amount(minorUnits: 943, decimals: 2))
        #expect(result.ranking.first?.amount.minorUnits == 943)
        #expect(result.runnerUp != nil && result.runnerUp?.minorUnits != 943)
        let candidate = try #require(result.totalCandidates.first { $0.amount.minorUnits == 943 })
        #expect(candidate.features["line.total"] == 1)
        #expect(candidate.features["sum.breakdown"] == 1, "subtotal + GST")
        #expect(candidate.features["sum.paid-minus-change"] == 1)
    }
}
