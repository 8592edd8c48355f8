import Foundation
import ScanbookCore
import ScanbookOCR

/// Receipt extraction on the real scanned receipts of `../shared/corpora/sroie-dev`: exact total
/// (as amounts), date (as dates) and merchant (letters and digits, upper-case), and time per receipt
/// on one core. With `--ocr-cache DIR`, OCR output (text, words, boxes, confidences) is read from (or written to) DIR so extractor
/// changes can be measured without re-running Tesseract; times are then not reported.
/// Experiments: BENCH_RECEIPT_PLAIN=0|1 (which page OCR reads), BENCH_RECEIPT_PSM, BENCH_RECEIPT_WIDTH, BENCH_RECEIPT_LANG,
/// BENCH_SECOND_LANG (the second look's languages), BENCH_RECEIPT_PASSES=global,local,global-w1600 (the reader's passes),
/// BENCH_REREAD_BELOW (the confidence under which the next pass reads), BENCH_RECEIPT_DUMP=DIR (write the pages OCR reads, nothing else), BENCH_VERBOSE=1 (list the misses and the right totals flagged), BENCH_READINGS=1 (with --ocr-cache: each pass's total, evidence and confidence),
/// BENCH_TOTAL_FEATURES=FILE (every total candidate with its features and whether it is the annotated total, one JSON
/// object per line, for `Tools/total-model/train.py`).
enum ReceiptBench {
    /// sroie-dev says `company`, the generated German/Swiss set says `merchant`.
    struct Truth: Decodable {
        let company: String?
        let merchant: String?
        let date: String?
        let total: String?
        let currency: String?
        /// The generated German/Swiss photos say what each item line costs.
        let items: [TruthItem]?

        var name: String? { company ?? merchant }
    }

    struct TruthItem: Decodable {
        let name: String
        let amount: String
    }

