/// Coordinates for the server-drawn SVG charts (no JavaScript): values are mapped into a box of
/// `width` × `height` with the origin at the top left, as SVG has it.
public struct ChartGeometry: Sendable {
    public let width: Double
    public let height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public struct Point: Sendable, Equatable {
        public let x: Double
        public let y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    public struct Bar: Sendable, Equatable {
        public let x: Double
        public let y: Double
        public let width: Double
        public let height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// A line through (x, y) values; x and y ranges are stretched to the box (a flat line sits in
    /// the middle).
    public func line(_ values: [(x: Int, y: Int)]) -> [Point] {
        guard let minX = values.map(\.x).min(), let maxX = values.map(\.x).max(),
              let minY = values.map(\.y).min(), let maxY = values.map(\.y).max() else { return [] }
        return values.map { value in
            // In Double: the differences of stored extremes would overflow an Int.
            let x = maxX == minX ? width / 2 : (Double(value.x) - Double(minX)) / (Double(maxX) - Double(minX)) * width
            let y = maxY == minY ? height / 2 : height - (Double(value.y) - Double(minY)) / (Double(maxY) - Double(minY)) * height
            return Point(x: Self.rounded(x), y: Self.rounded(y))
        }
    }

    /// One bar per value side by side, scaled to the largest; a missing value gets no bar.
    public func bars(_ values: [Int?], gap: Double = 2) -> [Bar?] {
        guard !values.isEmpty else { return [] }
        let slot = width / Double(values.count)
        let scale = Double(max(1, values.compactMap { $0 }.max() ?? 1))
        return values.enumerated().map { index, value in
            guard let value else { return nil }
            let barHeight = Double(max(0, value)) / scale * height
            return Bar(
                x: Self.rounded(Double(index) * slot + gap / 2), y: Self.rounded(height - barHeight),
                width: Self.rounded(max(1, slot - gap)), height: Self.rounded(barHeight)
            )
        }
    }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
