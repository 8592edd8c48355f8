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
    /// the middle). With `yDomain` (an axis's first and last tick) y is placed on that scale instead.
    public func line(_ values: [(x: Int, y: Int)], yDomain: ClosedRange<Int>? = nil) -> [Point] {
        guard let minX = values.map(\.x).min(), let maxX = values.map(\.x).max(),
              let minY = values.map(\.y).min(), let maxY = values.map(\.y).max() else { return [] }
        let low = yDomain?.lowerBound ?? minY, high = yDomain?.upperBound ?? maxY
        return values.map { value in
            // In Double: the differences of stored extremes would overflow an Int.
            let x = maxX == minX ? width / 2 : (Double(value.x) - Double(minX)) / (Double(maxX) - Double(minX)) * width
            return Point(x: Self.rounded(x), y: y(value.y, low: low, high: high))
        }
    }

    /// Where a value sits on a vertical axis from `low` (bottom) to `high` (top); a flat range puts
    /// every value in the middle.
    public func y(_ value: Int, low: Int, high: Int) -> Double {
        guard high != low else { return Self.rounded(height / 2) }
        return Self.rounded(height - (Double(value) - Double(low)) / (Double(high) - Double(low)) * height)
    }

    /// Where a value sits on a horizontal axis from `low` (left) to `high` (right).
    public func x(_ value: Int, low: Int, high: Int) -> Double {
        guard high != low else { return Self.rounded(width / 2) }
        return Self.rounded((Double(value) - Double(low)) / (Double(high) - Double(low)) * width)
    }

    /// One bar per value side by side, scaled to the largest (or to `top`, an axis's last tick); a
    /// missing value gets no bar.
    public func bars(_ values: [Int?], gap: Double = 2, top: Int? = nil) -> [Bar?] {
        guard !values.isEmpty else { return [] }
        let slot = width / Double(values.count)
        let scale = Double(max(1, top ?? values.compactMap { $0 }.max() ?? 1))
        return values.enumerated().map { index, value in
            guard let value else { return nil }
            let barHeight = min(height, Double(max(0, value)) / scale * height)
            return Bar(
                x: Self.rounded(Double(index) * slot + gap / 2), y: Self.rounded(height - barHeight),
                width: Self.rounded(max(1, slot - gap)), height: Self.rounded(barHeight)
            )
        }
    }

    /// Every how many of `count` slots across the width a label fits, for labels `labelWidth` wide
    /// with a little space between them (1: under every slot).
    public func labelEvery(_ count: Int, labelWidth: Double) -> Int {
        guard count > 1, labelWidth > 0 else { return 1 }
        let fitting = max(1, Int(width / (labelWidth + 8)))
        return max(1, (count + fitting - 1) / fitting)
    }

    /// Round values for an axis through `low`…`high`: multiples of 1, 2 or 5 × 10ⁿ, the first at or
    /// below `low`, the last at or above `high`, about `count` steps apart (never more than
    /// `count` + 2 ticks). A flat range gets a step around it; beyond ±10¹⁵ the two ends only.
    public static func ticks(low: Int, high: Int, count: Int = 4) -> [Int] {
        let limit = 1e15
        var lowValue = Double(min(low, high)), highValue = Double(max(low, high))
        guard lowValue.magnitude < limit, highValue.magnitude < limit else { return low == high ? [low] : [min(low, high), max(low, high)] }
        if lowValue == highValue {
            // From zero to the value (0…1 for zero).
            if lowValue > 0 { lowValue = 0 } else if lowValue < 0 { highValue = 0 } else { highValue = 1 }
        }
        // The smallest of 1, 2, 5, 10, 20, 50, … at least a `count`th of the range.
        let rough = (highValue - lowValue) / Double(max(1, count))
        var magnitude = 1.0, step = 1.0
        ladder: while true {
            for factor in [1.0, 2.0, 5.0] where factor * magnitude >= rough {
                step = factor * magnitude
                break ladder
            }
            magnitude *= 10
        }
        var first = (lowValue / step).rounded(.down) * step
        if first > lowValue { first -= step }
        var ticks: [Int] = []
        var tick = first
        while ticks.count < count + 3 {
            ticks.append(Int(tick))
            if tick >= highValue { break }
            tick += step
        }
        return ticks
    }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
