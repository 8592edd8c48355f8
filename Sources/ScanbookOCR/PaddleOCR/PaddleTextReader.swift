import Foundation
import ScanbookCore
import ScanbookVision

/// PP-OCR (PaddleOCR's detector and recognizer, run by ONNX Runtime): text boxes found on the
/// page by DB detection, each cut out straight and read by the CTC recognizer in batches of
/// similar width, the pieces put into lines with a box and a confidence per word. It reads the
/// faint, small print of shop receipts far better than Tesseract (docs/benchmarks.md).
public final class PaddleTextReader: TextRecognizer, @unchecked Sendable {
    public struct Settings: Sendable, Equatable {
        /// The detector sees the page with its longer side at most this long …
        public var detectionLongSide = 960
        /// … unless that leaves the shorter side (a long receipt's width, where its lines run)
        /// under this: a 5,000-pixel till roll shrunk to 960 left its print too small to find.
        public var detectionShortSide = 480
        /// Never longer than this, however long the roll.
        public var detectionMaximumSide = 4096
        public var thresholds = TextBoxThresholds.paddle
        /// The recognizer's input height (PP-OCR's models are trained on 48).
        public var lineHeight = 48
        /// A batch's inputs are at least this wide. PaddleOCR pads to 320, but most boxes on a
        /// receipt are short words: padding them and batching them (padded to the widest) cost
        /// 60 % more recognition time, measured on 12 sroie-dev receipts (1,603 → 999 ms median,
        /// same totals), so each line is read alone at its own width, rounded up to 8 pixels.
        public var minimumLineWidth = 8
        /// Lines read in one run, of similar width.
        public var batchSize = 1
        /// A piece read less surely than this (0–1) is dropped as noise.
        public var minimumConfidence = 0.5
        /// How a page's turn is judged (`upright(_:)`): the direction classifier reads this many
        /// of the longest lines …
        public var turnSampleLines = 12
        /// … and needs this many of them, each this sure (PaddleOCR's line threshold), and twice
        /// as many as say it is upright, to turn a page upside down. (A page lying sideways is
        /// turned whichever way more of its lines say.)
        public var turnMinimumVotes = 3
        public var turnLineCertainty = 0.9

        public init() {}
    }

    public let files: PaddleModelFiles
    public let settings: Settings
    private let models: PaddleModels
    private let threads: WorkerThreads<Void>
    private var detector: ONNXModel { models.detector }
    private var recognizer: ONNXModel { models.recognizer }
    var directionClassifier: ONNXModel { models.directionClassifier }
    private var decoder: CTCDecoder { models.decoder }

    /// The runtime and both models (loaded once per process and shared), or which file is missing;
    /// `threads` threads of its own read pages, each run on one core.
    public init(files: PaddleModelFiles = .locate(), settings: Settings = Settings(), threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        self.files = files
        self.settings = settings
        models = try PaddleModels.shared(files)
        self.threads = WorkerThreads(count: threads, name: "ppocr")
    }

    public func shutdown() {
        threads.shutdown()
    }

    /// Tesseract's options mean little here: a single line (`.singleLine`) is read as one piece
    /// without detection (the second look at a receipt's total lines); anything else is a page.
    public func recognize(_ image: Image, options: OCROptions) async throws -> OCRResult {
        try await recognizeTimed(image, options: options).0
    }

    public func recognizeTimed(_ image: Image, options: OCROptions) async throws -> (OCRResult, StageTimings) {
        try await threads.run { [self] in
            var timings = StageTimings()
            // A rectangle is read cut out, its words placed back in the image's pixels.
            var part = image
            if let rect = options.rect {
                guard rect.x >= 0, rect.y >= 0, rect.width > 0, rect.height > 0, rect.x + rect.width <= image.width, rect.y + rect.height <= image.height else {
                    throw OCRError("The rectangle \(rect.x),\(rect.y),\(rect.width),\(rect.height) lies outside the \(image.width)×\(image.height) image")
                }
                part = try image.cropped(to: rect)
            }
            var result = try options.pageSegmentation == .singleLine
                ? readLine(part, timings: &timings)
                : read(part, turn: options.rect == nil ? options.turn : .readAsItLies, timings: &timings)
            if let rect = options.rect { result = result.offset(by: rect) }
            return (result, timings)
        }
    }

    /// A page read on the calling thread: `detect`, `turn` and `recognize` stages in `timings`.
    /// Unless `turn` says to read it as it lies, a page whose text lies sideways or upside down is
    /// turned upright and read so (its words placed in the upright page; `OCRResult.turn` says how
    /// it was turned).
    public func read(_ image: Image, turn handling: OCROptions.TurnHandling = .readUpright, timings: inout StageTimings) throws -> OCRResult {
        let found = FoundText(page: image, boxes: try timings.measure("detect") { try detect(image) })
        if handling == .readAsItLies { return try timings.measure("recognize") { try recognize(found.boxes, on: image) } }
        let (turn, upright) = try timings.measure("turn") { try self.upright(found) }
        if turn != .upright && handling == .stopWhenTurned {
            return OCRResult(text: "", meanConfidence: 0, words: [], lines: [], turn: turn)
        }
        var result = try timings.measure("recognize") { try recognize(upright.boxes, on: upright.page) }
        result.turn = turn
        return result
    }

