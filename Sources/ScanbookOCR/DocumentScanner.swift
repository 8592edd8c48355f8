import Foundation
import ScanbookCore
import ScanbookVision

/// The generic document path: decode → find the page → warp upright → straighten → enhance → OCR.
/// `prepare` is synchronous CPU work (run it off the cooperative pool); `read` awaits the OCR pool.
public struct DocumentScanner: Sendable {
    /// Longest side of the warped page: 10-point text at A4 stays ~20 px high; larger pages only
    /// cost time (measured: same OCR accuracy at 1400–2000 px).
    public var maximumPageSide: Int
    /// Narrow pages (receipts) are enlarged to at least this width: Tesseract reads best with
    /// characters ~20 px high, i.e. about 300 dpi for an 80 mm receipt.
    public var minimumPageWidth: Int
    /// Wider pages are reduced to this width (nil: only `maximumPageSide` limits them), so a
    /// photo's resolution does not change the text height OCR sees.
    public var maximumPageWidth: Int?
    public var enhancement: EnhancementMode
    /// Which image OCR reads: the enhanced page (photos: shadows, uneven light) or the plain
    /// straightened page (clean scans, where flattening can thin faint print).
    public var readsEnhancedPage = true
    /// A found outline spanning less of the photo's height than this is taken for a box printed
    /// on the page (a logo frame, a table), not the page: the whole photo is read instead. The
    /// height is the page's as its text stands (`spansThePage`).
    public var minimumPageHeightShare = 0.0
    /// The finder also looks for outlines down to this share of the photo's area when it finds
    /// no larger one (`DocumentDetection.ordinaryAreaShare`, 8 %); such a small outline is always
    /// set aside like one spanning too little of the height, for a reader to take
    /// (`Framing.takesSmallOutline`).
    public var smallestOutlineAreaShare = DocumentDetection.ordinaryAreaShare
    public var ocrOptions: OCROptions

    public init(maximumPageSide: Int = 1600, minimumPageWidth: Int = 0, enhancement: EnhancementMode = .document, ocrOptions: OCROptions = OCROptions()) {
        self.maximumPageSide = maximumPageSide
        self.minimumPageWidth = minimumPageWidth
        self.enhancement = enhancement
        self.ocrOptions = ocrOptions
    }

    /// How `prepare` frames the page: the turn a reader found the text in, and whether an outline
    /// spanning too little of the photo to be the page (`minimumPageHeightShare`) is taken anyway.
    public struct Framing: Sendable, Hashable {
        public var turn: QuarterTurn
        public var takesSmallOutline: Bool

        public init(turn: QuarterTurn = .upright, takesSmallOutline: Bool = false) {
            self.turn = turn
            self.takesSmallOutline = takesSmallOutline
        }
    }

    public struct PreparedPage: Sendable {
        /// The photo's full size, upright (after its EXIF orientation).
        public let sourceWidth: Int
        public let sourceHeight: Int
        /// In the full photo's pixels.
        public let detection: DocumentDetection
        /// An outline the finder found but set aside as too small to be the page, in the full
        /// photo's pixels: the whole photo was prepared instead (`Framing.takesSmallOutline` takes it).
        public let setAsideOutline: Quadrilateral?
        public let skew: Double
        /// The upright page in colour, before enhancement.
        public let page: Image
        /// nil when the scanner reads the plain page (`readsEnhancedPage` off): not computed.
        public let enhanced: Image?
        public var timings: StageTimings
    }

    public struct ScannedPage: Sendable {
        public let prepared: PreparedPage
        public let ocr: OCRResult
        public var timings: StageTimings { prepared.timings }
    }

    /// The page finder works on ~720 px (`cvision_find_document`); the photo is decoded reduced to
    /// no less than this for it.
    static let findingSide = 800

    /// Where the page is, found on a reduced decode of the photo.
    public struct LocatedPage: Sendable {
        /// The photo's full size, upright (after its EXIF orientation).
        public let sourceWidth: Int
        public let sourceHeight: Int
        /// In the full photo's pixels.
        public let detection: DocumentDetection
        /// See `PreparedPage.setAsideOutline`.
        public let setAsideOutline: Quadrilateral?
        /// The photo decoded at 1/`reduction` of its size, which the page was found on.
        public let reduced: Image
        public let reduction: Int
        public var timings: StageTimings
    }

