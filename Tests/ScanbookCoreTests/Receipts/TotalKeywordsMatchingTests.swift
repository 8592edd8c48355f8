import Foundation
import Testing
@testable import ScanbookCore

/// `TotalKeywords` compares ASCII lines with the vocabulary byte for byte, for speed; these hold it
/// to the plain definition it replaced: normalize by characters, split at spaces, compare words.
@Suite struct TotalKeywordsMatchingTests {
    static func plainNormalized(_ line: String) -> String {
        String(line.lowercased().map { $0.isLetter || $0.isNumber ? $0 : " " }).split(separator: " ").joined(separator: " ")
    }

    static func plainContains(_ text: String, _ phrase: String) -> Bool {
        let words = text.split(separator: " "), wanted = plainNormalized(phrase).split(separator: " ")
        guard !wanted.isEmpty, words.count >= wanted.count else { return false }
        return (0...(words.count - wanted.count)).contains { words[$0..<$0 + wanted.count].elementsEqual(wanted) }
    }

    /// Every line of the committed readings, and lines made to trip a byte comparison.
    static func lines() throws -> [String] {
        let directory = ReceiptGoldenTests.directory
        let read = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".ocr.json") }.sorted()
            .flatMap { name in try JSONDecoder().decode(OCRResult.self, from: Data(contentsOf: directory.appendingPathComponent(name))).lines.map(\.text) }
        let made = [
            "", " ", "TOTAL", "  Grand   Total  RM 12.50 ", "Total\tRM", "Sub\r\nTotal", "total amount due", "TOTALAMOUNT", "Gesamtsumme EUR",
            "Zu zahlen 12,50", "Summe CHF", "Bar erhalten", "Rückgeld 0.50", "ZWISCHENSUMME", "Total (Incl. GST) 9.00", "Rounding Adj -0.02",
            "Net Total: S8.20", "ça fait 12", "Total Savings", "cash change 1.00", "Ｔｏｔａｌ", "e\u{301}spe\u{300}ces", "espèces", "MwSt 7,7%",
        ]
        return read + made
    }

    static let lists: [[String]] = [
        TotalKeywords.excluded, TotalKeywords.defaultPhrases, ReceiptVocabulary.change, ReceiptVocabulary.paymentMethods,
        ReceiptVocabulary.tax, ReceiptVocabulary.rounding, ReceiptVocabulary.net, ReceiptVocabulary.discount, ReceiptVocabulary.dateLabels,
        ["grand  total", " total", "total ", "TOTAL", "zu zahlen", "rückgeld", "espèces"],
    ]

    @Test func normalizingMatchesTheCharacterByCharacterDefinition() throws {
        for line in try Self.lines() {
            #expect(TotalKeywords.normalized(line) == Self.plainNormalized(line), "\(line.debugDescription)")
        }
    }

    @Test func phrasesAreFoundExactlyWhereTheirWordsStand() throws {
        var compared = 0
        for line in try Self.lines() {
            let text = TotalKeywords.normalized(line)
            for list in Self.lists {
                for phrase in list {
                    compared += 1
                    #expect(TotalKeywords.containsPhrase(text, phrase) == Self.plainContains(text, phrase), "\(phrase.debugDescription) in \(text.debugDescription)")
                    // Callers also hand in text that is not normalized.
                    #expect(TotalKeywords.containsPhrase(line, phrase) == Self.plainContains(line, phrase), "\(phrase.debugDescription) in \(line.debugDescription)")
                }
                #expect(TotalKeywords.containsAny(text, list) == list.contains { Self.plainContains(text, $0) })
            }
        }
        #expect(compared > 10_000)
    }
}
