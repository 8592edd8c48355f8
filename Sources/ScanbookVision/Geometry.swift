import ScanbookCore

/// A point in image pixels (x to the right, y down).
public struct Point: Equatable, Sendable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// Four corners in reading order: top-left, top-right, bottom-right, bottom-left.
public struct Quadrilateral: Equatable, Sendable, Codable {
    public var topLeft: Point
    public var topRight: Point
    public var bottomRight: Point
    public var bottomLeft: Point

    public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    public var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The same outline with its corners named as the text on it stands: on a page turned
    /// clockwise, the image's top-right corner is the text's top-left. A warp to these corners
    /// sets the text upright.
    public func turnedUpright(_ turn: QuarterTurn) -> Quadrilateral {
        let named = turn.uprightCorners(corners)
        return Quadrilateral(topLeft: named[0], topRight: named[1], bottomRight: named[2], bottomLeft: named[3])
    }

    init(flat values: [Double]) {
        self.init(
            topLeft: Point(x: values[0], y: values[1]), topRight: Point(x: values[2], y: values[3]),
            bottomRight: Point(x: values[4], y: values[5]), bottomLeft: Point(x: values[6], y: values[7])
        )
    }

    var flat: [Double] { corners.flatMap { [$0.x, $0.y] } }

    /// The output size that keeps the page's proportions: the longer of each pair of opposite sides.
    public var naturalSize: (width: Int, height: Int) {
        let width = max(topLeft.distance(to: topRight), bottomLeft.distance(to: bottomRight))
        let height = max(topLeft.distance(to: bottomLeft), topRight.distance(to: bottomRight))
        // Corners come from image analysis; a side that is not a finite, sane length becomes 1 px.
        func pixels(_ length: Double) -> Int { length.isFinite ? max(1, Int(min(length, 1_000_000).rounded())) : 1 }
        return (pixels(width), pixels(height))
    }

    /// Every corner's coordinates multiplied by `factor` (from a reduced image to the full one).
    public func scaled(by factor: Double) -> Quadrilateral {
        func scale(_ point: Point) -> Point { Point(x: point.x * factor, y: point.y * factor) }
        return Quadrilateral(topLeft: scale(topLeft), topRight: scale(topRight), bottomRight: scale(bottomRight), bottomLeft: scale(bottomLeft))
    }

    /// The largest distance between corresponding corners.
    public func maximumCornerError(to other: Quadrilateral) -> Double {
        zip(corners, other.corners).map { $0.distance(to: $1) }.max() ?? 0
    }
}
