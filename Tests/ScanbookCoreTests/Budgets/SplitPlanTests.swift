import Testing
import ScanbookCore

@Suite struct SplitPlanTests {
    @Test func acceptsPartsThatAddUpToTheTotal() throws {
        let plan = try SplitPlan<String>(parts: [.init(category: "food", hundredths: 700), .init(category: "home", hundredths: 225)], total: 925)
        #expect(plan.parts.count == 2)
    }

    @Test func refusesBadSplits() {
        #expect(throws: SplitPlan<String>.Problem.doesNotAddUp(sum: 900, total: 925)) {
            try SplitPlan<String>(parts: [.init(category: "food", hundredths: 700), .init(category: "home", hundredths: 200)], total: 925)
        }
        #expect(throws: SplitPlan<String>.Problem.repeatedCategory) {
            try SplitPlan<String>(parts: [.init(category: "food", hundredths: 700), .init(category: "food", hundredths: 225)], total: 925)
        }
        #expect(throws: SplitPlan<String>.Problem.notPositive) {
            try SplitPlan<String>(parts: [.init(category: "food", hundredths: 1000), .init(category: "home", hundredths: -75)], total: 925)
        }
        #expect(throws: SplitPlan<String>.Problem.empty) { try SplitPlan<String>(parts: [], total: 925) }
    }
}
