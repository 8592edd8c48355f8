import ScanbookCore
import ScanbookVision

/// Where blocking image work runs: the server's image threads, or inline for the command line.
public protocol BlockingWork: Sendable {
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T
}

/// Runs the work on the calling task (the command line has nothing else to do meanwhile).
public struct InlineWork: BlockingWork {
    public init() {}
    public func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T { try body() }
}

/// Reads the bills and slips on a photo: every QR-bill's code, else the OCR-B codeline of an
/// orange slip. A codeline counts only when every check digit agrees (or exactly one confusable
/// digit makes them agree), so a misread never becomes a payment.
public struct SlipReader: Sendable {
    /// Finds, straightens and enhances the page before the codeline is read a second time.
    public var scanner = DocumentScanner(maximumPageSide: 2400, minimumPageWidth: 1600, enhancement: .document)
    /// Tesseract's languages for the codeline and the address block: with German too the block's
    /// ä, ö, ü are read (creditors exact 63 → 113 of 120 generated slips, codelines unchanged;
    /// docs/benchmarks.md). PP-OCR reads Latin script whatever it is told.
    public var languages = "deu+eng"

    public init() {}

    /// Decoding, barcodes and page finding go to `work`; OCR to `recognizer`'s own threads.
    public func read(_ bytes: [UInt8], with recognizer: any TextRecognizer, work: any BlockingWork = InlineWork()) async throws -> [Slip] {
        let photo = try await work.run { try Image.decode(bytes) }
        let bills = try await work.run { try BarcodeReader.decode(photo).filter { $0.symbology == .qrCode }.compactMap { Slip.fromQRCode($0.payload) } }
        if !bills.isEmpty { return bills }
        let sparse = OCROptions(languages: languages, pageSegmentation: .sparseText)
        let first = Self.codelines(in: try await recognizer.recognize(photo, options: sparse))
        if !first.isEmpty { return first }
        // A tilted or dim photo: the page found, straightened and enhanced, then read again.
        let scanner = self.scanner
        let prepared = try await work.run { try scanner.prepare(bytes) }
        let straightened = Self.codelines(in: try await recognizer.recognize(scanner.ocrImage(of: prepared), options: sparse))
        if !straightened.isEmpty { return straightened }
        // A grainy photo: at half size neighbouring pixels average the noise out of the digits.
        let half = try await work.run { try prepared.page.resized(width: max(1, prepared.page.width / 2), height: max(1, prepared.page.height / 2)) }
        return Self.codelines(in: try await recognizer.recognize(half, options: sparse))
    }

    /// The valid codelines among OCR's lines (a codeline OCR split in two is joined first), each
    /// with the creditor printed on the slip when its address block reads whole
    /// (`SlipAddressBlock`).
    static func codelines(in ocr: OCRResult) -> [Slip] {
        var slips = validCodelines(in: ocr)
        guard !slips.isEmpty, let creditor = SlipAddressBlock.creditor(in: ocr.lines) else { return slips }
        for index in slips.indices where slips[index].creditor == nil { slips[index].creditor = creditor }
        return slips
    }

    static func validCodelines(in ocr: OCRResult) -> [Slip] {
        let lines = ocr.lines.map(\.text).filter { $0.contains(">") || $0.contains("+") || $0.contains("›") }
        var found = lines.map(Slip.fromCodeline).filter(\.problems.isEmpty)
        if found.isEmpty, lines.count >= 2 {
            found = zip(lines, lines.dropFirst()).map { Slip.fromCodeline($0 + $1) }.filter(\.problems.isEmpty)
        }
        var unique: [Slip] = []
        for slip in found where !unique.contains(slip) { unique.append(slip) }
        return unique
    }
}
