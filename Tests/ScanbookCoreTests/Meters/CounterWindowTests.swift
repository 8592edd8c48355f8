import Testing
import ScanbookCore

/// Issue 42: the counter found among a photo's text lines, and the digits that may not be taken as read.
@Suite struct CounterWindowTests {
    private func line(_ text: String, height: Int, y: Int = 0) -> OCRLine {
        OCRLine(text: text, confidence: 0.9, box: PixelRect(x: 10, y: y, width: 300, height: height))
    }

    @Test func theCounterIsTheTallestLineThatIsOnlyANumber() throws {
        let lines = [
            line("LANDIS+GYR", height: 50), line("3 3 3 9 6 4", height: 68, y: 300), line("230V 10(100)A 50Hz", height: 31),
            line("CE M16 1034 2022", height: 35), line("Nr. 14177763", height: 47), line("2022", height: 80),
        ]
        let found = try #require(CounterLineFinder.find(in: lines))
        #expect(found.digits == "333964")
        #expect(found.box.y == 300)
        #expect(found.decimalsShown == nil)
    }

    @Test func aDisplayTellsItsDecimalsAndMayNameItsUnit() throws {
        let found = try #require(CounterLineFinder.find(in: [line("88166.5 kWh", height: 79), line("1000 imp/kWh", height: 30)]))
        #expect(found.digits == "881665")
        #expect(found.decimalsShown == 1)
        #expect(CounterLineFinder.find(in: [line("12,34 m³", height: 60)])?.decimalsShown == 2)
    }

    @Test func linesThatAreNotACounterAreRefused() {
        for text in ["Nr. 14177763", "123", "12.3.4567", "5(60)A", "1234.", "1234 kg", ""] {
            #expect(CounterLineFinder.find(in: [line(text, height: 60)]) == nil, "\(text)")
        }
        // A counter of six digits never reads as seven.
        #expect(CounterLineFinder.find(in: [line("1234567", height: 60)], expectedDigits: 6) == nil)
        #expect(CounterLineFinder.find(in: [line("12345", height: 60)], expectedDigits: 6)?.digits == "12345")
    }

    private func cells(_ digits: String, doubted: [Int: Int] = [:]) -> [CounterDigitCheck.Cell] {
        digits.compactMap(\.wholeNumberValue).enumerated().map { index, digit in
            CounterDigitCheck.Cell(digit: digit, confidence: doubted[index] == nil ? 0.98 : 0.5, second: doubted[index] ?? 0)
        }
    }

    @Test func twoReadersThatAgreeMakeEveryDigitSure() {
        let result = CounterDigitCheck.combine(cells("335819"), second: "335819")
        #expect(result.digits == [3, 3, 5, 8, 1, 9] && result.unsure.isEmpty)
        // Without a second reading only the network's doubt counts.
        #expect(CounterDigitCheck.combine(cells("335819", doubted: [3: 6]), second: nil).unsure == [3])
    }

    @Test func aDoubtedDigitTakesTheOtherReadersDigitWhenItWasTheRunnerUp() {
        // A display's decimal mark shifts the last cell: 7 at 55 %, runner-up 1; the text reader reads 1.
        let result = CounterDigitCheck.combine(cells("881997", doubted: [5: 1]), second: "881991")
        #expect(result.digits == [8, 8, 1, 9, 9, 1] && result.unsure.isEmpty)
        // Runner-up 4, not 1: unsure, the network's digit kept.
        let other = CounterDigitCheck.combine(cells("881997", doubted: [5: 4]), second: "881991")
        #expect(other.digits.last == 7 && other.unsure == [5])
    }

    @Test func aSureDigitTheOtherReaderContradictsIsUnsure() {
        #expect(CounterDigitCheck.combine(cells("857846", doubted: [4: 1]), second: "885786").unsure == [1, 2, 3, 4])
    }

    @Test func aShorterSecondReadingConfirmsNothingAndContradictsNothingInOrder() {
        // A drum between frames dropped; a display's leading zeros.
        #expect(CounterDigitCheck.combine(cells("335819"), second: "33589").unsure.isEmpty)
        #expect(CounterDigitCheck.combine(cells("017"), second: "17").unsure.isEmpty)
        #expect(CounterDigitCheck.combine(cells("335819", doubted: [2: 6]), second: "33589").unsure == [2])
        // Out of order, longer, or not digits at all: nothing is trusted.
        #expect(CounterDigitCheck.combine(cells("335819"), second: "33689").unsure == [0, 1, 2, 3, 4, 5])
        #expect(CounterDigitCheck.combine(cells("1234"), second: "98765").unsure == [0, 1, 2, 3])
        #expect(CounterDigitCheck.combine(cells("1234"), second: "12a4").unsure == [0, 1, 2, 3])
    }
}

/// Issue 42: on a display the text reader's digits lead (the decimal mark shifts the network's cells).
@Suite struct DisplayCounterTests {
    private func cells(_ digits: String) -> [CounterDigitCheck.Cell] {
        digits.compactMap(\.wholeNumberValue).map { CounterDigitCheck.Cell(digit: $0, confidence: 0.97, second: 0) }
    }

    private func display(_ digits: String, weakest: Double?) -> CounterLineFinder.Found {
        CounterLineFinder.Found(box: PixelRect(x: 0, y: 0, width: 300, height: 60), digits: digits, decimalsShown: 1, confidence: 97, weakest: weakest)
    }

    @Test func aDisplaysDigitsLeadWhereTheNetworkAgreesInOrder() {
        // The network's last cell took in the mark and read 7; the text reader reads 1.
        let doubtful = CounterDigitCheck.combine(cells("881997"), second: display("881991", weakest: 80), decimals: 1)
        #expect(doubtful.digits == [8, 8, 1, 9, 9, 1] && doubtful.unsure == [5])
        let sure = CounterDigitCheck.combine(cells("881997"), second: display("881991", weakest: 98), decimals: 1)
        #expect(sure.digits == [8, 8, 1, 9, 9, 1] && sure.unsure.isEmpty)
        // Shifted cells still agree in order, all but the one the shift lost, which stays unsure
        // unless every character was read surely; leading zeros a display does not show are zeros.
        let shifted = CounterDigitCheck.combine(cells("857846"), second: display("885786", weakest: 80), decimals: 1)
        #expect(shifted.digits == [8, 8, 5, 7, 8, 6] && shifted.unsure.count == 1 && shifted.unsure.allSatisfy { $0 < 2 })
        #expect(CounterDigitCheck.combine(cells("857846"), second: display("885786", weakest: 97), decimals: 1).unsure.isEmpty)
        #expect(CounterDigitCheck.combine(cells("012345"), second: display("12345", weakest: 80), decimals: 1).digits == [0, 1, 2, 3, 4, 5])
    }

    @Test func readersThatDisagreeOnTwoDigitsLeaveEveryDigitUnsure() {
        let result = CounterDigitCheck.combine(cells("123456"), second: display("193496", weakest: 99), decimals: 1)
        #expect(result.unsure == [0, 1, 2, 3, 4, 5])
        // A mark where the counter has none is no display of this counter: the usual rules.
        #expect(CounterDigitCheck.combine(cells("881997"), second: display("881991", weakest: 99), decimals: 2).unsure == [5])
    }
}
