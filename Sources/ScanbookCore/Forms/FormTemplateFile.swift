/// A template as exported and imported (`template.json` beside its page images and roster):
/// name, pages, regions, links, and the roster's file name.
public struct FormTemplateFile: Equatable, Sendable, Codable {
    public struct Page: Equatable, Sendable, Codable {
        public var image: String
        /// Pixel size of the page image, when known (regions must lie inside it).
        public var width: Int?
        public var height: Int?

        public init(image: String, width: Int? = nil, height: Int? = nil) {
            self.image = image
            self.width = width
            self.height = height
        }
    }

    public var name: String
    public var description: String?
    public var pages: [Page]
    public var regions: [FormRegion]
    public var links: [FormLink]
    public var roster: String?

    public init(name: String, description: String? = nil, pages: [Page], regions: [FormRegion], links: [FormLink] = [], roster: String? = nil) {
        self.name = name
        self.description = description
        self.pages = pages
        self.regions = regions
        self.links = links
        self.roster = roster
    }

    public static let maximumCells = 40

    /// One word of letters and digits (any script), `_`, `-` and `.`, starting with a letter or
    /// digit, at most 100 characters: what links name (`a + b = total`) and CSV headers carry safely.
    public static func isRegionName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first.isNumber, name.count <= 100 else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
    }

    /// Every problem at once: names unique and present, regions on existing pages with an area
    /// inside the page, cells 1–40, links naming existing regions of the right types.
    public func problems() -> [FormProblem] {
        var problems: [FormProblem] = []
        if name.trimmingWhitespace().isEmpty { problems.append(.nameMissing) }
        var types: [String: FormRegionType] = [:]
        for region in regions {
            if region.name.trimmingWhitespace().isEmpty { problems.append(.regionNameMissing); continue }
            if !Self.isRegionName(region.name) { problems.append(.regionNameInvalid(region.name)) }
            // A second region of the same name is reported; links keep meaning the first.
            if types[region.name] != nil { problems.append(.duplicateRegion(region.name)) } else { types[region.name] = region.type }
            // Compared, not subtracted: a page number from outside may be Int.min.
            guard region.page >= 1, region.page <= pages.count else {
                problems.append(.pageOutOfRange(region: region.name, page: region.page))
                continue
            }
            let page = pages[region.page - 1]
            let rect = region.rect
            let inside = rect.x >= 0 && rect.y >= 0 && rect.width > 0 && rect.height > 0
                && (page.width.map { rect.x <= $0 - rect.width } ?? true) && (page.height.map { rect.y <= $0 - rect.height } ?? true)
            if !inside { problems.append(.rectInvalid(region: region.name)) }
            if let cells = region.cells, !(1...Self.maximumCells).contains(cells) { problems.append(.cellsOutOfRange(region: region.name)) }
        }
        for link in links {
            for name in link.regions where types[name] == nil { problems.append(.unknownRegion(name)) }
            switch link {
            case .equal(let names):
                if names.count < 2 { problems.append(.linkNeedsRegions(link.kind)) }
            case .sum(let parts, let total):
                if parts.isEmpty { problems.append(.linkNeedsRegions(link.kind)) }
                for name in parts + [total] where types[name].map({ $0 != .points }) ?? false {
                    problems.append(.wrongRegionType(region: name, expected: .points))
                }
            case .gradeScale(let points, let grade, _):
                if types[points].map({ $0 != .points }) ?? false { problems.append(.wrongRegionType(region: points, expected: .points)) }
                if types[grade].map({ $0 != .grade }) ?? false { problems.append(.wrongRegionType(region: grade, expected: .grade)) }
            }
        }
        return problems
    }
}
