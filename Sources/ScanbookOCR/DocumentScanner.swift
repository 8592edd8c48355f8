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
    /// on the page (a logo frame, a table), not the page: the whole photo is read instead.
    public var minimumPageHeightShare = 0.0
    public var ocrOptions: OCROptions

    public init(maximumPageSide: Int = 1600, minimumPageWidth: Int = 0, enhancement: EnhancementMode = .document, ocrOptions: OCROptions = OCROptions()) {
        self.maximumPageSide = maximumPageSide
        self.minimumPageWidth = minimumPageWidth
        self.enhancement = enhancement
        self.ocrOptions = ocrOptions
    }

    public struct PreparedPage: Sendable {
        public let sourceWidth: Int
        public let sourceHeight: Int
        public let detection: DocumentDetection
        public let skew: Double
        /// The upright page in colour, before enhancement.
        public let page: Image
        public let enhanced: Image
        public var timings: StageTimings
    }

    public struct ScannedPage: Sendable {
        public let prepared: PreparedPage
        public let ocr: OCRResult
        public var timings: StageTimings { prepared.timings }
    }

    public func prepare(_ bytes: [UInt8]) throws -> PreparedPage {
        var timings = StageTimings()
        let photo = try timings.measure("decode") { try Image.decode(bytes, minimumSide: Image.minimumPhotoSide) }
        var detection = try timings.measure("find") { try photo.findDocument() }
        if detection.found, detection.heightShare(ofImageHeight: photo.height) < minimumPageHeightShare {
            detection = .wholeImage(width: photo.width, height: photo.height)
        }
        let (width, height) = Self.outputSize(detection.corners.naturalSize, maximumSide: maximumPageSide, minimumWidth: minimumPageWidth, maximumWidth: maximumPageWidth)
        let warped = try timings.measure("warp") { try photo.warped(detection.corners, width: width, height: height) }
        let (page, skew) = try timings.measure("deskew") { try warped.deskewed() }
        let enhanced = try timings.measure("enhance") { try page.enhanced(for: enhancement) }
        return PreparedPage(
            sourceWidth: photo.width, sourceHeight: photo.height, detection: detection,
            skew: skew, page: page, enhanced: enhanced, timings: timings
        )
    }

    public func read(_ prepared: PreparedPage, with recognizer: any TextRecognizer) async throws -> ScannedPage {
        var prepared = prepared
        let start = ContinuousClock.now
        let ocr = try await recognizer.recognize(ocrImage(of: prepared), options: ocrOptions)
        prepared.timings.record("ocr", since: start)
        return ScannedPage(prepared: prepared, ocr: ocr)
    }

    /// The image OCR reads: the enhanced or the plain page (`readsEnhancedPage`).
    public func ocrImage(of prepared: PreparedPage) -> Image {
        readsEnhancedPage ? prepared.enhanced : prepared.page
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

    mutating func measure<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        defer { record(name, since: start) }
        return try body()
    }

    mutating func record(_ name: String, since start: ContinuousClock.Instant) {
        stages.append(Stage(name: name, milliseconds: (ContinuousClock.now - start).milliseconds))
    }
}
