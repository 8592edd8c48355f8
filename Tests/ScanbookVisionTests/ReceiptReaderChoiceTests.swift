import Testing
import ScanbookCore
@testable import ScanbookOCR

/// Which of a page's readings (passes with another threshold or text height) the receipt reader
/// makes and keeps.
@Suite struct ReceiptReaderChoiceTests {
    static func reading(_ total: String?, confidence: Double, evidence: ReceiptExtractor.TotalEvidence, marker: String) -> ReceiptReader.Reading {
        var result = ReceiptExtractor().extract(lines: ["SUMME \(total ?? "")"])
        result.total = total.flatMap { AmountParser.amounts(in: $0).first?.amount }
        result.confidence = confidence
        result.totalEvidence = evidence
        let ocr = OCRResult(text: marker, meanConfidence: 80, words: [], lines: [])
        return ReceiptReader.Reading(result: result, ocr: ocr, secondLook: [:], timings: StageTimings())
    }

    /// The reader's combination of readings whose totals are `totals`, one per pass in turn, each
    /// reading made by `make`.
    static func combined(_ totals: [String], _ make: (String, ReceiptReader.Pass) -> ReceiptReader.Reading) async throws -> ReceiptReader.Reading {
        var remaining = totals
        return try await ReceiptReader().combining { pass in make(remaining.removeFirst(), pass) }
    }

    /// A box on a receipt, read for its better backed total, lacks the header around it: the
    /// date, merchant and currency come from the reading of the whole, and only where it lacks them.
    @Test func aPartReadingTakesWhatItMissedFromTheWhole() {
        var whole = ReceiptExtractor().extract(lines: ["PAPPARICH BMC SDN BHD", "Date: 12/03/2018", "TOTAL RM 72.95"])
        whole.confidence = 0.74
        let box = ReceiptExtractor().extract(lines: ["TOTAL 72.95", "CASH 100.00", "CHANGE 27.05"])
        #expect(box.merchant == nil && box.date == nil)
        let filled = ReceiptReader.filled(box, from: whole)
        #expect(filled.merchant == whole.merchant && filled.date == whole.date && filled.currency == "MYR")
        #expect(filled.total == box.total && filled.confidence == box.confidence)
        var own = box
        own.merchant = "KEDAI"
        #expect(ReceiptReader.filled(own, from: whole).merchant == "KEDAI")
    }

    @Test func onlyAnUnsureOrMissingTotalIsReadAgain() {
        let reader = ReceiptReader()
        #expect(!reader.wantsAnotherReading(Self.reading("12.50", confidence: 0.95, evidence: .keyword, marker: "").result))
        #expect(reader.wantsAnotherReading(Self.reading("12.50", confidence: 0.6, evidence: .witnessed, marker: "").result))
        #expect(reader.wantsAnotherReading(Self.reading(nil, confidence: 0, evidence: .none, marker: "").result))
    }

    @Test func aTotalTheReceiptsSumsConfirmBeatsOneThatIsOnlyRead() {
        let read = Self.reading("4.90", confidence: 0.97, evidence: .keyword, marker: "first")
        let witnessed = Self.reading("174.90", confidence: 0.7, evidence: .witnessed, marker: "second")
        let kept = ReceiptReader.preferred(read, witnessed)
        #expect(kept.result.total?.description == "174.90")
        #expect(kept.ocr.text == "second", "the kept reading's own OCR comes with it")
        #expect(ReceiptReader.preferred(witnessed, read).result.total?.description == "174.90")
    }

    @Test func otherwiseTheSurerReadingWinsAndTheFirstOnATie() {
        let unsure = Self.reading("328.60", confidence: 0.6, evidence: .keyword, marker: "first")
        let sure = Self.reading("28.60", confidence: 0.99, evidence: .guess, marker: "second")
        #expect(ReceiptReader.preferred(unsure, sure).result.total?.description == "28.60")
        let tie = Self.reading("29.60", confidence: 0.6, evidence: .keyword, marker: "second")
        #expect(ReceiptReader.preferred(unsure, tie).ocr.text == "first")
    }

    @Test func aReadingWithATotalBeatsOneWithout() {
        let none = Self.reading(nil, confidence: 0, evidence: .none, marker: "first")
        let found = Self.reading("8.01", confidence: 0.3, evidence: .guess, marker: "second")
        #expect(ReceiptReader.preferred(none, found).result.total?.description == "8.01")
        #expect(ReceiptReader.preferred(found, none).result.total?.description == "8.01")
    }

