/// What a region of a form holds, which decides how it is read and checked.
public enum FormRegionType: String, Sendable, Codable, CaseIterable {
    case unknown, name, studentNumber, seminarGroup, points, grade

    /// Read by the handwritten-digit network (cell by cell when the region is a comb).
    public var isNumeric: Bool { self == .studentNumber || self == .points || self == .grade }
}

/// A named rectangle on one page of a template, in pixels of the page image; a comb field has
/// `cells` equal boxes side by side, one character each.
public struct FormRegion: Equatable, Sendable, Codable {
    public var name: String
    public var type: FormRegionType
    /// 1-based page number.
    public var page: Int
    public var rect: PixelRect
    public var cells: Int?

    public init(name: String, type: FormRegionType, page: Int, rect: PixelRect, cells: Int? = nil) {
        self.name = name
        self.type = type
        self.page = page
        self.rect = rect
        self.cells = cells
    }

    /// The template file writes `rect` as `[x, y, w, h]`.
    enum CodingKeys: String, CodingKey { case name, type, page, rect, cells }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        type = try container.decode(FormRegionType.self, forKey: .type)
        page = try container.decodeIfPresent(Int.self, forKey: .page) ?? 1
        let numbers = try container.decode([Int].self, forKey: .rect)
        guard numbers.count == 4 else {
            throw DecodingError.dataCorruptedError(forKey: .rect, in: container, debugDescription: "rect is [x, y, width, height]")
        }
        rect = PixelRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        cells = try container.decodeIfPresent(Int.self, forKey: .cells)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(type, forKey: .type)
        try container.encode(page, forKey: .page)
        try container.encode([rect.x, rect.y, rect.width, rect.height], forKey: .rect)
        try container.encodeIfPresent(cells, forKey: .cells)
    }

    /// The comb's cells, left to right, splitting the width as evenly as whole pixels allow.
    public var cellRects: [PixelRect] {
        guard let cells, cells > 1 else { return [rect] }
        return (0..<cells).map { index in
            let left = rect.x + rect.width * index / cells
            let right = rect.x + rect.width * (index + 1) / cells
            return PixelRect(x: left, y: rect.y, width: right - left, height: rect.height)
        }
    }
}
