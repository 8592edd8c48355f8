import Foundation
import Testing
import ScanbookCore
import ScanbookOCR
@testable import ScanbookVision

@Suite struct OCRTests {
    static let pool = TesseractPool(threads: 2)

    @Test func readsTextWithWordBoxesAndConfidences() async throws {
        let result = try await Self.pool.recognize(try Fixtures.image("text.png"), options: OCROptions())
        #expect(result.text.contains("Summe CHF 12.50"))
        #expect(result.text.contains("26.06.2025"))
        #expect(result.lines.count == 2)
        let amount = try #require(result.words.first { $0.text == "12.50" })
        #expect(amount.confidence > 80)
        #expect(amount.line == 0)
        #expect(amount.box.x > 300 && amount.box.y < 80 && amount.box.width > 50)
        #expect(result.meanConfidence > 80)
    }

    @Test func readsOnlyTheRequestedRectangle() async throws {
        let options = OCROptions(pageSegmentation: .singleLine, rect: PixelRect(x: 0, y: 80, width: 900, height: 80))
        let result = try await Self.pool.recognize(try Fixtures.image("text.png"), options: options)
        #expect(result.text.contains("26.06.2025"))
        #expect(!result.text.contains("Summe"))
    }

    /// Faded print under shade that deepens across the page (a phone photo of a thermal receipt):
    /// the paper on the dark side is darker than the ink on the light side, so no one threshold
    /// separates them; a threshold per neighbourhood reads every character.
    @Test func localThresholdsReadFadedPrintUnderShade() async throws {
        let text = try Fixtures.image("text.png").grayscale()
        let shaded: [UInt8] = text.withPixels { pixels in
            var out: [UInt8] = []
            for y in 0..<pixels.height {
                for x in 0..<pixels.width {
                    let value = Double(pixels.base?[y * pixels.stride + x] ?? 255)
                    let faded = 130 + value / 255 * 105
                    out.append(UInt8(faded * (1 - 0.6 * Double(x) / Double(pixels.width - 1))))
                }
            }
            return out
        }
        let image = try Image.fromPixels(shaded, width: text.width, height: text.height, channels: 1)
        let local = try await Self.pool.recognize(image, options: OCROptions(thresholding: .local))
        #expect(local.text.contains("Summe CHF 12.50"), "\(local.text)")
        #expect(local.text.contains("26.06.2025"), "\(local.text)")
    }

    @Test func refusesARectangleOutsideTheImage() async throws {
        let options = OCROptions(rect: PixelRect(x: 800, y: 0, width: 200, height: 50))
        await #expect(throws: OCRError.self) { try await Self.pool.recognize(try Fixtures.image("text.png"), options: options) }
    }

    @Test func reportsMissingLanguageData() async throws {
        await #expect(throws: OCRError.self) {
            try await Self.pool.recognize(try Fixtures.image("text.png"), options: OCROptions(languages: "xyz"))
        }
    }

    @Test func aSecondLookReadsTheTotalsLineAcrossThePage() async throws {
        let image = try Fixtures.image("text.png")
        let page = try await Self.pool.recognize(image, options: OCROptions())
        // A first reading that lost the amount column: line 0 is "Summe" alone, in its own box.
        var first = page
        let summe = try #require(page.words.first { $0.text == "Summe" })
        first.lines[0] = OCRLine(text: "Summe", confidence: 90, box: summe.box)
        first.words = [summe] + page.words.filter { $0.line == 1 }
        let reader = ReceiptReader()
        #expect(reader.extractor.extract(first).total == nil)
        let secondLook = try await reader.secondLook(at: first, on: image, with: Self.pool)
        #expect(Array(secondLook.keys) == [0], "only the line naming a total is read again")
        #expect(secondLook[0]?.text.contains("12.50") == true)
        #expect(secondLook[0].map { $0.words.allSatisfy { $0.box.y >= summe.box.y - summe.box.height } } == true, "page coordinates")
        #expect(reader.extractor.extract(first, secondLook: secondLook).total?.description == "12.50")
    }

    @Test func servesConcurrentRequests() async throws {
        let image = try Fixtures.image("text.png")
        let texts = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<6 { group.addTask { try await Self.pool.recognize(image, options: OCROptions()).text } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(texts.count == 6 && texts.allSatisfy { $0.contains("12.50") })
    }
}

@Suite struct BarcodeTests {
    @Test func decodesAQRCode() throws {
        let codes = try BarcodeReader.decode(try Fixtures.image("qr.png"))
        #expect(codes.count == 1)
        #expect(codes.first?.symbology == .qrCode)
        #expect(codes.first?.payload == "SPC\n0200\n1\nCH4431999123000889012\nScanbook Test")
        #expect(codes.first?.corners.count == 4)
    }

    @Test func decodesSeveralProductBarcodesInOneImage() throws {
        let truth = try JSONDecoder().decode([String: String].self, from: Data(Fixtures.bytes("barcodes.json")))
        let codes = try BarcodeReader.decode(try Fixtures.image("barcodes.png"))
        let found = Dictionary(uniqueKeysWithValues: codes.map { ($0.symbology.rawValue, $0.payload) })
        #expect(found == truth)
    }

    @Test func findsNothingInAPlainPage() throws {
        #expect(try BarcodeReader.decode(try Fixtures.image("text.png")).isEmpty)
    }
}
