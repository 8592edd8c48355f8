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
        // A narrow receipt photographed from further away covers 3–8 % of the photo: its outline
        // is found (and set aside until the reader's first look says the text lies within it).
        scanner.smallestOutlineAreaShare = 0.03
        self.extractor = extractor
        // The lines read again are amounts and a keyword: measured on sroie-dev, `eng` alone reads
        // them as well as `deu+eng` (totals 88.0% against 87.6%; generated German/Swiss unchanged)
        // in 20% less time.
        if languages.split(separator: "+").contains("eng") { secondLookLanguages = "eng" }
    }

    public struct Reading: Sendable {
        public var result: ReceiptExtractor.Result
        public let ocr: OCRResult
        /// The lines read a second time (index into `ocr.lines` → that line's reading); empty
        /// when the total needed no second look.
        public let secondLook: [Int: OCRResult]
        public var timings: StageTimings

        public init(result: ReceiptExtractor.Result, ocr: OCRResult, secondLook: [Int: OCRResult], timings: StageTimings) {
            self.result = result
            self.ocr = ocr
            self.secondLook = secondLook
            self.timings = timings
        }
    }

    /// One way of reading the page: Tesseract's threshold, and the page's width (nil: as prepared).
    public struct Pass: Sendable, Hashable, LosslessStringConvertible {
        public var thresholding: OCROptions.Thresholding
        public var pageWidth: Int?

        public init(thresholding: OCROptions.Thresholding = .global, pageWidth: Int? = nil) {
            self.thresholding = thresholding
            self.pageWidth = pageWidth
        }

        /// "global", "local", "global-w1600": the name of the pass's OCR in bench caches.
        public var description: String { "\(thresholding)" + (pageWidth.map { "-w\($0)" } ?? "") }

        public init?(_ description: String) {
            let parts = description.split(separator: "-w")
            guard let thresholding = [OCROptions.Thresholding.global, .local].first(where: { "\($0)" == parts.first.map(String.init) }),
                  parts.count <= 2 else { return nil }
            let width = parts.count == 2 ? Int(parts[1]) : nil
            if parts.count == 2 && width == nil { return nil }
            self.init(thresholding: thresholding, pageWidth: width)
        }
    }

    /// The readings tried in turn while the total stays unsure, the better supported kept each time.
    /// Tesseract's one threshold for the whole page (Otsu) suits even scans; on shade or fading
    /// across a photo it turns part of the page black, where a threshold per neighbourhood (Sauvola)
    /// survives (but alone reads even scans 2–6 points worse). Faint or broken print is misread
    /// differently at other text heights (~32 and ~18 px against ~24). Each pass was measured to
    /// add totals on sroie-dev at both scales and on the German photos; see docs/benchmarks.md.
    public var passes: [Pass] = [Pass(), Pass(thresholding: .local), Pass(pageWidth: 1600), Pass(pageWidth: 900)]

    /// Below this confidence (or with no total) the next pass reads the page again. 0.9 re-reads a
    /// third of sroie-dev and gains as much as re-reading every receipt.
    public var rereadBelow = 0.9

    /// One more pass when the first reading found no date (Tesseract's; see `wantsTheDate`).
    public var rereadsForTheDate = true

    public func read(_ bytes: [UInt8], with recognizer: any TextRecognizer) async throws -> Reading {
        try await read(preparing: { framing in try scanner.prepare(bytes, framing: framing) }, with: recognizer).reading
    }

    /// The photo prepared by `prepare` (the CPU work, which callers may run off the cooperative
    /// pool) and read in as many passes as the total needs, the first by `readUpright`; the page
    /// returned is the one read, upright.
    public func read(
        preparing prepare: (DocumentScanner.Framing) async throws -> DocumentScanner.PreparedPage, with recognizer: any TextRecognizer
    ) async throws -> (page: DocumentScanner.PreparedPage, reading: Reading) {
        let (page, first) = try await readUpright(preparing: prepare, pass: passes.first ?? Pass(), with: recognizer)
        let reading = try await combining(first: first) { pass in try await read(page, pass: pass, turn: .readAsItLies, with: recognizer) }
        return (page, reading)
    }

    /// One pass over the photo as `prepare` makes it; when the reader finds its text turned
    /// (PP-OCR: a receipt photographed sideways or upside down), it stops there and the photo is
    /// prepared again upright and read, so that the page's size limits fit the page as it stands,
    /// the second look cuts lines out of the page the words were placed in, and the page kept
    /// stands upright. The first look's time is the "turning" stage.
    ///
    /// A receipt photographed from further away, or lying sideways in a portrait photo, is taken
    /// for a box printed on a page (its outline spans under half the photo's height), and the
    /// whole photo read is too small for its text to be read well or its turn judged. So the
    /// outline the page finder set aside is read as the page (turned upright if its text lies
    /// turned) when the text of that first look lies within it, or the look found no sure total;
    /// and if the look was judged upright in a portrait photo and still no sure total is read,
    /// that outline is read as lying sideways, each way in turn. The best supported reading is kept.
    public func readUpright(
        preparing prepare: (DocumentScanner.Framing) async throws -> DocumentScanner.PreparedPage, pass: Pass, with recognizer: any TextRecognizer
    ) async throws -> (page: DocumentScanner.PreparedPage, reading: Reading) {
        let start = ContinuousClock.now
        let lying = try await prepare(DocumentScanner.Framing())
        let reading = try await read(lying, pass: pass, turn: .stopWhenTurned, with: recognizer)
        if let turn = reading.ocr.turn, turn != .upright {
            return try await read(turnedBy: DocumentScanner.Framing(turn: turn), preparing: prepare, pass: pass, with: recognizer, since: start)
        }
        var kept = (page: lying, reading: reading)
        if let outline = lying.setAsideOutline {
            let textWithin = Self.textLies(within: outline, of: lying, lines: reading.ocr.lines)
            if textWithin || wantsAnotherReading(reading.result) {
                kept = try await readSmallOutline(preparing: prepare, pass: pass, with: recognizer, over: kept, textWithin: textWithin, since: start)
            }
        }
        guard reading.ocr.turn == .upright, wantsAnotherReading(kept.reading.result), !lying.detection.found,
              lying.sourceHeight > lying.sourceWidth else { return kept }
        return try await readSideways(preparing: prepare, pass: pass, with: recognizer, over: kept, since: start)
    }

    /// Whether nearly all of the lines read on the whole photo (`page`, prepared from it) lie
    /// within `outline` (in the photo's pixels, a little widened for the page's straightening):
    /// then the outline is the receipt, not a box printed on one, which has the receipt's text
    /// around it.
    static func textLies(within outline: Quadrilateral, of page: DocumentScanner.PreparedPage, lines: [OCRLine]) -> Bool {
        guard !lines.isEmpty, page.sourceWidth > 0, page.sourceHeight > 0 else { return false }
        let (scaleX, scaleY) = (Double(page.page.width) / Double(page.sourceWidth), Double(page.page.height) / Double(page.sourceHeight))
        let xs = outline.corners.map { $0.x * scaleX }, ys = outline.corners.map { $0.y * scaleY }
        guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max() else { return false }
        let margin = 0.03 * Double(max(page.page.width, page.page.height))
        let within = lines.filter { line in
            let (x, y) = (Double(line.box.x) + Double(line.box.width) / 2, Double(line.box.y) + Double(line.box.height) / 2)
            return x >= left - margin && x <= right + margin && y >= top - margin && y <= bottom + margin
        }
        return Double(within.count) >= textWithinShare * Double(lines.count)
    }

    /// The share of a first look's lines that must lie within a set-aside outline for it to be
    /// the receipt: a few specks of the table read as text are allowed.
    static let textWithinShare = 0.95

    /// The outline the page finder set aside as too small, read as the page (prepared again
    /// upright when the reader finds its text turned). It replaces `first` when better supported,
    /// or, when the first look's text lay within it (`textWithin`), when it reads a total as well
    /// backed: it is the same receipt, read larger.
    private func readSmallOutline(
        preparing prepare: (DocumentScanner.Framing) async throws -> DocumentScanner.PreparedPage, pass: Pass, with recognizer: any TextRecognizer,
        over first: (page: DocumentScanner.PreparedPage, reading: Reading), textWithin: Bool, since start: ContinuousClock.Instant
    ) async throws -> (page: DocumentScanner.PreparedPage, reading: Reading) {
        let looking = (ContinuousClock.now - start).milliseconds
        let outline = try await prepare(DocumentScanner.Framing(takesSmallOutline: true))
        let look = try await read(outline, pass: pass, turn: .stopWhenTurned, with: recognizer)
        var candidate = (page: outline, reading: look)
        if let turn = look.ocr.turn, turn != .upright {
            candidate = try await read(turnedBy: DocumentScanner.Framing(turn: turn, takesSmallOutline: true), preparing: prepare, pass: pass, with: recognizer, since: start)
        } else {
            candidate.reading.timings.record("turning", milliseconds: looking)
        }
        let (found, read) = (Self.support(candidate.reading.result), Self.support(first.reading.result))
        let asWellBacked = textWithin && (found.0, found.1) >= (read.0, read.1)
        guard found > read || asWellBacked else { return first }
        // A box kept for its better backed total leaves out the receipt's header around it.
        if !textWithin { candidate.reading.result = Self.filled(candidate.reading.result, from: first.reading.result) }
        return candidate
    }

    /// The date, merchant and currency that a reading of part of a receipt did not find, taken
    /// from a reading of the whole.
    static func filled(_ part: ReceiptExtractor.Result, from whole: ReceiptExtractor.Result) -> ReceiptExtractor.Result {
        var result = part
        if result.date == nil { result.date = whole.date }
        if result.merchant == nil { result.merchant = whole.merchant }
        if result.currency == nil { result.currency = whole.currency }
        return result
    }

    /// The outline the page finder set aside in a portrait photo, prepared as lying sideways (the
    /// finder then takes an outline spanning the photo's width) and read, each way in turn while
    /// no sure total is read: the reader's "upside down" wants a clear majority, as it is rare on an
    /// upright page. The best supported reading is kept, `first` on a tie.
    private func readSideways(
        preparing prepare: (DocumentScanner.Framing) async throws -> DocumentScanner.PreparedPage, pass: Pass, with recognizer: any TextRecognizer,
        over first: (page: DocumentScanner.PreparedPage, reading: Reading), since start: ContinuousClock.Instant
    ) async throws -> (page: DocumentScanner.PreparedPage, reading: Reading) {
        var kept = first
        var tried: Set<QuarterTurn> = []
        for guess in [QuarterTurn.counterClockwise, .clockwise] where !tried.contains(guess) && wantsAnotherReading(kept.reading.result) {
            let looking = (ContinuousClock.now - start).milliseconds
            let sideways = try await prepare(DocumentScanner.Framing(turn: guess))
            guard sideways.detection.found else { break }
            tried.insert(guess)
            let look = try await read(sideways, pass: pass, turn: .stopWhenTurned, with: recognizer)
            var candidate: (page: DocumentScanner.PreparedPage, reading: Reading)
            switch look.ocr.turn {
            case .upright?:
                candidate = (sideways, look)
                candidate.reading.timings.record("turning", milliseconds: looking)
            case .upsideDown?:
                let turn = guess.followed(by: .upsideDown)
                tried.insert(turn)
                candidate = try await read(turnedBy: DocumentScanner.Framing(turn: turn), preparing: prepare, pass: pass, with: recognizer, since: start)
            default:
                return kept  // its text runs down the page: not a receipt lying sideways
            }
            if Self.support(candidate.reading.result) > Self.support(kept.reading.result) { kept = candidate }
        }
        return kept
    }

    /// The photo prepared again with its text turned upright (`framing.turn`) and read; the time
    /// since `start` (the looks that found the turn) is the "turning" stage.
    private func read(
        turnedBy framing: DocumentScanner.Framing, preparing prepare: (DocumentScanner.Framing) async throws -> DocumentScanner.PreparedPage, pass: Pass,
        with recognizer: any TextRecognizer, since start: ContinuousClock.Instant
    ) async throws -> (page: DocumentScanner.PreparedPage, reading: Reading) {
        let looking = (ContinuousClock.now - start).milliseconds
        let upright = try await prepare(framing)
        var turned = try await read(upright, pass: pass, turn: .readAsItLies, with: recognizer)
        turned.timings.record("turning", milliseconds: looking)
        return (upright, turned)
    }

    /// The passes' readings (made by `reading`; the first may be given, already made) combined:
    /// the first, then each next one while the total is unsure (and one more when the first found
    /// no date), keeping the better supported; a total the readings dispute is left unsure.
    /// Timings are the first reading's, plus the time of the others as "rereading".
    public func combining(first: Reading? = nil, _ reading: (Pass) async throws -> Reading) async throws -> Reading {
        let first = if let first { first } else { try await reading(passes.first ?? Pass()) }
        var kept = first
        let start = ContinuousClock.now
        var readings = [first]
        for pass in passes.dropFirst() where wantsAnotherReading(kept.result) || (rereadsForTheDate && Self.wantsTheDate(readings)) {
            let next = try await reading(pass)
            readings.append(next)
            kept = Self.preferred(kept, next)
        }
        kept = Self.roundedByAnother(of: readings, over: Self.majority(of: readings, over: kept))
        // The date does not depend on the total: another reading of the page may have read it where
        // the kept one did not. (Not the currency: a misread one books the receipt in it, where an
        // unread one asks the user.)
        if kept.result.date == nil { kept.result.date = readings.lazy.compactMap(\.result.date).first }
        // Nor does the merchant: a reading that found the company line read the header better.
        if !(kept.result.merchant.map(MerchantGuess.namesCompanyForm) ?? false),
           let company = readings.lazy.compactMap(\.result.merchant).first(where: { MerchantGuess.namesCompanyForm($0) && MerchantGuess.readsAsWords($0) }) {
            kept.result.merchant = company
        }
        // Readings of one page that disagree, with none backing the kept total: the user checks it.
        let read = readings.compactMap(\.result.total)
        if let total = kept.result.total {
            let giving = read.filter { $0.sameValue(as: total) || $0.roundsToStep(total) }.count
            if giving < 2 && giving < read.count { kept.result.confidence = min(kept.result.confidence, Self.disputedConfidence) }
        }
        kept.timings = first.timings
        if readings.count > 1 { kept.timings.record("rereading", since: start) }
        return kept
    }

    /// One reading of the page in one pass: the page's OCR, the second look at the total's lines
    /// if it wants one, and the extraction. `turn`: what the reader does about how far the page
    /// is turned (see `readUpright`).
    public func read(
        _ prepared: DocumentScanner.PreparedPage, pass: Pass, turn: OCROptions.TurnHandling = .readUpright, with recognizer: any TextRecognizer
    ) async throws -> Reading {
        var timings = prepared.timings
        var page = scanner.ocrImage(of: prepared)
        if let width = pass.pageWidth, width != page.width, page.width > 0 {
            let source = page
            page = try timings.measure("resize") { try source.resized(width: width, height: max(1, source.height * width / source.width)) }
        }
        var options = scanner.ocrOptions
        options.thresholding = pass.thresholding
        options.turn = turn
        let (ocr, reading) = try await recognizer.recognizeTimed(page, options: options)
        timings.add(reading)
        let first = timings.measure("extract") { extractor.extract(ocr) }
        let start = ContinuousClock.now
        // A page found turned has its lines (if any) in the upright page, not in `page`: no
        // second look there (`readUpright` prepares that page and reads it).
        let turned = ocr.turn.map { $0 != .upright } ?? false
        let secondLook = turned ? [:] : try await secondLook(at: ocr, extracted: first, on: page, with: recognizer)
        guard !secondLook.isEmpty else { return Reading(result: first, ocr: ocr, secondLook: [:], timings: timings) }
        timings.record("second look", since: start)
        let result = timings.measure("extract") { extractor.improved(first, of: ocr, by: secondLook) }
        return Reading(result: result, ocr: ocr, secondLook: secondLook, timings: timings)
    }

    /// At most this sure (below `ReceiptExtractor.checkConfidence`) when the readings disagree
    /// and no other reading gives the kept total: measured, it flags 61–65% of wrong sroie-dev
    /// totals instead of 50–52%, and 12–14% of right ones instead of 8–11%.
    public static let disputedConfidence = 0.7

    public func wantsAnotherReading(_ result: ReceiptExtractor.Result) -> Bool {
        result.total == nil || result.confidence < rereadBelow
    }

    /// The first reading found no date: one more pass looks for it (the date is taken from any
    /// reading). Measured on cached readings: dates sroie-dev 84.7% → 86.0%, 2× 81.3% → 84.3%,
    /// German photos 83.3% → 89.6%, for 23 more readings of 300; reading on until a date is found
    /// gained 2 dates more per set for 30–34 more readings.
    static func wantsTheDate(_ readings: [Reading]) -> Bool {
        readings.count == 1 && readings.allSatisfy { $0.result.date == nil }
    }

    /// The reading to keep of two of one page. A total the receipt's own sums
    /// confirm beats one that is only read, whatever OCR's confidence (a misread amount can look
    /// certain); otherwise the surer one; the first reading on a tie. Two readings that agree make
    /// the total as sure as the surer of them.
    public static func preferred(_ first: Reading, _ second: Reading) -> Reading {
        var kept = support(second.result) > support(first.result) ? second : first
        if let total = first.result.total, let other = second.result.total, total.sameValue(as: other) {
            kept.result.confidence = max(first.result.confidence, second.result.confidence)
        }
        return kept
    }

    /// How well a reading backs its total: read at all, confirmed by the receipt's sums, how sure.
    static func support(_ result: ReceiptExtractor.Result) -> (Int, Int, Double) {
        (result.total == nil ? 0 : 1, result.totalEvidence == .witnessed ? 1 : 0, result.confidence)
    }

    /// A confirmed total that more confirmed readings give than give the kept one (itself
    /// confirmed) outvotes it: passes misread a faint digit differently, rarely the same way twice
    /// ("0.01" of a rounding line read once as "0. 0" leaves 67.84 unrounded, twice as "0.01" gives
    /// 67.85). The surest reading of that total is kept.
    static func majority(of readings: [Reading], over kept: Reading) -> Reading {
        guard let total = kept.result.total, kept.result.totalEvidence == .witnessed else { return kept }
        let giving = readings.filter { $0.result.total?.sameValue(as: total) ?? false }.count
        let confirmed = readings.filter { $0.result.totalEvidence == .witnessed }
        let rivals = confirmed.filter { reading in
            guard let other = reading.result.total, !other.sameValue(as: total) else { return false }
            return confirmed.filter { $0.result.total?.sameValue(as: other) ?? false }.count > max(1, giving)
        }
        return rivals.max { $0.result.confidence < $1.result.confidence } ?? kept
    }

    /// A kept total off the 0.05 steps ("88.97") that another reading gives rounded to the nearest
    /// step ("88.95"): that reading saw what the kept one missed (the rounding line, the rounded
    /// total), and the rounded amount is what was due; a misread digit seldom lands on the nearest
    /// step. The rounded reading is kept, as sure as the surer of the two.
    static func roundedByAnother(of readings: [Reading], over kept: Reading) -> Reading {
        guard let total = kept.result.total,
              var rounded = readings.first(where: { $0.result.total.map { total.roundsToStep($0) } ?? false }) else { return kept }
        rounded.result.confidence = max(rounded.result.confidence, kept.result.confidence)
        return rounded
    }

    /// The total's lines read again one by one, across the page's width, when the first reading's
    /// total is not confirmed by the receipt's own sums; else nothing.
    /// `extracted`: the extractor's result of `ocr`, when already made.
    public func secondLook(at ocr: OCRResult, extracted: ReceiptExtractor.Result? = nil, on page: Image, with recognizer: any TextRecognizer) async throws -> [Int: OCRResult] {
        guard extractor.wantsSecondLook(extracted ?? extractor.extract(ocr)) else { return [:] }
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
