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