    /// The whole image as one line of text.
    public func readLine(_ image: Image, timings: inout StageTimings) throws -> OCRResult {
        let corners = Quadrilateral(
            topLeft: Point(x: 0, y: 0), topRight: Point(x: Double(image.width - 1), y: 0),
            bottomRight: Point(x: Double(image.width - 1), y: Double(image.height - 1)), bottomLeft: Point(x: 0, y: Double(image.height - 1))
        )
        return try timings.measure("recognize") { try recognize([TextBox(corners: corners, score: 1)], on: image) }
    }

    /// The text boxes on the page.
    func detect(_ image: Image) throws -> [TextBox] {
        let scale = Self.detectionScale(width: image.width, height: image.height, settings: settings)
        // Sides in multiples of 32, as the detector's strides need.
        func side(_ length: Int) -> Int { max(32, Int((Double(Int(Double(length) * scale)) / 32).rounded(.toNearestOrEven)) * 32) }
        let (width, height) = (side(image.width), side(image.height))
        let input = try image.textDetectionInput(width: width, height: height)
        return try detector.run(input, shape: [1, 3, height, width]) { values, shape in
            guard shape.count == 4, shape[2] == height, shape[3] == width else {
                throw OCRError("\(files.detector): an output of shape \(shape) for an input of \(width)×\(height)")
            }
            return try image.textBoxes(probabilities: values, width: width, height: height, thresholds: settings.thresholds)
        }
    }

    /// How much the page is scaled for detection (at most 1): the longer side to
    /// `detectionLongSide`, but the shorter one not under `detectionShortSide` while the longer
    /// stays within `detectionMaximumSide`.
    static func detectionScale(width: Int, height: Int, settings: Settings) -> Double {
        let long = Double(max(1, width, height)), short = Double(max(1, min(width, height)))
        let scale = min(1, Double(settings.detectionLongSide) / long)
        guard short * scale < Double(settings.detectionShortSide) else { return scale }
        return min(1, Double(settings.detectionShortSide) / short, Double(settings.detectionMaximumSide) / long)
    }

    /// The boxes read in batches of similar width, then put into lines.
    func recognize(_ boxes: [TextBox], on image: Image) throws -> OCRResult {
        let height = settings.lineHeight
        let order = boxes.indices.sorted { boxes[$0].aspectRatio < boxes[$1].aspectRatio }
        var pieces: [TextLineGrouping.Piece] = []
        for start in stride(from: 0, to: order.count, by: max(1, settings.batchSize)) {
            let batch = Array(order[start..<min(order.count, start + max(1, settings.batchSize))])
            let widest = batch.map { boxes[$0].aspectRatio }.max() ?? 1
            // At most 50 times as wide as high: a line is never longer; a wider box is squeezed.
            let width = max(settings.minimumLineWidth, (Int((Double(height) * min(widest, 50)).rounded(.up)) + 7) / 8 * 8)
            let stride = 3 * height * width
            var input = [Float](repeating: 0, count: batch.count * stride)
            var used: [Int] = []
            for (slot, index) in batch.enumerated() {
                used.append(try image.writeTextLineInput(boxes[index], height: height, width: width, into: &input, at: slot * stride))
            }
            let read = try recognizer.run(input, shape: [batch.count, 3, height, width]) { values, shape in
                guard shape.count == 3, shape[0] == batch.count, shape[2] == decoder.alphabet.count else {
                    throw OCRError("\(files.recognizer): an output of shape \(shape) for \(decoder.alphabet.count) classes")
                }
                let (steps, classes) = (shape[1], shape[2])
                return batch.indices.map { slot in
                    (steps, CTCDecoder.spacedAtGaps(decoder.decode(values, offset: slot * steps * classes, steps: steps, classes: classes)))
                }
            }
            for ((slot, index), (steps, characters)) in zip(batch.enumerated(), read) {
                let piece = Self.piece(characters, box: boxes[index], inputWidth: width, usedWidth: used[slot], steps: steps)
                guard piece.confidence >= settings.minimumConfidence else { continue }
                pieces.append(piece)
            }
        }
        return TextLineGrouping.result(pieces)
    }

    /// A box's characters placed on the page: each time step covers `inputWidth / steps` input
    /// pixels, the text `usedWidth` of them, spread along the box's top edge.
    static func piece(_ characters: [CTCDecoder.Character], box: TextBox, inputWidth: Int, usedWidth: Int, steps: Int) -> TextLineGrouping.Piece {
        let c = box.corners
        let xs = c.corners.map(\.x), ys = c.corners.map(\.y)
        let left = Int(xs.min() ?? 0), top = Int(ys.min() ?? 0)
        let bounds = PixelRect(x: left, y: top, width: max(1, Int((xs.max() ?? 0).rounded(.up)) - left), height: max(1, Int((ys.max() ?? 0).rounded(.up)) - top))
        let size = c.naturalSize
        guard Double(size.height) / Double(size.width) < 1.5, steps > 0, usedWidth > 0 else {
            return TextLineGrouping.Piece(characters: characters, box: bounds, stepEdges: nil)
        }
        let run = c.topRight.x - c.topLeft.x
        let slope = run > 0 ? (c.topRight.y - c.topLeft.y) / run : 0
        let stepPixels = Double(inputWidth) / Double(steps)
        let edges = (0...steps).map { step -> Double in
            let along = min(1, Double(step) * stepPixels / Double(usedWidth))
            return c.topLeft.x + (c.topRight.x - c.topLeft.x) * along
        }
        return TextLineGrouping.Piece(characters: characters, box: bounds, stepEdges: edges, slope: slope)
    }
}
