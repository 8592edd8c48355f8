import Testing
import ScanbookCore

@Suite struct ExpenseSplitTests {
    typealias Split = ExpenseSplit<String>

    func amounts(_ parts: [(String, Int)]) -> [Int] { parts.map(\.1) }

    @Test func equalSplitsSpreadTheRemainderToTheFirstMembers() throws {
        #expect(amounts(try Split.equal(["a", "b", "c"]).parts(of: 1000)) == [334, 333, 333])
        #expect(amounts(try Split.equal(["a", "b", "c"]).parts(of: 2)) == [1, 1, 0])
        #expect(amounts(try Split.equal(["a"]).parts(of: 999)) == [999])
    }

    @Test func sharesAndPercentagesUseLargestRemainders() throws {
        // 1000 by 2:1:1 → 500, 250, 250; 1001 by 1:1:1 → the extra unit to the first.
        #expect(amounts(try Split.shares([("a", 2), ("b", 1), ("c", 1)]).parts(of: 1000)) == [500, 250, 250])
        // 100 by 1:1:1:3 → 16.67, 16.67, 16.67, 50 → 17, 17, 16, 50 (remainders tie: order decides).
        #expect(amounts(try Split.shares([("a", 1), ("b", 1), ("c", 1), ("d", 3)]).parts(of: 100)) == [17, 17, 16, 50])
        // 33.33 % / 33.33 % / 33.34 % of 10.00.
        #expect(amounts(try Split.percentages([("a", 3333), ("b", 3333), ("c", 3334)]).parts(of: 1000)) == [333, 333, 334])
        #expect(amounts(try Split.exact([("a", 700), ("b", 300)]).parts(of: 1000)) == [700, 300])
    }

    @Test func invalidSplitsAreRefused() {
        #expect(throws: Split.Problem.amountNotPositive) { try Split.equal(["a"]).parts(of: 0) }
        #expect(throws: Split.Problem.amountNotPositive) { try Split.equal(["a"]).parts(of: -5) }
        #expect(throws: Split.Problem.noMembers) { try Split.equal([]).parts(of: 100) }
        #expect(throws: Split.Problem.repeatedMember) { try Split.equal(["a", "a"]).parts(of: 100) }
        #expect(throws: Split.Problem.partNotPositive) { try Split.shares([("a", 1), ("b", 0)]).parts(of: 100) }
        #expect(throws: Split.Problem.partNotPositive) { try Split.exact([("a", 120), ("b", -20)]).parts(of: 100) }
        #expect(throws: Split.Problem.exactPartsDoNotAddUp(90, 100)) { try Split.exact([("a", 50), ("b", 40)]).parts(of: 100) }
        #expect(throws: Split.Problem.percentagesDoNotAddUp(9000)) { try Split.percentages([("a", 5000), ("b", 4000)]).parts(of: 100) }
    }

    @Test func typedSplitsAreParsedPerMode() throws {
        #expect(try Split(mode: .equal, values: [("a", nil), ("b", "")]) == .equal(["a", "b"]))
        #expect(try Split(mode: .shares, values: [("a", "2"), ("b", " 1 ")]) == .shares([("a", 2), ("b", 1)]))
        #expect(try Split(mode: .exact, values: [("a", "7,50"), ("b", "2.5")]) == .exact([("a", 750), ("b", 250)]))
        #expect(try Split(mode: .percent, values: [("a", "33.33"), ("b", "66,67 %")]) == .percentages([("a", 3333), ("b", 6667)]))
        #expect(throws: Split.InputProblem.invalidValue("b")) { try Split(mode: .shares, values: [("a", "1"), ("b", "x")]) }
        #expect(throws: Split.InputProblem.invalidValue("a")) { try Split(mode: .percent, values: [("a", "12.345")]) }
        #expect(throws: Split.InputProblem.invalidValue("a")) { try Split(mode: .percent, values: [("a", "101")]) }
        #expect(throws: Split.InputProblem.invalidValue("a")) { try Split(mode: .exact, values: [("a", "-3")]) }
        #expect(throws: Split.InputProblem.invalidValue("a")) { try Split(mode: .shares, values: [("a", "0")]) }
        #expect(throws: Split.InputProblem.noMembers) { try Split(mode: .equal, values: []) }
    }

    @Test func partsAlwaysAddUp() throws {
        var random = SeededRandom(seed: 7)
        for _ in 0..<500 {
            let members = (0..<Int.random(in: 1...6, using: &random)).map { "m\($0)" }
            let amount = Int.random(in: 1...1_000_000, using: &random)
            let shares = try Split.shares(members.map { ($0, Int.random(in: 1...9, using: &random)) }).parts(of: amount)
            #expect(shares.reduce(0) { $0 + $1.1 } == amount)
            let equal = try Split.equal(members).parts(of: amount)
            #expect(equal.reduce(0) { $0 + $1.1 } == amount)
            #expect((equal.map(\.1).max()! - equal.map(\.1).min()!) <= 1, "equal parts differ by at most one unit")
        }
    }
}

@Suite struct SettleUpTests {
    typealias Transfer = SettleUp.Transfer<String>

