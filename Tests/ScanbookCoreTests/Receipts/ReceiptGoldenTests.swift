import Foundation
import Testing
@testable import ScanbookCore

/// The receipt extractor on committed OCR readings (issue 22): 24 receipts made by
/// `Tools/docgen/generate_receipts.py --count 24 --seed 7`, read once by the receipt reader
/// (`scanbook-bench --ocr-cache`), with the first reading and the second look at the total's
/// lines. The extractor is pure Swift, so these figures are exact: a rule that helps one receipt
/// and breaks another fails here, in `swift test`, not only in the benchmark.
@Suite struct ReceiptGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/GoldenReceipts")

    struct Truth: Decodable {
        let merchant: String
        let date: String
        let total: String
        let currency: String
    }

    /// What the extractor reads today; raise these when it gets better, never lower them to pass.
    static let floor = (totals: 23, dates: 24, merchants: 24, currencies: 24)

    @Test func theExtractorKeepsItsAccuracyOnCommittedReadings() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".truth.json") }.map { String($0.dropLast(".truth.json".count)) }.sorted()
        #expect(names.count == 24)
        let extractor = ReceiptExtractor(latestDate: CalendarDate(iso: "2026-12-31"))
        var totals = 0, dates = 0, merchants = 0, currencies = 0
        var misses: [String] = []
        for name in names {
            func file(_ suffix: String) -> URL { Self.directory.appendingPathComponent("\(name).\(suffix).json") }
            let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: file("truth")))
            let ocr = try JSONDecoder().decode(OCRResult.self, from: Data(contentsOf: file("ocr")))
            let secondLook = (try? JSONDecoder().decode([Int: OCRResult].self, from: Data(contentsOf: file("second-look")))) ?? [:]
            let result = extractor.extract(ocr, secondLook: secondLook)
            let expected = try #require(AmountParser.amounts(in: truth.total).first?.amount)
            if let total = result.total, total.sameValue(as: expected) { totals += 1 } else { misses.append("\(name): total \(result.total?.description ?? "nil") ≠ \(truth.total)") }
            if result.date == CalendarDate(iso: truth.date) { dates += 1 } else { misses.append("\(name): date \(result.date?.description ?? "nil") ≠ \(truth.date)") }
            if let merchant = result.merchant, MerchantGuess.normalizedKey(merchant) == MerchantGuess.normalizedKey(truth.merchant) { merchants += 1 } else {
                misses.append("\(name): merchant \(result.merchant ?? "nil") ≠ \(truth.merchant)")
            }
            if result.currency == truth.currency { currencies += 1 } else { misses.append("\(name): currency \(result.currency ?? "nil") ≠ \(truth.currency)") }
        }
        #expect(totals >= Self.floor.totals, "totals \(totals)/24: \(misses)")
        #expect(dates >= Self.floor.dates, "dates \(dates)/24: \(misses)")
        #expect(merchants >= Self.floor.merchants, "merchants \(merchants)/24: \(misses)")
        #expect(currencies >= Self.floor.currencies, "currencies \(currencies)/24: \(misses)")
    }
}
