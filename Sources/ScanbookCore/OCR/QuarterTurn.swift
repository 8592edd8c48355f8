/// How far the text on an image is turned clockwise from upright, in quarter turns: a receipt
/// photographed sideways or upside down. Turning the image counter-clockwise by `degrees` sets
/// the text upright.
public enum QuarterTurn: Int, Sendable, Codable, CaseIterable {
    case upright = 0
    /// The tops of the letters point right: the text runs down the image.
    case clockwise = 90
    case upsideDown = 180
    /// The tops of the letters point left: the text runs up the image.
    case counterClockwise = 270

    public var degrees: Int { rawValue }

    /// The turn of text found turned by `other` on an image already set upright for `self`.
    public func followed(by other: QuarterTurn) -> QuarterTurn {
        QuarterTurn(rawValue: (rawValue + other.rawValue) % 360) ?? .upright
    }

    /// The four corners of a page outline (top-left, top-right, bottom-right, bottom-left, as it
    /// lies in the image) relabelled so that the first is the text's top-left.
    public func uprightCorners<Corner>(_ corners: [Corner]) -> [Corner] {
        guard corners.count == 4 else { return corners }
        let shift = rawValue / 90
        return (0..<4).map { corners[($0 + shift) % 4] }
    }
}