    @Test func balancesComeFromExpensesAndPayments() {
        let balances = SettleUp.balances(
            expenses: [(payer: "anna", parts: [("anna", 300), ("ben", 300), ("cleo", 300)]), (payer: "ben", parts: [("anna", 100), ("ben", 100)])],
            payments: [Transfer(from: "cleo", to: "anna", amount: 300)]
        )
        // anna: paid 900, owes 300 + 100, received 300 → +200; ben: paid 200, owes 300 + 100 → −200;
        // cleo: owes 300, paid it → 0.
        #expect(balances == ["anna": 200, "ben": -200, "cleo": 0])
        #expect(balances.values.reduce(0, +) == 0)
    }

    @Test func pairsThatCancelAreSettledSeparately() {
        // a owes 5 to b and c owes 7 to d: two payments, not three.
        let plan = SettleUp.plan(["a": -5, "b": 5, "c": -7, "d": 7])
        #expect(Set(plan) == [Transfer(from: "a", to: "b", amount: 5), Transfer(from: "c", to: "d", amount: 7)])
        #expect(SettleUp.plan(["a": 0, "b": 0]).isEmpty)
    }

    @Test func randomExpenseSetsSettleWithTheFewestPayments() throws {
        var random = SeededRandom(seed: 42)
        for _ in 0..<300 {
            let members = (0..<Int.random(in: 2...6, using: &random)).map { "m\($0)" }
            var expenses: [(payer: String, parts: [(String, Int)])] = []
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let sharing = members.filter { _ in Bool.random(using: &random) }
                guard !sharing.isEmpty else { continue }
                let amount = Int.random(in: 1...50_000, using: &random)
                expenses.append((payer: members.randomElement(using: &random)!, parts: try ExpenseSplit.equal(sharing).parts(of: amount)))
            }
            let balances = SettleUp.balances(expenses: expenses, payments: [])
            #expect(balances.values.reduce(0, +) == 0)
            let plan = SettleUp.plan(balances)
            #expect(SettleUp.settles(plan, balances))
            #expect(plan.count == bruteForceMinimum(balances), "\(balances)")
            #expect(plan.allSatisfy { $0.amount > 0 && $0.from != $0.to })

            // Paying any one proposed transfer leaves the rest of the proposal as it was.
            if let paid = plan.randomElement(using: &random) {
                let after = SettleUp.balances(expenses: expenses, payments: [paid])
                var rest = plan
                rest.remove(at: plan.firstIndex(of: paid)!)
                #expect(SettleUp.plan(after, keeping: rest) == rest)
            }
        }
    }

    /// Found by the parser fuzzing: balances that do not add up to zero looped forever.
    @Test func balancesThatDoNotAddUpStillGiveAPlan() {
        let plan = SettleUp.plan(["a": -9, "b": 5, "c": 7])
        #expect(plan.allSatisfy { $0.amount > 0 })
        #expect(plan.reduce(0) { $0 + $1.amount } == 9, "everything owed is paid")
        #expect(SettleUp.plan(["a": Int.max, "b": Int.max]).isEmpty, "creditors only: nobody pays")
    }

    @Test func aStaleProposalIsReplaced() {
        let stale = [Transfer(from: "a", to: "b", amount: 5)]
        #expect(SettleUp.plan(["a": -9, "b": 9], keeping: stale) == [Transfer(from: "a", to: "b", amount: 9)])
    }

    @Test func theShownPlanStaysWhilePeoplePayItPartByPart() {
        let then = ["a": -500, "b": 200, "c": 300]
        let proposed = SettleUp.plan(then)
        #expect(proposed == [Transfer(from: "a", to: "c", amount: 300), Transfer(from: "a", to: "b", amount: 200)], "largest creditor first")
        // Half of the first transfer paid: the same plan with that transfer's rest, although a
        // fresh plan for the new balances would start with b, now the larger creditor.
        let half = Transfer(from: "a", to: "c", amount: 150)
        let now = ["a": -350, "b": 200, "c": 150]
        #expect(SettleUp.plan(now).first == Transfer(from: "a", to: "b", amount: 200))
        #expect(SettleUp.stablePlan(balancesThen: then, paymentsSince: [half], balancesNow: now)
            == [Transfer(from: "a", to: "c", amount: 150), Transfer(from: "a", to: "b", amount: 200)])
        // A payment nobody proposed: a fresh plan that settles what is left.
        let stray = Transfer(from: "a", to: "b", amount: 50)
        let afterStray = ["a": -450, "b": 150, "c": 300]
        let fresh = SettleUp.stablePlan(balancesThen: then, paymentsSince: [stray], balancesNow: afterStray)
        #expect(SettleUp.settles(fresh, afterStray) && fresh.count == SettleUp.plan(afterStray).count)
    }

    /// The fewest transfers by trying every sequence where each transfer settles at least one of
    /// its two members (an optimal plan of that shape always exists).
    func bruteForceMinimum(_ balances: [String: Int]) -> Int {
        func search(_ values: [Int]) -> Int {
            let open = values.filter { $0 != 0 }
            guard !open.isEmpty else { return 0 }
            var best = Int.max
            let first = open[0]
            for index in 1..<open.count where (open[index] > 0) != (first > 0) {
                var next = Array(open.dropFirst())
                next[index - 1] += first
                best = min(best, 1 + search(next))
            }
            return best
        }
        return search(balances.values.sorted())
    }
}

/// SplitMix64: reproducible random numbers for property tests.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