    /// `expectedCurrency`: the ISO code every receipt of the set is in when the annotations do not
    /// say (sroie-dev: all Malaysian, MYR).
    static func run(
        directory: String, label: String, engine: TextReaderEngine = .tesseract, cache: String?, limit: Int?, expectedCurrency: String? = nil,
        into table: inout BenchTable
    ) async throws {
        var files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jpg") }.sorted()
        if let limit { files = Array(files.prefix(limit)) }
        if let cache { try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true) }
        // As the server reads them: no date after tomorrow.
        let tomorrow = CalendarDate(utcDayOfSecondsSince1970: Date().timeIntervalSince1970)?.adding(days: 1)
        var reader = ReceiptReader.tuned(
            for: engine, languages: ProcessInfo.processInfo.environment["BENCH_RECEIPT_LANG"] ?? "deu+eng", extractor: ReceiptExtractor(latestDate: tomorrow)
        )
        if let plain = ProcessInfo.processInfo.environment["BENCH_RECEIPT_PLAIN"] { reader.scanner.readsEnhancedPage = plain == "0" }
        if let width = ProcessInfo.processInfo.environment["BENCH_RECEIPT_WIDTH"].flatMap(Int.init) { reader.scanner.minimumPageWidth = width }
        if let width = ProcessInfo.processInfo.environment["BENCH_RECEIPT_MAX_WIDTH"].flatMap(Int.init) { reader.scanner.maximumPageWidth = width }
        if let psm = ProcessInfo.processInfo.environment["BENCH_RECEIPT_PSM"].flatMap(Int.init).flatMap(PageSegmentation.init) {
            reader.scanner.ocrOptions.pageSegmentation = psm
        }
        if let languages = ProcessInfo.processInfo.environment["BENCH_SECOND_LANG"] { reader.secondLookLanguages = languages }
        if let passes = ProcessInfo.processInfo.environment["BENCH_RECEIPT_PASSES"] { reader.passes = passes.split(separator: ",").compactMap { ReceiptReader.Pass(String($0)) } }
        if let below = ProcessInfo.processInfo.environment["BENCH_REREAD_BELOW"].flatMap(Double.init) { reader.rereadBelow = below }
        let pool = try engine.makeReader(threads: 1)
        defer { pool.shutdown() }
        var totals = 0, dates = 0, merchants = 0, withTotal = 0, currencies = 0
        var times = Timings()
        var stages: [String: Timings] = [:]
        var misses: [String] = []
        var secondLooks = 0, rereadings = 0, modelTotals = 0
        var itemsAddingUp = 0, itemListsExact = 0, truthItems = 0, itemsFound = 0, withItemTruth = 0
        let featureFile = ProcessInfo.processInfo.environment["BENCH_TOTAL_FEATURES"].map { FileManager.default.createFile(atPath: $0, contents: nil) ? FileHandle(forWritingAtPath: $0) : nil } ?? nil
        defer { try? featureFile?.close() }
        // Per receipt with a total: was it right, and how sure was the extractor?
        var judged: [(right: Bool, confidence: Double)] = []
        for file in files {
            let base = URL(fileURLWithPath: directory).appendingPathComponent(file).deletingPathExtension()
            let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: base.appendingPathExtension("json")))
            if let dump = ProcessInfo.processInfo.environment["BENCH_RECEIPT_DUMP"] {
                try dumpPage(base, reader: reader, into: dump)
                continue
            }
            let reading = try await reading(base, reader: reader, pool: pool, cache: cache, times: &times, stages: &stages)
            if !reading.secondLook.isEmpty { secondLooks += 1 }
            if reading.timings["rereading"] != nil { rereadings += 1 }
            let result = reading.result
            if let expected = truth.total.flatMap({ AmountParser.amounts(in: $0).first?.amount }) {
                withTotal += 1
                if result.ranking.first.map({ $0.amount.sameValue(as: expected) }) ?? false { modelTotals += 1 }
                if let featureFile { try Self.writeFeatures(result, receipt: base.lastPathComponent, expected: expected, to: featureFile) }
                judged.append((result.total.map { $0.sameValue(as: expected) } ?? false, result.confidence))
                if let total = result.total, total.sameValue(as: expected) {
                    totals += 1
                    if result.confidence < ReceiptExtractor.checkConfidence {
                        misses.append("\(base.lastPathComponent): total \(total) right but flagged (confidence \(String(format: "%.2f", result.confidence)), \(result.totalEvidence))")
                    }
                } else {
                    misses.append("\(base.lastPathComponent): total \(result.total?.description ?? "nil") ≠ \(expected) (confidence \(String(format: "%.2f", result.confidence)), \(result.totalEvidence))")
                }
            }
            if result.items.addsUp { itemsAddingUp += 1 }
            if let expected = truth.items {
                // An item found is one whose amount the reader found among the receipt's items.
                withItemTruth += 1
                var read = result.items.items.map(\.amount.hundredths)
                var found = 0
                for item in expected {
                    guard let value = AmountParser.amounts(in: item.amount).first?.amount.hundredths, let index = read.firstIndex(of: value) else { continue }
                    read.remove(at: index)
                    found += 1
                }
                truthItems += expected.count
                itemsFound += found
                if found == expected.count, read.isEmpty { itemListsExact += 1 }
            }
            if let expected = truth.currency ?? expectedCurrency, result.currency == expected { currencies += 1 } else {
                misses.append("\(base.lastPathComponent): currency \(result.currency ?? "nil") ≠ \(truth.currency ?? expectedCurrency ?? "nil")")
            }
            if let expected = truth.date.flatMap(Self.annotatedDate), expected == result.date { dates += 1 } else {
                misses.append("\(base.lastPathComponent): date \(result.date?.description ?? "nil") ≠ \(truth.date ?? "nil")")
            }
            if let expected = truth.name, let merchant = result.merchant,
               MerchantGuess.normalizedKey(expected) == MerchantGuess.normalizedKey(merchant) { merchants += 1 } else {
                misses.append("\(base.lastPathComponent): merchant \(result.merchant ?? "nil") ≠ \(truth.name ?? "nil")")
            }
        }
        if ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil { misses.forEach { print($0) } }
        let set = "\(label), \(files.count) receipts, \(engine.displayName)"
        table.add("Total exact (as amounts)", share(totals, withTotal), dataSet: set)
        table.add("Total exact, the model's first choice", share(modelTotals, withTotal), dataSet: set)
        table.add("Date exact (as dates)", share(dates, files.count), dataSet: set)
        table.add("Merchant exact (normalized)", share(merchants, files.count), dataSet: set)
        table.add("Second look at the total's lines", share(secondLooks, files.count), dataSet: set)
        table.add("Read again (further passes)", share(rereadings, files.count), dataSet: set)
        table.add("Currency read right (as annotated, else \(expectedCurrency ?? "unknown"))", share(currencies, files.count), dataSet: set)
        table.add("Line items that add up to the sub-total or total", share(itemsAddingUp, files.count), dataSet: set)
        if withItemTruth > 0 {
            table.add("Line items found (amounts, of every item line printed)", share(itemsFound, truthItems), dataSet: set)
            table.add("Item lists exact (every item, nothing else)", share(itemListsExact, withItemTruth), dataSet: set)
        }
        // A wrong total should look unsure: the share of wrong and of right totals the review
        // would flag at the app's threshold.
        let threshold = ReceiptExtractor.checkConfidence
        let wrong = judged.filter { !$0.right }, right = judged.filter(\.right)
        table.add("Wrong totals flagged (confidence < \(threshold))", share(wrong.filter { $0.confidence < threshold }.count, wrong.count), dataSet: set)
        table.add("Right totals flagged (confidence < \(threshold))", share(right.filter { $0.confidence < threshold }.count, right.count), dataSet: set)
        if !times.milliseconds.isEmpty {
            table.add("Time per receipt (decode → OCR → extract), one core", times.summary, dataSet: set)
            // Where the time goes; the second look only over the receipts that took one.
            for name in ["decode", "find", "warp", "deskew", "enhance", "ocr", "detect", "turn", "recognize", "second look", "rereading", "turning", "extract"] {
                if let timing = stages[name] { table.add("Stage \(name)", timing.summary, dataSet: set) }
            }
        }
    }

    /// The reader's reading of one receipt: from Tesseract (timed), or with `--ocr-cache` from each
    /// threshold's cached OCR and second look (`NAME.global.json`, `NAME.local.json`, …), made and
    /// kept when missing, and combined as the reader combines them.
    static func reading(
        _ base: URL, reader: ReceiptReader, pool: any TextRecognizer, cache: String?, times: inout Timings, stages: inout [String: Timings]
    ) async throws -> ReceiptReader.Reading {
        guard let cache else {
            let start = ContinuousClock.now
            let reading = try await reader.read(try [UInt8](Data(contentsOf: base.appendingPathExtension("jpg"))), with: pool)
            times.record(ContinuousClock.now - start)
            for stage in reading.timings.stages { stages[stage.name, default: Timings()].record(milliseconds: stage.milliseconds) }
            return reading
        }
        return try await reader.combining { pass in try await cachedReading(base, pass: pass, reader: reader, pool: pool, cache: cache) }
    }

    private static func cachedReading(
        _ base: URL, pass: ReceiptReader.Pass, reader: ReceiptReader, pool: any TextRecognizer, cache: String
    ) async throws -> ReceiptReader.Reading {
        let stem = URL(fileURLWithPath: cache).appendingPathComponent("\(base.lastPathComponent).\(pass)")
        let ocrFile = stem.appendingPathExtension("json"), secondFile = stem.appendingPathExtension("second-look.json")
        guard let ocr = try? JSONDecoder().decode(OCRResult.self, from: Data(contentsOf: ocrFile)),
              let secondLook = try? JSONDecoder().decode([Int: OCRResult].self, from: Data(contentsOf: secondFile))
        else {
            let bytes = [UInt8](try Data(contentsOf: base.appendingPathExtension("jpg")))
            let (_, reading) = try await reader.readUpright(preparing: { framing in try reader.scanner.prepare(bytes, framing: framing) }, pass: pass, with: pool)
            try JSONEncoder().encode(reading.ocr).write(to: ocrFile)
            try JSONEncoder().encode(reading.secondLook).write(to: secondFile)
            return reading
        }
        // A cache from a wider choice of lines: only those the reader would read now.
        let lines = reader.extractor.wantsSecondLook(reader.extractor.extract(ocr)) ? Set(reader.extractor.linesForSecondLook(ocr)) : []
        let kept = secondLook.filter { lines.contains($0.key) }
        let result = reader.extractor.extract(ocr, secondLook: kept)
        if ProcessInfo.processInfo.environment["BENCH_READINGS"] != nil {
            print("reading \(base.lastPathComponent) \(pass): \(result.total?.description ?? "nil") \(result.totalEvidence) \(result.confidence)")
        }
        return ReceiptReader.Reading(result: result, ocr: ocr, secondLook: kept, timings: StageTimings())
    }

    static func writeFeatures(_ result: ReceiptExtractor.Result, receipt: String, expected: Amount, to file: FileHandle) throws {
        for candidate in result.totalCandidates {
            let row: [String: Any] = [
                "receipt": receipt, "amount": candidate.amount.description, "line": candidate.line,
                "label": candidate.amount.sameValue(as: expected) ? 1 : 0,
                "rules-total": result.total?.description ?? "", "rules-right": result.total?.sameValue(as: expected) ?? false,
                "rules-confidence": result.confidence, "features": candidate.features.mapValues(Double.init),
            ]
            file.write(try JSONSerialization.data(withJSONObject: row, options: [.sortedKeys]) + Data("\n".utf8))
        }
    }

    /// BENCH_RECEIPT_DUMP=DIR: the page OCR reads, as PNG, for experiments with Tesseract's own CLI.
    static func dumpPage(_ base: URL, reader: ReceiptReader, into directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let prepared = try reader.scanner.prepare([UInt8](try Data(contentsOf: base.appendingPathExtension("jpg"))))
        try Data(try reader.scanner.ocrImage(of: prepared).encodePNG())
            .write(to: URL(fileURLWithPath: directory).appendingPathComponent(base.lastPathComponent + ".png"))
    }

    static func share(_ count: Int, _ total: Int) -> String {
        String(format: "%.1f%% (%d/%d)", total == 0 ? 0 : Double(count) / Double(total) * 100, count, total)
    }

    /// The annotation's date: as on the receipt ("25/12/2018"), or run together as "20180304"
    /// (year first) or "25032018" (day first).
    static func annotatedDate(_ text: String) -> CalendarDate? {
        if let date = DateParser.parse(text) { return date }
        guard text.count == 8, let digits = Int(text) else { return nil }
        return CalendarDate(year: digits / 10000, month: digits / 100 % 100, day: digits % 100)
            ?? CalendarDate(year: digits % 10000, month: digits / 10000 % 100, day: digits / 1_000_000)
    }
}

extension TextReaderEngine {
    /// The reader's name in the tables.
    var displayName: String { self == .ppocr ? "PP-OCR" : "Tesseract" }
}
