/// Where a meter's digit strip sits in a photo, in thousandths of the photo's width and height, so
/// the same crop fits the phone photo and its downscaled copy. Written "x,y,w,h" in forms.
public struct StripCrop: Sendable, Equatable, Codable, CustomStringConvertible {
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int

    /// A band across the middle: where the capture page's overlay puts the strip first.
    public static let centreBand = StripCrop(x: 150, y: 420, width: 700, height: 160)!

    public init?(x: Int, y: Int, width: Int, height: Int) {
        guard x >= 0, y >= 0, width >= 10, height >= 10, x + width <= 1000, y + height <= 1000 else { return nil }
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// "150,420,700,160"; nil unless four whole numbers that describe a crop inside the photo.
    public init?(_ text: String) {
        let parts = text.split(separator: ",").map { Int(String($0).trimmingWhitespace()) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let width = parts[2], let height = parts[3] else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }

    public var description: String { "\(x),\(y),\(width),\(height)" }

    /// The crop in pixels of an image of this size (at least one pixel each way).
    public func pixels(width imageWidth: Int, height imageHeight: Int) -> PixelRect {
        let left = imageWidth * x / 1000
        let top = imageHeight * y / 1000
        return PixelRect(
            x: left, y: top,
            width: max(1, min(imageWidth - left, imageWidth * width / 1000)),
            height: max(1, min(imageHeight - top, imageHeight * height / 1000))
        )
    }
}
