import Testing
import ScanbookCore

@Suite struct MidRollTests {
    typealias Cell = MidRollResolver.Cell

    @Test func rollingDrumsShowWhatTheyHavePassed() {
        // 1 2|3 9|0 → the last drum has not wrapped yet: it and the drum it carries show what they passed, 129.
        #expect(MidRollResolver.resolve([Cell(digit: 1, confidence: 0.99, second: 7), Cell(digit: 3, confidence: 0.55, second: 2), Cell(digit: 9, confidence: 0.6, second: 0)]) == [1, 2, 9])
        // 4|5 9|0 9|0 → a carry through two 9s: 499.
        #expect(MidRollResolver.resolve([Cell(digit: 5, confidence: 0.6, second: 4), Cell(digit: 0, confidence: 0.6, second: 9), Cell(digit: 9, confidence: 0.55, second: 0)]) == [4, 9, 9])
        // 4 9|0 rightmost, rolling: take what has been passed; 9|0 across the wrap.
        #expect(MidRollResolver.resolve([Cell(digit: 4, confidence: 0.99, second: 1), Cell(digit: 0, confidence: 0.5, second: 9)]) == [4, 9])
    }

    @Test func aSureOrNonAdjacentReadingIsKept() {
        #expect(MidRollResolver.resolve([Cell(digit: 7, confidence: 0.6, second: 2), Cell(digit: 3, confidence: 0.95, second: 4)]) == [7, 3])
    }

    @Test func onlyADrumNextToACarryCanBeBetweenTwoValues() {
        // An unsure 1 (runner-up 2) before a 4: the 4 is not carrying, so the 1 is not rolling.
        #expect(MidRollResolver.resolve([Cell(digit: 1, confidence: 0.67, second: 2), Cell(digit: 4, confidence: 0.98, second: 5), Cell(digit: 3, confidence: 0.97, second: 4)]) == [1, 4, 3])
        // Nor before a 0 that stands still: the 0 is not mid-carry.
        #expect(MidRollResolver.resolve([Cell(digit: 9, confidence: 0.75, second: 0), Cell(digit: 0, confidence: 1, second: 1), Cell(digit: 6, confidence: 0.99, second: 5)]) == [9, 0, 6])
    }
}