    /// Decode reduced → find the page. The finder works on ~720 px, so a 12 MP photo costs little
    /// more than a 1 MP scan here. `framing`: how far the text lies turned, as a reader found it,
    /// and whether a small outline is taken.
    public func locate(_ bytes: [UInt8], framing: Framing = Framing()) throws -> LocatedPage {
        var timings = StageTimings()
        let header = try Image.dimensions(of: bytes)
        let reduction = Self.reduction(from: max(header.width, header.height), keepingAtLeast: Self.findingSide)
        let reduced = try timings.measure("decode") {
            try Image.decode(bytes, minimumSide: Image.minimumPhotoSide, reduction: reduction)
        }
        let source = Self.uprightSize(of: header, decoded: reduced, reduction: reduction)
        var detection = try timings.measure("find") { try reduced.findDocument(smallestAreaShare: smallestOutlineAreaShare) }
            .scaled(by: Double(reduction))
        let small = detection.areaShare(ofImageWidth: source.width, height: source.height) < DocumentDetection.ordinaryAreaShare
        let setAside = detection.found && !framing.takesSmallOutline
            && (small || !spansThePage(detection, width: source.width, height: source.height, turn: framing.turn)) ? detection.corners : nil
        // Without a page the whole photo is the page.
        if !detection.found || setAside != nil { detection = .wholeImage(width: source.width, height: source.height) }
        return LocatedPage(
            sourceWidth: source.width, sourceHeight: source.height, detection: detection, setAsideOutline: setAside,
            reduced: reduced, reduction: reduction, timings: timings
        )
    }

    /// Whether an outline spans `minimumPageHeightShare` of the page's height as its text stands:
    /// the photo's width when the text lies sideways. Before a reader has looked (`.upright`), a
    /// landscape photo's width will do too: a receipt may lie sideways in it. (A box printed across
    /// a receipt spans the photo's height once the photo is turned.)
    func spansThePage(_ detection: DocumentDetection, width: Int, height: Int, turn: QuarterTurn) -> Bool {
        let across = detection.widthShare(ofImageWidth: width), down = detection.heightShare(ofImageHeight: height)
        let share = switch turn {
        case .clockwise, .counterClockwise: across
        case .upsideDown: down
        case .upright: width > height ? max(across, down) : down
        }
        return share >= minimumPageHeightShare
    }

    /// `locate` → warp from the most reduced decode that still holds the output's pixels →
    /// deskew → enhance. So a phone photo and a small scan of the same page give OCR the same page.
    /// `turn`: how far the text lies turned in the photo (as a reader found it), so that the page
    /// comes out upright and its size limits apply to it upright.
    public func prepare(_ bytes: [UInt8], turning turn: QuarterTurn = .upright) throws -> PreparedPage {
        try prepare(bytes, framing: Framing(turn: turn))
    }

    public func prepare(_ bytes: [UInt8], framing: Framing) throws -> PreparedPage {
        let located = try locate(bytes, framing: framing)
        var timings = located.timings
        let corners = located.detection.corners.turnedUpright(framing.turn)
        let natural = corners.naturalSize
        let (width, height) = Self.outputSize(natural, maximumSide: maximumPageSide, minimumWidth: minimumPageWidth, maximumWidth: maximumPageWidth)
        // The most the photo can be reduced while the page keeps at least the output's pixels.
        let reduction = Self.reduction(from: min(natural.width / width, natural.height / height), keepingAtLeast: 1)
        let source = reduction == located.reduction ? located.reduced : try timings.measure("decode") {
            try Image.decode(bytes, minimumSide: Image.minimumPhotoSide, reduction: reduction)
        }
        let warped = try timings.measure("warp") {
            try source.warped(corners.scaled(by: 1 / Double(reduction)), width: width, height: height)
        }
        let (page, skew) = try timings.measure("deskew") { try warped.deskewed() }
        let enhanced = readsEnhancedPage ? try timings.measure("enhance") { try page.enhanced(for: enhancement) } : nil
        return PreparedPage(
            sourceWidth: located.sourceWidth, sourceHeight: located.sourceHeight, detection: located.detection,
            setAsideOutline: located.setAsideOutline, skew: skew, page: page, enhanced: enhanced, timings: timings
        )
    }

