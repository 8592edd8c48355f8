import ScanbookCore
import ScanbookVision

/// Reads a meter's counter from the whole photo a person takes: the photo is aligned to the
/// meter's reference photo (the features that tell meters apart give the correspondences), the
/// counter window known on the reference is cut out straightened, and the strip reader reads it.
/// When alignment is weak the window is looked for directly in the photo. The text reader reads
/// the same window as a second, independent opinion; digits it disagrees on are marked unsure.
public struct MeterPhotoReader: Sendable {
    public let strips: StripReader
    public let text: any TextRecognizer

    /// Fewer agreeing features than this and the fit may be a lucky one: the window is looked for instead.
    public static let minimumInliers = 30

    public init(strips: StripReader, text: any TextRecognizer) {
        self.strips = strips
        self.text = text
    }

    public enum Method: String, Sendable, Codable {
        /// The reference's window mapped into the photo by the fitted homography.
        case aligned
        /// Too few features agreed (or no window is known): the counter line was found in the photo.
        case found
    }

    public struct Reading: Sendable {
        public let method: Method
        /// Where the strip was cut: in the reference's pixels when aligned, in the photo's when found.
        public let window: PixelRect
        /// Features the alignment agreed with (0 when none was fitted).
        public let inliers: Int
        public let strip: StripReader.Result
        /// The text reader's digits in the same window; nil when it saw none.
        public let secondReading: String?
        /// The digits proposed, left to right: the strip reader's, a doubted one replaced when the text
        /// reader's digit was its runner-up (`CounterDigitCheck`).
        public let digits: [Int]
        /// Digit positions, left to right, that must not be taken as read.
        public let unsure: [Int]

        public var steps: Int { MeterCounter.steps(digits) }
        public var isSure: Bool { unsure.isEmpty }
    }

    /// Where a counter is on a photo, and how it was seen.
    public struct Window: Sendable, Equatable {
        public let box: PixelRect
        /// The text reader's counter line, when the window is that line.
        public let line: CounterLineFinder.Found?
        /// Digit cells counted by shape, when the window is a row of them.
        public let cells: Int?
    }

    /// The counter on a photo (a new meter's reference photo, to propose its window and layout):
    /// the text reader's counter line when it has all of `expectedDigits` (or a display's decimal
    /// mark), else the longest row of digit cells by shape, widened to `expectedDigits` cells on the
    /// right (where the red decimal drums no bright cell shows), else whatever line was read.
    public func findWindow(in photo: Image, expectedDigits: Int? = nil, work: any BlockingWork = InlineWork()) async throws -> Window? {
        let line = CounterLineFinder.find(in: try await text.recognize(photo, options: OCROptions()), expectedDigits: expectedDigits)
        if let line, line.decimalsShown != nil || expectedDigits.map({ line.digits.count >= $0 }) ?? true {
            return Window(box: line.box, line: line, cells: nil)
        }
        if let row = try await work.run({ try photo.digitRow() }), row.cells >= (line?.digits.count ?? 0) {
            var box = row.bounds
            if let expected = expectedDigits, expected > row.cells, expected <= 12 {
                let wider = box.width + Int((Double(expected - row.cells) * row.pitch).rounded())
                box.width = min(photo.width - box.x, wider)
            }
            return Window(box: box, line: nil, cells: row.cells)
        }
        return line.map { Window(box: $0.box, line: $0, cells: nil) }
    }

    /// nil when neither alignment nor the finder locate a counter. Image work runs on `work`, text
    /// reading on the text reader's own threads.
    public func read(
        _ photo: Image, reference: Image?, window: PixelRect?, counter: MeterCounter, work: any BlockingWork = InlineWork()
    ) async throws -> Reading? {
        var cut: (strip: Image, window: PixelRect, inliers: Int, method: Method)?
        var inliers = 0
        if let reference, let window {
            let aligned = try await work.run { try Self.alignedStrip(photo, reference: reference, window: window) }
            inliers = aligned.inliers
            if let strip = aligned.strip { cut = (strip, aligned.window, aligned.inliers, .aligned) }
        }
        if cut == nil, let found = try await findWindow(in: photo, expectedDigits: counter.digits, work: work) {
            let loose = Self.loose(found.box, within: photo.width, photo.height)
            let alignedInliers = inliers
            cut = try await work.run { (try photo.cropped(to: loose), loose, alignedInliers, .found) }
        }
        guard let cut else { return nil }
        let second = CounterLineFinder.find(in: try await text.recognize(cut.strip, options: OCROptions()), expectedDigits: counter.digits)
        return try await work.run {
            try reading(cut.strip, method: cut.method, window: cut.window, inliers: cut.inliers, second: second, counter: counter)
        }
    }

    /// The reference's window cut from the photo straightened onto the reference; no strip when
    /// too few features agree.
    static func alignedStrip(_ photo: Image, reference: Image, window: PixelRect) throws -> (strip: Image?, window: PixelRect, inliers: Int) {
        let alignment = try photo.alignment(to: reference)
        let cut = loose(window, within: reference.width, reference.height)
        guard let homography = alignment.homography, alignment.inliers >= minimumInliers else { return (nil, cut, alignment.inliers) }
        let straightened = try photo.warped(by: homography, width: reference.width, height: reference.height)
        return (try straightened.cropped(to: cut), cut, alignment.inliers)
    }

    private func reading(_ strip: Image, method: Method, window: PixelRect, inliers: Int, second: CounterLineFinder.Found?, counter: MeterCounter) throws -> Reading {
        let result = try strips.read(strip, counter: counter)
        let checked = CounterDigitCheck.combine(result.checkCells, second: second, decimals: counter.decimals)
        return Reading(method: method, window: window, inliers: inliers, strip: result, secondReading: second?.digits, digits: checked.digits, unsure: checked.unsure)
    }

    /// The strip layout finder wants a loose crop (as a person draws one): a margin around the
    /// digits, kept inside the image.
    static func loose(_ box: PixelRect, within width: Int, _ height: Int) -> PixelRect {
        let marginX = box.width / 25, marginY = box.height / 4
        let left = max(0, box.x - marginX), top = max(0, box.y - marginY)
        let right = min(width, box.x + box.width + marginX), bottom = min(height, box.y + box.height + marginY)
        return PixelRect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
    }
}
