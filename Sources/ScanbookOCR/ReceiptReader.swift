import ScanbookCore
import ScanbookVision

/// A receipt photo to total, date and merchant: the document pipeline tuned for a narrow single
/// column of text, then `ReceiptExtractor` on the OCR lines, with a second look at the total's
/// lines when nothing on the receipt confirms the total read.
public struct ReceiptReader: Sendable {
    public var scanner: DocumentScanner
    public var extractor: ReceiptExtractor
    /// Tesseract languages for the second look; nil: the page's.
    public var secondLookLanguages: String?

    public init(languages: String = "deu+eng", extractor: ReceiptExtractor = ReceiptExtractor()) {
        scanner = DocumentScanner(
            maximumPageSide: 4000,
            minimumPageWidth: 1000,
            enhancement: .document,
            ocrOptions: OCROptions(languages: languages, pageSegmentation: .singleColumn)
        )
        // A receipt line holds a fixed number of characters (32–48 on 58–80 mm paper), so the
        // page's width fixes the text height: 1,000–1,200 px wide gives characters ~20–25 px high
        // whatever the photo's resolution. More pixels only cost OCR time.
        scanner.maximumPageWidth = 1200
        // Measured on sroie-dev scans: flattening thins faint thermal print (total 46% → 58% on
        // 24 receipts when reading the plain page). Photos with shadows may need the other way.
        scanner.readsEnhancedPage = false
        // Measured on sroie-dev: 31 of 41 outlines found in scans were a box inside the receipt
        // spanning < 50% of its height (photographed receipts span ~75–95%).
        scanner.minimumPageHeightShare = 0.5
        self.extractor = extractor
        // The lines read again are amounts and a keyword: measured on sroie-dev, `eng` alone reads
        // them as well as `deu+eng` (totals 88.0% against 87.6%; generated German/Swiss unchanged)
        // in 20% less time.
        if languages.split(separator: "+").contains("eng") { secondLookLanguages = "eng" }
    }

    public struct Reading: Sendable {
        public let result: ReceiptExtractor.Result
        public let ocr: OCRResult
        /// The lines read a second time (index into `ocr.lines` → that line's reading); empty
        /// when the total needed no second look.
        public let secondLook: [Int: OCRResult]
        public let timings: StageTimings
    }

    public func read(_ bytes: [UInt8], with recognizer: any TextRecognizer) async throws -> Reading {
        try await read(try scanner.prepare(bytes), with: recognizer)
    }

    /// OCR and extraction of a page `scanner.prepare` made (the CPU work, which callers may run
    /// off the cooperative pool).
    public func read(_ prepared: DocumentScanner.PreparedPage, with recognizer: any TextRecognizer) async throws -> Reading {
        let scanned = try await scanner.read(prepared, with: recognizer)
        var timings = scanned.timings
        var ocr = scanned.ocr
        // No total at all: on phone photos that is mostly shade or fading across the page, where
        // Tesseract's one threshold for the whole page turns part of it black and the amounts are
        // lost. Read it again with a threshold per neighbourhood and keep that reading if it finds
        // a total. Not the default: on even scans (sroie-dev) it reads 2–6 points fewer totals.
        if extractor.extract(ocr).total == nil {
            var local = scanner
            local.ocrOptions.thresholding = .local
            let start = ContinuousClock.now
            let again = try await local.read(prepared, with: recognizer)
            if extractor.extract(again.ocr).total != nil { ocr = again.ocr }
            timings.record("second threshold", since: start)
        }
        let start = ContinuousClock.now
        let secondLook = try await secondLook(at: ocr, on: scanner.ocrImage(of: prepared), with: recognizer)
        if !secondLook.isEmpty { timings.record("second look", since: start) }
        let result = timings.measure("extract") { extractor.extract(ocr, secondLook: secondLook) }
        return Reading(result: result, ocr: ocr, secondLook: secondLook, timings: timings)
    }

    /// The total's lines read again one by one, across the page's width, when the first reading's
    /// total is not confirmed by the receipt's own sums; else nothing.
    public func secondLook(at ocr: OCRResult, on page: Image, with recognizer: any TextRecognizer) async throws -> [Int: OCRResult] {
        guard extractor.wantsSecondLook(extractor.extract(ocr)) else { return [:] }
        let lines = extractor.linesForSecondLook(ocr)
        guard !lines.isEmpty else { return [:] }
        // Converted once here rather than by OCR for every line.
        let gray = page.channels == 1 ? page : try page.grayscale()
        let options = OCROptions(languages: secondLookLanguages ?? scanner.ocrOptions.languages, pageSegmentation: .singleLine)
        var readings: [Int: OCRResult] = [:]
        for index in lines {
            let band = ReceiptExtractor.secondLookBand(around: ocr.lines[index].box, pageWidth: gray.width, pageHeight: gray.height)
            // Cut out rather than `OCROptions.rect`: measured on sroie-dev scans, Tesseract read a
            // band reaching the page's right edge as noise when given the whole page and a rectangle.
            let reading = try await recognizer.recognize(try gray.cropped(to: band), options: options)
            readings[index] = reading.offset(by: band)
        }
        return readings
    }
}