    /// The largest of 1, 2, 4, 8 that keeps `side` at or above `minimum` (1 when even the full
    /// size is below it).
    static func reduction(from side: Int, keepingAtLeast minimum: Int) -> Int {
        [8, 4, 2].first { side / $0 >= minimum } ?? 1
    }

    /// The full photo's upright size: the header's, swapped when the EXIF orientation turned the
    /// decoded image by 90°.
    static func uprightSize(of header: ImageDimensions, decoded: Image, reduction: Int) -> (width: Int, height: Int) {
        func reduced(_ side: Int) -> Int { (side + reduction - 1) / reduction }
        let straight = abs(decoded.width - reduced(header.width)) + abs(decoded.height - reduced(header.height))
        let turned = abs(decoded.width - reduced(header.height)) + abs(decoded.height - reduced(header.width))
        return turned < straight ? (header.height, header.width) : (header.width, header.height)
    }

    public func read(_ prepared: PreparedPage, with recognizer: any TextRecognizer) async throws -> ScannedPage {
        try await read(prepared, page: ocrImage(of: prepared), with: recognizer)
    }

    /// `page` read instead of the one `ocrImage(of:)` picks (a reader that does better on the
    /// plain page than on the enhanced one).
    public func read(_ prepared: PreparedPage, page: Image, with recognizer: any TextRecognizer) async throws -> ScannedPage {
        var prepared = prepared
        let start = ContinuousClock.now
        let ocr = try await recognizer.recognize(page, options: ocrOptions)
        prepared.timings.record("ocr", since: start)
        return ScannedPage(prepared: prepared, ocr: ocr)
    }

    /// The image OCR reads: the enhanced or the plain page (`readsEnhancedPage`).
    public func ocrImage(of prepared: PreparedPage) -> Image {
        prepared.enhanced ?? prepared.page
    }

    static func outputSize(_ measured: (width: Int, height: Int), maximumSide: Int, minimumWidth: Int = 0, maximumWidth: Int? = nil) -> (Int, Int) {
        // A degenerate outline (all corners on one line) still gives a page of one pixel, never
        // a division by zero.
        let natural = (width: max(1, measured.width), height: max(1, measured.height))
        let longest = max(natural.width, natural.height)
        var scale = natural.width < minimumWidth ? Double(minimumWidth) / Double(natural.width) : 1
        if let maximumWidth, natural.width > maximumWidth { scale = Double(maximumWidth) / Double(natural.width) }
        scale = min(scale, Double(maximumSide) / Double(longest))
        guard scale != 1 else { return natural }
        return (max(1, Int(Double(natural.width) * scale)), max(1, Int(Double(natural.height) * scale)))
    }
}

/// Milliseconds per named stage, in the order they ran.
public struct StageTimings: Sendable, Codable, Equatable {
    public private(set) var stages: [Stage] = []

    public struct Stage: Sendable, Codable, Equatable {
        public let name: String
        public let milliseconds: Double
    }

    public init() {}

    public var total: Double { stages.reduce(0) { $0 + $1.milliseconds } }

    public subscript(name: String) -> Double? { stages.first { $0.name == name }?.milliseconds }

    /// Stage name → milliseconds, rounded to 0.1 ms (for JSON output).
    public var milliseconds: [String: Double] {
        Dictionary(stages.map { ($0.name, ($0.milliseconds * 10).rounded() / 10) }, uniquingKeysWith: +)
    }

    public mutating func measure<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        defer { record(name, since: start) }
        return try body()
    }

    /// Every stage of `other`, added to the ones of the same name.
    public mutating func add(_ other: StageTimings) {
        for stage in other.stages {
            if let index = stages.firstIndex(where: { $0.name == stage.name }) {
                stages[index] = Stage(name: stage.name, milliseconds: stages[index].milliseconds + stage.milliseconds)
            } else {
                stages.append(stage)
            }
        }
    }

    /// A stage that runs twice (the photo decoded twice) adds up under one name.
    public mutating func record(_ name: String, since start: ContinuousClock.Instant) {
        record(name, milliseconds: (ContinuousClock.now - start).milliseconds)
    }

    public mutating func record(_ name: String, milliseconds: Double) {
        if let index = stages.firstIndex(where: { $0.name == name }) {
            stages[index] = Stage(name: name, milliseconds: stages[index].milliseconds + milliseconds)
        } else {
            stages.append(Stage(name: name, milliseconds: milliseconds))
        }
    }
}
