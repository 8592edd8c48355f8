import ArgumentParser
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

/// `scanbook receipt IMAGE --json`: total, date and merchant of a receipt photo, offline.
struct ReceiptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "receipt", abstract: "Read total, date and merchant from a receipt photo.")

    @Argument(help: "A JPEG or PNG photo or scan of a receipt.") var image: String
    @ArgumentParser.Option(help: "The text reader: tesseract or ppocr (default: SCANBOOK_OCR_ENGINE, else ppocr).") var engine: TextReaderEngine?
    @ArgumentParser.Option(help: "Tesseract languages.") var lang = "deu+eng"
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let start = ContinuousClock.now
        let engine = try engine ?? .configured()
        let textReader = try engine.makeReader(threads: 1)
        defer { textReader.shutdown() }
        let tomorrow = CalendarDate(utcDayOfSecondsSince1970: Date().timeIntervalSince1970)?.adding(days: 1)
        let reader = ReceiptReader.tuned(for: engine, languages: lang, extractor: ReceiptExtractor(latestDate: tomorrow))
        let reading = try await reader.read(try readImage(image), with: textReader)
        let output = ReceiptOutput(reading.result, text: reading.ocr.text, ms: (ContinuousClock.now - start).milliseconds, timings: reading.timings)
        if json {
            try printJSON(output)
        } else {
            print("Total:    \(output.total.map { "\($0) \(output.currency ?? "")" } ?? "not found")")
            print("Date:     \(output.date ?? "not found")")
            print("Merchant: \(output.merchant ?? "not found")")
        }
    }

    /// Fields are null when not found; the total keeps the receipt's own number of decimals.
    struct ReceiptOutput: Encodable {
        let total: String?
        let currency: String?
        let date: String?
        let merchant: String?
        let confidence: Double
        /// The total model's second choice.
        let runnerUp: String?
        /// The items read, and whether they add up to the sub-total or total.
        let items: [Item]
        let itemsAddUp: Bool
        let text: String
        let ms: Double
        /// Milliseconds per stage: decode, find, warp, deskew, then ocr (Tesseract) or detect and
        /// recognize (PP-OCR), second look and rereading (when taken), extract.
        let timings: [String: Double]

        init(_ result: ReceiptExtractor.Result, text: String, ms: Double, timings: StageTimings) {
            total = result.total?.description
            currency = result.currency
            date = result.date?.description
            merchant = result.merchant
            confidence = (result.confidence * 100).rounded() / 100
            runnerUp = result.runnerUp?.description
            items = result.items.items.map { Item(name: $0.name, quantity: $0.quantity, unitPrice: $0.unitPrice?.description, amount: $0.amount.description) }
            itemsAddUp = result.items.addsUp
            self.text = text
            self.ms = ms
            self.timings = timings.milliseconds
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            // Explicit nulls: a missing field is part of the answer.
            try container.encode(total, forKey: .total)
            try container.encode(currency, forKey: .currency)
            try container.encode(date, forKey: .date)
            try container.encode(merchant, forKey: .merchant)
            try container.encode(confidence, forKey: .confidence)
            try container.encode(runnerUp, forKey: .runnerUp)
            try container.encode(items, forKey: .items)
            try container.encode(itemsAddUp, forKey: .itemsAddUp)
            try container.encode(text, forKey: .text)
            try container.encode(ms, forKey: .ms)
            try container.encode(timings, forKey: .timings)
        }

        enum CodingKeys: String, CodingKey { case total, currency, date, merchant, confidence, runnerUp, items, itemsAddUp, text, ms, timings }

        struct Item: Encodable {
            let name: String
            let quantity: String?
            let unitPrice: String?
            let amount: String
        }
    }
}
