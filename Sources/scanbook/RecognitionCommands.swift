import ArgumentParser
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

/// Offline recognition: no server, no database. `--json` prints one JSON document on stdout.
struct OCRCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ocr", abstract: "Read the text of an image with Tesseract or PP-OCR.")

    @Argument(help: "A JPEG or PNG file.") var image: String
    @ArgumentParser.Option(help: "The text reader: tesseract or ppocr (default: SCANBOOK_OCR_ENGINE, else ppocr).") var engine: TextReaderEngine?
    @ArgumentParser.Option(help: "Tesseract languages.") var lang = "deu+eng"
    @ArgumentParser.Option(help: "Page segmentation mode (3 auto, 4 column, 6 block, 7 line, 8 word, 11 sparse, 13 raw line).") var psm = 3
    @ArgumentParser.Option(help: "Only read this rectangle: x,y,width,height in pixels.") var rect: String?
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        guard let segmentation = PageSegmentation(rawValue: psm) else {
            throw ValidationError("--psm must be one of \(PageSegmentation.allCases.map { String($0.rawValue) }.joined(separator: ", "))")
        }
        let region = try rect.map(Self.parseRect)
        let photo = try Image.decode(try readImage(image))
        let reader = try (engine ?? .configured()).makeReader(threads: 1)
        defer { reader.shutdown() }
        let start = ContinuousClock.now
        let (result, timings) = try await reader.recognizeTimed(photo, options: OCROptions(languages: lang, pageSegmentation: segmentation, rect: region))
        let milliseconds = (ContinuousClock.now - start).milliseconds
        if json {
            try printJSON(OCROutput(text: result.text, confidence: result.meanConfidence, words: result.words, lines: result.lines,
                                    turnDegrees: result.turn?.degrees, ms: milliseconds, timings: timings.milliseconds))
        } else {
            print(result.text, terminator: result.text.hasSuffix("\n") ? "" : "\n")
        }
    }

    static func parseRect(_ text: String) throws -> PixelRect {
        let numbers = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0, numbers[0] >= 0, numbers[1] >= 0 else {
            throw ValidationError("--rect must be x,y,width,height (whole pixels, width and height above 0)")
        }
        return PixelRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    struct OCROutput: Encodable {
        let text: String
        let confidence: Double
        let words: [OCRWord]
        let lines: [OCRLine]
        /// How far PP-OCR found the text turned clockwise (0, 90, 180, 270); the words' boxes are in
        /// the image turned upright. null: not judged (Tesseract, `--rect`, `--psm 7`).
        let turnDegrees: Int?
        let ms: Double
        /// Milliseconds per stage: "ocr" for Tesseract, "detect", "turn" and "recognize" for PP-OCR.
        let timings: [String: Double]
    }
}

struct DetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "detect", abstract: "Find the page in a photo; optionally write the straightened page.")

    @Argument(help: "A JPEG or PNG photo.") var image: String
    @ArgumentParser.Option(help: "Write the upright page here (.png or .jpg).") var out: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let start = ContinuousClock.now
        let bytes = try readImage(image)
        // The page at the photo's own resolution, not enhanced.
        var scanner = DocumentScanner(maximumPageSide: 20_000)
        scanner.readsEnhancedPage = false
        let detection: DocumentDetection
        let size: (width: Int, height: Int)
        let timings: StageTimings
        if let out {
            let prepared = try scanner.prepare(bytes)
            let encoded = out.lowercased().hasSuffix(".png") ? try prepared.page.encodePNG() : try prepared.page.encodeJPEG()
            try Data(encoded).write(to: URL(fileURLWithPath: out))
            (detection, size, timings) = (prepared.detection, (prepared.sourceWidth, prepared.sourceHeight), prepared.timings)
        } else {
            let located = try scanner.locate(bytes)
            (detection, size, timings) = (located.detection, (located.sourceWidth, located.sourceHeight), located.timings)
        }
        let milliseconds = (ContinuousClock.now - start).milliseconds
        let corners = detection.corners
        if json {
            try printJSON(DetectOutput(
                found: detection.found,
                corners: .init(tl: [corners.topLeft.x, corners.topLeft.y], tr: [corners.topRight.x, corners.topRight.y],
                               br: [corners.bottomRight.x, corners.bottomRight.y], bl: [corners.bottomLeft.x, corners.bottomLeft.y]),
                width: size.width, height: size.height, score: detection.score, ms: milliseconds, timings: timings.milliseconds,
                partial: detection.partial,
                outside: DocumentDetection.cornersOutside(corners, width: size.width, height: size.height).map { ["tl", "tr", "br", "bl"][$0] }
            ))
        } else {
            print(detection.found ? (detection.partial ? "Page found, a corner outside the photo:" : "Page found:") : "No page outline found; using the whole image:")
            for (name, point) in zip(["top-left", "top-right", "bottom-right", "bottom-left"], corners.corners) {
                print("  \(name): \(Int(point.x.rounded())), \(Int(point.y.rounded()))")
            }
        }
    }

    struct DetectOutput: Encodable {
        struct Corners: Encodable { let tl, tr, br, bl: [Double] }
        let found: Bool
        let corners: Corners
        let width: Int
        let height: Int
        let score: Double
        let ms: Double
        /// Milliseconds per stage: decode, find (and warp, deskew with `--out`).
        let timings: [String: Double]
        /// A corner lies outside the photo; `outside` names them (their coordinates are outside too).
        let partial: Bool
        let outside: [String]
    }
}

struct BarcodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "barcode", abstract: "Decode QR codes and EAN/UPC barcodes in an image.")

    @Argument(help: "A JPEG or PNG file.") var image: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let codes = try BarcodeReader.decode(try Image.decode(try readImage(image)))
        if json {
            try printJSON(codes)
        } else if codes.isEmpty {
            print("No barcode found.")
        } else {
            for code in codes { print("\(code.symbology.rawValue): \(code.payload)") }
        }
    }
}

func readImage(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("Cannot read \(path)") }
    return [UInt8](data)
}

func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

extension TextReaderEngine: ExpressibleByArgument {
    /// `SCANBOOK_OCR_ENGINE`, else PP-OCR; an unknown name is a clear error.
    static func configured(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> TextReaderEngine {
        guard let name = environment["SCANBOOK_OCR_ENGINE"], !name.isEmpty else { return .ppocr }
        guard let engine = TextReaderEngine(rawValue: name.lowercased()) else {
            throw ValidationError("SCANBOOK_OCR_ENGINE=\(name) must be tesseract or ppocr")
        }
        return engine
    }
}