    @Test func twoReadingsThatAgreeMakeTheTotalAsSureAsTheSurer() {
        let first = Self.reading("12.50", confidence: 0.55, evidence: .witnessed, marker: "first")
        let second = Self.reading("12.5", confidence: 0.8, evidence: .keyword, marker: "second")
        let kept = ReceiptReader.preferred(first, second)
        #expect(kept.ocr.text == "first", "confirmed by the sums")
        #expect(kept.result.confidence == 0.8)
        let disagreeing = Self.reading("13.50", confidence: 0.8, evidence: .keyword, marker: "second")
        #expect(ReceiptReader.preferred(first, disagreeing).result.confidence == 0.55)
    }

    @Test func passesAreTriedInTurnOnlyWhileTheTotalIsUnsure() async throws {
        let reader = ReceiptReader()
        var asked: [ReceiptReader.Pass] = []
        let kept = try await reader.combining { pass in
            asked.append(pass)
            return asked.count == 1
                ? Self.reading("328.60", confidence: 0.6, evidence: .keyword, marker: "first")
                : Self.reading("28.60", confidence: 0.95, evidence: .witnessed, marker: "\(pass)")
        }
        #expect(asked == Array(reader.passes.prefix(2)), "a sure total ends the passes")
        #expect(kept.result.total?.description == "28.60")
        #expect(kept.ocr.text == "local")
        #expect(kept.timings["rereading"] != nil)

        var sure: [ReceiptReader.Pass] = []
        _ = try await reader.combining { pass in
            sure.append(pass)
            var reading = Self.reading("12.50", confidence: 0.95, evidence: .keyword, marker: "")
            reading.result.date = CalendarDate(year: 2025, month: 4, day: 24)
            return reading
        }
        #expect(sure == [ReceiptReader.Pass()], "a sure first reading with its date is the only one")
    }

    @Test func aDateTheFirstReadingMissedIsLookedForInOneMorePass() async throws {
        let reader = ReceiptReader()
        var asked: [ReceiptReader.Pass] = []
        let kept = try await reader.combining { pass in
            asked.append(pass)
            var reading = Self.reading("12.50", confidence: 0.95, evidence: .keyword, marker: "\(pass)")
            reading.result.date = asked.count == 2 ? CalendarDate(year: 2025, month: 4, day: 24) : nil
            return reading
        }
        #expect(asked == Array(reader.passes.prefix(2)))
        #expect(kept.ocr.text == "global", "the first reading's sure total stays")
        #expect(kept.result.date == CalendarDate(year: 2025, month: 4, day: 24))

        asked = []
        let undated = try await reader.combining { pass in
            asked.append(pass)
            return Self.reading("12.50", confidence: 0.95, evidence: .keyword, marker: "")
        }
        #expect(asked.count == 2, "one more pass only: the receipt may print no date")
        #expect(undated.result.date == nil)
    }

    @Test func aTotalTheReadingsDisputeStaysUnsure() async throws {
        let reader = ReceiptReader()
        var count = 0
        let disputed = try await reader.combining { _ in
            count += 1
            return Self.reading(count == 1 ? "40.00" : "42.40", confidence: count == 1 ? 0.6 : 0.99, evidence: .keyword, marker: "")
        }
        #expect(disputed.result.total?.description == "42.40")
        #expect(disputed.result.confidence == ReceiptReader.disputedConfidence)
        #expect(disputed.result.confidence < ReceiptExtractor.checkConfidence, "shown for checking")

        count = 0
        let backed = try await reader.combining { _ in
            count += 1
            return Self.reading(count == 2 ? "42.40" : "40.00", confidence: count == 2 ? 0.8 : 0.6, evidence: count == 3 ? .witnessed : .keyword, marker: "")
        }
        #expect(backed.result.total?.description == "40.00", "the sums confirm the third reading's total")
        #expect(backed.result.confidence == 0.6, "two readings give it: not disputed, not raised")
    }

    @Test func aTotalMoreConfirmedReadingsGiveOutvotesTheKeptOne() async throws {
        // Each reading's sums confirm its total: the rounding line's "0.01" read once as "0. 0"
        // (67.84 left unrounded) and twice as "0.01" (67.85).
        let outvoted = try await Self.combined(["67.84", "67.85", "97.50", "67.85"]) { total, pass in
            Self.reading(total, confidence: total == "67.85" && pass.pageWidth != nil ? 0.55 : 0.6,
                         evidence: total == "97.50" ? .keyword : .witnessed, marker: "\(pass)")
        }
        #expect(outvoted.result.total?.description == "67.85")
        #expect(outvoted.ocr.text == "local", "the surer of the two readings")

        // Readings the sums do not confirm have no vote against one they do.
        let confirmed = try await Self.combined(["153.36", "3.35", "3.35", "3.35"]) { total, _ in
            Self.reading(total, confidence: 0.6, evidence: total == "153.36" ? .witnessed : .keyword, marker: "")
        }
        #expect(confirmed.result.total?.description == "153.36")
    }

