import Testing
import ScanbookCore

@Suite struct MeterCounterTests {
    let counter = MeterCounter(digits: 6, decimals: 1)!

    @Test func parsesAndFormatsValuesInSteps() {
        #expect(counter.parse("12345.6") == 123_456)
        #expect(counter.parse("12345,6") == 123_456)
        #expect(counter.parse("12'345") == 123_450)
        #expect(counter.parse("12345.67") == nil, "more decimals than the counter has")
        #expect(counter.parse("100000.0") == nil, "beyond the counter")
        #expect(counter.parse("-5") == nil)
        #expect(counter.format(123_456) == "12345.6")
        #expect(counter.format(5) == "0.5")
        #expect(MeterCounter(digits: 5, decimals: 0)!.format(42) == "42")
        #expect(MeterCounter(digits: 3, decimals: 3) == nil)
    }
}

@Suite struct ConsumptionTests {
    let counter = MeterCounter(digits: 5, decimals: 0)!

    @Test func usedRolledOverOrDecreased() {
        #expect(Consumption.between(1200, 1350, on: counter) == .used(150))
        #expect(Consumption.between(99_950, 30, on: counter) == .rolledOver(80))
        #expect(Consumption.between(5000, 4990, on: counter) == .decreased(by: 10))
        #expect(Consumption.between(60_000, 30, on: counter) == .decreased(by: 59_970), "not near the top: no rollover")
    }

    @Test func flagsWhatShouldBeReviewed() {
        let check = ReadingPlausibility()
        let history = [(day: 0, steps: 1000), (day: 10, steps: 1100), (day: 20, steps: 1210), (day: 30, steps: 1300)]
        #expect(check.flags(history: history, new: (day: 40, steps: 1405), counter: counter).isEmpty)
        #expect(check.flags(history: history, new: (day: 40, steps: 1290), counter: counter) == [.lowerThanBefore(by: 10)])
        let jump = check.flags(history: history, new: (day: 41, steps: 9000), counter: counter)
        #expect(jump.count == 1)
        if case .unusualRate(let rate, let usual) = jump.first { #expect(rate > usual * 5) } else { Issue.record("expected an unusual rate") }
        #expect(check.flags(history: history, new: (day: 30, steps: 1320), counter: counter) == [.sameDayAsPrevious])
        #expect(check.flags(history: [], new: (day: 0, steps: 5), counter: counter).isEmpty)
    }
}

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

@Suite struct ReadingsCSVTests {
    let counter = MeterCounter(digits: 6, decimals: 1)!

    @Test func exportAndImportRoundTrip() throws {
        let rows = [
            MeterReadingsCSV.Row(date: CalendarDate(year: 2025, month: 1, day: 31)!, steps: 123_456),
            MeterReadingsCSV.Row(date: CalendarDate(year: 2025, month: 2, day: 28)!, steps: 124_001),
        ]
        let text = MeterReadingsCSV.encode(rows, counter: counter)
        #expect(text == "date,value\r\n2025-01-31,12345.6\r\n2025-02-28,12400.1\r\n")
        #expect(try MeterReadingsCSV.decode(text, counter: counter) == rows)
    }

    @Test func importsGermanSpreadsheetsAndNamesEveryBadLine() throws {
        let german = "Datum;Stand\n31.01.2025;\"12345,6\"\n"
        #expect(try MeterReadingsCSV.decode(german, counter: counter).map(\.steps) == [123_456])
        #expect(throws: MeterReadingsCSV.Problems.self) { try MeterReadingsCSV.decode("date,value\nyesterday,5\n2025-01-01,1.23\n", counter: counter) }
        do {
            _ = try MeterReadingsCSV.decode("date,value\nyesterday,5\n2025-01-01,1.23\n", counter: counter)
        } catch let problems as MeterReadingsCSV.Problems {
            #expect(problems.list.map(\.line) == [2, 3])
        }
    }

    @Test func csvParsingHandlesQuotesAndLineBreaks() throws {
        #expect(try CSVTable.parse("a,b\r\n\"x, \"\"y\"\"\",\"two\nlines\"\r\n") == [["a", "b"], ["x, \"y\"", "two\nlines"]])
        #expect(throws: CSVTable.ParseError.self) { try CSVTable.parse("a,\"open\n") }
    }
}

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
