import Testing
import ScanbookCore

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

@Suite struct ChartGeometryAxisTests {
    let geometry = ChartGeometry(width: 100, height: 50)

    @Test func ticksAreRoundAndCoverTheRange() {
        #expect(ChartGeometry.ticks(low: 0, high: 100, count: 4) == [0, 50, 100])
        #expect(ChartGeometry.ticks(low: 1000, high: 2100, count: 4) == [1000, 1500, 2000, 2500])
        #expect(ChartGeometry.ticks(low: 3, high: 97, count: 4) == [0, 50, 100])
        #expect(ChartGeometry.ticks(low: -7, high: 12, count: 4) == [-10, -5, 0, 5, 10, 15])
        #expect(ChartGeometry.ticks(low: 0, high: 3, count: 4) == [0, 1, 2, 3], "whole steps at least")
    }

    @Test func flatAndExtremeRangesStillGetAnAxis() {
        #expect(ChartGeometry.ticks(low: 40, high: 40) == [0, 10, 20, 30, 40])
        #expect(ChartGeometry.ticks(low: 0, high: 0) == [0, 1])
        #expect(ChartGeometry.ticks(low: Int.min, high: Int.max) == [Int.min, Int.max])
        for (low, high) in [(0, 1), (5, 1_000_003), (-999_999, -3), (123_456_789, 987_654_321)] {
            let ticks = ChartGeometry.ticks(low: low, high: high, count: 4)
            #expect(ticks.first! <= low && ticks.last! >= high)
            #expect(ticks.count >= 2 && ticks.count <= 6)
            #expect(Set(zip(ticks, ticks.dropFirst()).map { $1 - $0 }).count == 1, "evenly spaced")
        }
    }

    @Test func valuesArePlacedOnTheAxisScale() {
        #expect(geometry.y(0, low: 0, high: 100) == 50)
        #expect(geometry.y(100, low: 0, high: 100) == 0)
        #expect(geometry.y(25, low: 0, high: 100) == 37.5)
        #expect(geometry.x(30, low: 20, high: 40) == 50)
        #expect(geometry.y(7, low: 7, high: 7) == 25)
        let points = geometry.line([(x: 0, y: 10), (x: 10, y: 20)], yDomain: 0...40)
        #expect(points.map(\.y) == [37.5, 25])
    }

    @Test func barsScaleToTheTopTickAndLabelsKeepApart() {
        let bars = geometry.bars([10, 20], gap: 0, top: 40)
        #expect(bars.map { $0?.height } == [12.5, 25])
        #expect(geometry.bars([80], gap: 0, top: 40)[0]?.height == 50, "never above the box")
        #expect(geometry.labelEvery(4, labelWidth: 12) == 1)
        #expect(geometry.labelEvery(12, labelWidth: 12) == 3)
        #expect(geometry.labelEvery(12, labelWidth: 42) == 6)
        #expect(geometry.labelEvery(1, labelWidth: 500) == 1)
    }
}
