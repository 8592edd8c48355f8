import Testing
@testable import ScanbookCore

/// A receipt's items split among list members: parts add up to the total to the cent.
@Suite struct ItemisedSplitTests {
    typealias Item = ItemisedSplit.Item<String>

    @Test func eachItemGoesToItsMembersAndSharedOnesAreHalved() throws {
        let parts = try ItemisedSplit.parts(of: 2_550, items: [
            Item(amountMinor: 1_000, members: ["ann"]), Item(amountMinor: 1_001, members: ["ben", "cem"]), Item(amountMinor: 549, members: ["cem"]),
        ], everyone: ["ann", "ben", "cem"])
        // 10.01 shared: 5.01 to the first named (Ben), 5.00 to Cem.
        #expect(parts.map(\.0) == ["ann", "ben", "cem"] && parts.map(\.1) == [1_000, 501, 1_049])
    }

    @Test func centsThatDoNotDivideTakeTurnsInsteadOfAllGoingToTheFirstMember() throws {
        // Three items of 1.00 among three: the odd cent goes to Ann, then Ben, then Cem.
        let even = try ItemisedSplit.parts(of: 300, items: Array(repeating: Item(amountMinor: 100, members: []), count: 3), everyone: ["ann", "ben", "cem"])
        #expect(even.map(\.1) == [100, 100, 100])
        // A discount takes its odd cent back from whoever had one.
        let discounted = try ItemisedSplit.parts(of: 200, items: [Item(amountMinor: 101, members: []), Item(amountMinor: 100, members: []), Item(amountMinor: -1, members: [])], everyone: ["ann", "ben"])
        #expect(discounted.map(\.1) == [100, 100])
    }

    @Test func whatTheItemsDoNotAccountForIsSpreadInProportion() throws {
        // Items 30.00 (Ann 20, Ben 10), total 27.00: a 3.00 discount the reader missed.
        let discounted = try ItemisedSplit.parts(of: 2_700, items: [Item(amountMinor: 2_000, members: ["ann"]), Item(amountMinor: 1_000, members: ["ben"])], everyone: ["ann", "ben"])
        #expect(discounted.map(\.1) == [1_800, 900])
        // A total one cent above: the cent goes to the larger remainder.
        let rounded = try ItemisedSplit.parts(of: 1_001, items: [Item(amountMinor: 500, members: []), Item(amountMinor: 500, members: ["ben"])], everyone: ["ann", "ben"])
        #expect(rounded.map(\.1) == [250, 751] && rounded.reduce(0) { $0 + $1.1 } == 1_001)
    }

    @Test func aDiscountLineCountsAgainstItsMembers() throws {
        let parts = try ItemisedSplit.parts(of: 900, items: [Item(amountMinor: 1_000, members: []), Item(amountMinor: -100, members: ["ann"])], everyone: ["ann", "ben"])
        #expect(parts.map(\.1) == [400, 500])
    }

    @Test(arguments: 1...200)
    func partsAlwaysAddUpToTheTotal(_ seed: Int) throws {
        var generator = SeededRandom(seed: UInt64(seed))
        let everyone = ["a", "b", "c", "d", "e"]
        let items = (0..<Int(generator.next() % 12 + 1)).map { _ in
            Item(amountMinor: Int(generator.next() % 100_000) + 1, members: everyone.filter { _ in generator.next() % 2 == 0 })
        }
        let total = Int(generator.next() % 1_000_000) + 1
        let parts = try ItemisedSplit.parts(of: total, items: items, everyone: everyone)
        #expect(parts.reduce(0) { $0 + $1.1 } == total && parts.allSatisfy { $0.1 > 0 })
    }

    @Test func whatCannotBeSplitIsRefused() {
        #expect(throws: ItemisedSplit.Problem.unknownMember) { try ItemisedSplit.parts(of: 100, items: [Item(amountMinor: 100, members: ["zoe"])], everyone: ["ann"]) }
        #expect(throws: ItemisedSplit.Problem.itemsNotPositive) { try ItemisedSplit.parts(of: 100, items: [], everyone: ["ann"]) }
        #expect(throws: ItemisedSplit.Problem.partNegative) { try ItemisedSplit.parts(of: 100, items: [Item(amountMinor: 200, members: ["ann"]), Item(amountMinor: -150, members: ["ben"])], everyone: ["ann", "ben"]) }
        #expect(throws: ItemisedSplit.Problem.totalNotPositive) { try ItemisedSplit.parts(of: 0, items: [Item(amountMinor: 1, members: [])], everyone: ["ann"]) }
        #expect(throws: ItemisedSplit.Problem.outOfRange) { try ItemisedSplit.parts(of: 100, items: [Item(amountMinor: Int.max, members: [])], everyone: ["ann"]) }
        // The largest amounts never overflow.
        #expect((try? ItemisedSplit.parts(of: Amount.bookable.upperBound, items: [Item(amountMinor: Amount.bookable.upperBound, members: [])], everyone: ["a", "b", "c"]))?.reduce(0) { $0 + $1.1 } == Amount.bookable.upperBound)
    }
}

@Suite struct ApportionTests {
    @Test func partsFollowTheWeightsAndAddUp() {
        // 30.00 and 15.50 EUR paid, 42.82 CHF in all: 28.23 and 14.59 (the larger remainder takes the cent).
        #expect(Apportion.largestRemainder(4_282, weights: [3_000, 1_550]) == [2_823, 1_459])
        #expect(Apportion.largestRemainder(100, weights: [1, 1, 1]) == [34, 33, 33])
        #expect(Apportion.largestRemainder(100, weights: [0, -5]) == [0, 0] && Apportion.largestRemainder(0, weights: [1]) == [0])
    }
}
