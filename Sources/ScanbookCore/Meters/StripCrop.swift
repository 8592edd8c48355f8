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
        // Each part is checked on its own first, so the sums below cannot overflow.
        guard (0...1000).contains(x), (0...1000).contains(y), (10...1000).contains(width), (10...1000).contains(height),
              x + width <= 1000, y + height <= 1000 else { return nil }
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// "150,420,700,160"; nil unless four whole numbers that describe a crop inside the photo.
    public init?(_ text: String) {
        guard text.utf8.count <= 64 else { return nil }
        let parts = text.split(separator: ",").map { Int(String($0).trimmingWhitespace()) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let width = parts[2], let height = parts[3] else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }

    public var description: String { "\(x),\(y),\(width),\(height)" }

    /// The crop in pixels of an image of this size (at least one pixel each way; image sides are
    /// bounded by the decoder's pixel limit, far below where these products could overflow).
    public func pixels(width imageWidth: Int, height imageHeight: Int) -> PixelRect {
        let imageWidth = max(1, min(imageWidth, 1 << 30)), imageHeight = max(1, min(imageHeight, 1 << 30))
        let left = min(imageWidth - 1, imageWidth * x / 1000)
        let top = min(imageHeight - 1, imageHeight * y / 1000)
        return PixelRect(
            x: left, y: top,
            width: max(1, min(imageWidth - left, imageWidth * width / 1000)),
            height: max(1, min(imageHeight - top, imageHeight * height / 1000))
        )
    }
}

extension StripCrop {
    /// The crop covering `rect` (rounded outward) in an image of this size; nil when the image is
    /// empty or the rectangle lies outside it.
    public init?(covering rect: PixelRect, width imageWidth: Int, height imageHeight: Int) {
        guard imageWidth > 0, imageHeight > 0, imageWidth <= 1 << 30, imageHeight <= 1 << 30,
              (0..<imageWidth).contains(rect.x), (0..<imageHeight).contains(rect.y), rect.width > 0, rect.height > 0 else { return nil }
        let right = min(imageWidth, rect.x + min(rect.width, imageWidth)), bottom = min(imageHeight, rect.y + min(rect.height, imageHeight))
        let left = rect.x * 1000 / imageWidth, top = rect.y * 1000 / imageHeight
        let end = (right * 1000 + imageWidth - 1) / imageWidth, foot = (bottom * 1000 + imageHeight - 1) / imageHeight
        // A crop is at least 10 thousandths each way; a thinner box grows, staying inside.
        let width = max(10, end - left), height = max(10, foot - top)
        self.init(x: min(left, 1000 - width), y: min(top, 1000 - height), width: width, height: height)
    }
}

/// Decoding runs the same checks as the initializer: a synthesized `Decodable` would accept any
/// stored or sent number.
extension StripCrop {
    enum CodingKeys: String, CodingKey { case x, y, width, height }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let crop = StripCrop(
            x: try container.decode(Int.self, forKey: .x), y: try container.decode(Int.self, forKey: .y),
            width: try container.decode(Int.self, forKey: .width), height: try container.decode(Int.self, forKey: .height)
        ) else { throw DecodingError.dataCorruptedError(forKey: .width, in: container, debugDescription: "a crop inside 0–1000") }
        self = crop
    }
}