    @Test func aTotalAnotherReadingGivesRoundedToTheNearestStepIsWhatWasDue() async throws {
        // The third reading missed the rounding line; its sums confirm the unrounded total.
        let rounded = try await Self.combined(["52.10", "52.10", "52.08", "52.10"]) { total, pass in
            Self.reading(total, confidence: total == "52.08" ? 0.82 : 0.63, evidence: total == "52.08" ? .witnessed : .keyword, marker: "\(pass)")
        }
        #expect(rounded.result.total?.description == "52.10")
        #expect(rounded.ocr.text == "global", "the first reading of the rounded total")
        #expect(rounded.result.confidence == 0.82, "as sure as the unrounded total it rounds")

        // A total on the steps is not moved, nor one another reading gives a step further off.
        for other in ["52.05", "52.15"] {
            let kept = try await Self.combined(["52.08", other, other, other]) { total, _ in
                Self.reading(total, confidence: 0.6, evidence: total == "52.08" ? .witnessed : .keyword, marker: "")
            }
            #expect(kept.result.total?.description == "52.08")
        }
    }

    @Test func aDateTheKeptReadingMissedIsTakenFromAnother() async throws {
        let reader = ReceiptReader()
        var count = 0
        let kept = try await reader.combining { _ in
            count += 1
            var reading = Self.reading(count == 2 ? "12.50" : "12.80", confidence: count == 2 ? 0.8 : 0.6, evidence: .keyword, marker: "\(count)")
            reading.result.date = count == 3 ? CalendarDate(year: 2025, month: 4, day: 24) : nil
            return reading
        }
        #expect(kept.ocr.text == "2")
        #expect(kept.result.date == CalendarDate(year: 2025, month: 4, day: 24))
    }

    @Test func aMerchantAnotherReadingFoundOnTheCompanyLineIsTaken() async throws {
        let reader = ReceiptReader()
        let merchants = ["SUBTOTAL (QTY 4) RM41.43", "OL 02 Fee Ry hn OE Gk eg ge Sa er a a", "WATSON'S PERSONAL CARE STORES SDN BHD", nil]
        var count = 0
        let kept = try await reader.combining { _ in
            count += 1
            var reading = Self.reading("41.45", confidence: count == 1 ? 0.8 : 0.5, evidence: .keyword, marker: "\(count)")
            reading.result.merchant = merchants[count - 1]
            return reading
        }
        #expect(kept.ocr.text == "1", "the total's reading is kept")
        #expect(kept.result.merchant == "WATSON'S PERSONAL CARE STORES SDN BHD", "not the noise that holds \"Sa\"")

        count = 0
        let named = try await reader.combining { _ in
            count += 1
            var reading = Self.reading("41.45", confidence: count == 1 ? 0.8 : 0.5, evidence: .keyword, marker: "")
            reading.result.merchant = count == 1 ? "AEON CO. (M) BHD" : "ACON SDN BHD"
            return reading
        }
        #expect(named.result.merchant == "AEON CO. (M) BHD", "a kept company name stays")
    }

    @Test func aPassIsNamedAndParsedTheSameWay() {
        for pass in ReceiptReader().passes { #expect(ReceiptReader.Pass(pass.description) == pass) }
        #expect(ReceiptReader.Pass("global-w1600") == ReceiptReader.Pass(pageWidth: 1600))
        #expect(ReceiptReader.Pass("otsu") == nil && ReceiptReader.Pass("local-wide") == nil && ReceiptReader.Pass("local-w9-w9") == nil)
    }

    @Test func aPassAtAnotherWidthReadsTheResizedPage() async throws {
        let pool = TesseractPool(threads: 1)
        defer { pool.shutdown() }
        let reader = ReceiptReader()
        let prepared = try reader.scanner.prepare(try Fixtures.bytes("document-1.jpg"))
        let width = reader.scanner.ocrImage(of: prepared).width
        let narrow = try await reader.read(prepared, pass: ReceiptReader.Pass(pageWidth: width / 2), with: pool)
        #expect(!narrow.ocr.words.isEmpty)
        #expect(narrow.ocr.words.allSatisfy { $0.box.x + $0.box.width <= width / 2 + 1 }, "boxes on the resized page")
        #expect(narrow.timings["resize"] != nil)
    }
}
