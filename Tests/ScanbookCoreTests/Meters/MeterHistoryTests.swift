import Testing
import ScanbookCore

@Suite struct MeterHistoryTests {
    let counter = MeterCounter(digits: 5, decimals: 0)!
    let day = 86_400

    @Test func interpolatesUsageAndSplitsPeriodsWithoutLosingSteps() {
        let history = MeterHistory(readings: [
            .init(time: 20 * day, steps: 300), .init(time: 0, steps: 100), .init(time: 10 * day, steps: 200),
        ], counter: counter)
        #expect(history.readings.map(\.steps) == [100, 200, 300], "sorted by time")
        #expect(history.used(at: 0) == 0)
        #expect(history.used(at: 5 * day) == 50)
        #expect(history.used(at: 20 * day) == 200)
        #expect(history.used(at: -1) == nil && history.used(at: 21 * day) == nil)
        let buckets = history.consumption(between: [-10 * day, 3 * day, 7 * day, 15 * day, 30 * day, 40 * day])
        #expect(buckets == [30, 40, 80, 50, nil], "partly covered buckets count the covered part; uncovered ones are nil")
        #expect(buckets.compactMap { $0 }.reduce(0, +) == 200)
    }

    @Test func rolloverCountsAndADecreaseCountsAsNothingUsed() {
        let history = MeterHistory(readings: [
            .init(time: 0, steps: 99_900), .init(time: day, steps: 50), .init(time: 2 * day, steps: 20), .init(time: 3 * day, steps: 70),
        ], counter: counter)
        #expect(history.intervals.map(\.consumption) == [.rolledOver(150), .decreased(by: 30), .used(50)])
        #expect(history.used(at: 3 * day) == 200)
        #expect(history.intervals[0].milliStepsPerDay == 150_000)
        #expect(history.intervals[1].milliStepsPerDay == nil)
    }

    @Test func emptyAndSingleReadingHistoriesHaveNoConsumption() {
        #expect(MeterHistory(readings: [], counter: counter).consumption(between: [0, day]) == [nil])
        let one = MeterHistory(readings: [.init(time: day, steps: 5)], counter: counter)
        #expect(one.consumption(between: [0, 2 * day]) == [nil])
        #expect(one.used(at: day) == 0)
    }
}

@Suite struct ConsumptionPeriodTests {
    let today = CalendarDate(year: 2026, month: 3, day: 10)!

    @Test func lastThirtyDaysAreDailyBucketsEndingToday() {
        let period = ConsumptionPeriod.last30Days(endingOn: today)
        #expect(period.granularity == .day)
        #expect(period.starts.count == 30)
        #expect(period.starts.first == CalendarDate(year: 2026, month: 2, day: 9))
        #expect(period.lastDay == CalendarDate(year: 2026, month: 3, day: 10))
        #expect(period.boundarySeconds[1] - period.boundarySeconds[0] == 86_400)
    }

    @Test func twelveMonthsAndLongCustomRangesAreMonthly() {
        let year = ConsumptionPeriod.last12Months(endingOn: today)
        #expect(year.granularity == .month && year.starts.count == 12)
        #expect(year.starts.first == CalendarDate(year: 2025, month: 4, day: 1))
        #expect(year.lastDay == CalendarDate(year: 2026, month: 3, day: 31))
        let long = ConsumptionPeriod.custom(from: CalendarDate(year: 2025, month: 12, day: 15)!, to: CalendarDate(year: 2026, month: 2, day: 20)!)
        #expect(long?.granularity == .month && long?.starts.count == 3)
        let short = ConsumptionPeriod.custom(from: CalendarDate(year: 2026, month: 2, day: 27)!, to: CalendarDate(year: 2026, month: 3, day: 2)!)
        #expect(short?.starts.map(\.description) == ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"])
        #expect(ConsumptionPeriod.custom(from: today, to: CalendarDate(year: 2026, month: 3, day: 9)!) == nil)
    }

    @Test func dayNumbersRoundTripAcrossLeapYears() {
        #expect(CalendarDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(CalendarDate(year: 2000, month: 3, day: 1)!.dayNumber - CalendarDate(year: 2000, month: 2, day: 28)!.dayNumber == 2)
        #expect(CalendarDate(year: 1969, month: 12, day: 31)!.dayNumber == -1)
        for number in stride(from: -20_000, to: 80_000, by: 37) {
            #expect(CalendarDate(dayNumber: number)?.dayNumber == number)
        }
        #expect(CalendarDate(year: 2024, month: 12, day: 31)!.adding(days: 1) == CalendarDate(year: 2025, month: 1, day: 1))
    }
}

@Suite struct UnitPriceTests {
    @Test func parsesTariffsAndCostsRoundToCents() throws {
        let price = try #require(UnitPrice(typed: "0,2735"))
        #expect(price.tenThousandths == 2735 && price.description == "0.2735")
        #expect(UnitPrice(typed: "12")?.description == "12.00")
        #expect(UnitPrice(typed: "1'250.5")?.tenThousandths == 12_505_000)
        #expect(UnitPrice(typed: "0.12345") == nil && UnitPrice(typed: "-1") == nil && UnitPrice(typed: "abc") == nil)
        // 123.4 kWh × 0.2735 = 33.7499 → 33.75
        #expect(price.cost(ofSteps: 1234, on: MeterCounter(digits: 6, decimals: 1)!) == Amount(hundredths: 3375))
        #expect(UnitPrice(typed: "2.5")!.cost(ofSteps: 3, on: MeterCounter(digits: 5, decimals: 0)!) == Amount(hundredths: 750))
    }
}

@Suite struct StripCropTests {
    @Test func cropsStayInsideThePhoto() {
        #expect(StripCrop("150,420,700,160") == StripCrop.centreBand)
        #expect(StripCrop("900,0,200,100") == nil, "past the right edge")
        #expect(StripCrop("1,2,3") == nil && StripCrop("a,b,c,d") == nil && StripCrop("0,0,5,100") == nil)
        #expect(StripCrop.centreBand.pixels(width: 4000, height: 3000) == PixelRect(x: 600, y: 1260, width: 2800, height: 480))
        #expect(StripCrop(x: 0, y: 0, width: 1000, height: 1000)!.pixels(width: 3, height: 3) == PixelRect(x: 0, y: 0, width: 3, height: 3))
    }
}

@Suite struct ChartGeometryTests {
    let geometry = ChartGeometry(width: 100, height: 50)

    @Test func linesStretchToTheBoxWithYDown() {
        let points = geometry.line([(x: 10, y: 5), (x: 20, y: 15), (x: 30, y: 10)])
        #expect(points.map(\.x) == [0, 50, 100])
        #expect(points.map(\.y) == [50, 0, 25])
        #expect(geometry.line([(x: 1, y: 7)]) == [.init(x: 50, y: 25)], "one point sits in the middle")
        #expect(geometry.line([]).isEmpty)
    }

    @Test func barsScaleToTheLargestAndSkipMissingValues() {
        let bars = geometry.bars([10, nil, 5, 0], gap: 0)
        #expect(bars[0] == .init(x: 0, y: 0, width: 25, height: 50))
        #expect(bars[1] == nil)
        #expect(bars[2] == .init(x: 50, y: 25, width: 25, height: 25))
        #expect(bars[3]?.height == 0)
    }
}
