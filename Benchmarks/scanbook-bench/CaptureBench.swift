import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

/// Capture-engine benchmark over generated document photos (Tools/docgen): page-corner accuracy,
/// OCR character accuracy before and after enhancement, and per-stage time on one core.
enum CaptureBench {
    struct Truth: Decodable {
        let corners: [[Double]]
        let text: String
        let photo: [Int]
        /// Corners cut off by the frame or covered (sets made with --partial-share).
        let hidden: [Int]?
    }

    static func run(
        directory: String, label: String = "generated photos", scanner: DocumentScanner, engine: TextReaderEngine = .tesseract, limit: Int?, into table: inout BenchTable
    ) async throws {
        var files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jpg") }.sorted()
        guard !files.isEmpty else { throw BenchError("no photos in \(directory); run Tools/docgen/generate_documents.py") }
        if let limit { files = Array(files.prefix(limit)) }
        // One reader thread: the figures are per core.
        let pool = try engine.makeReader(threads: 1)
        defer { pool.shutdown() }

        var cornerErrors: [Double] = [], visibleErrors: [Double] = [], found = 0, partial = 0
        var rawAccuracy: [Double] = [], enhancedAccuracy: [Double] = []
        var stages: [String: Timings] = [:]
        var endToEnd = Timings(), rawOCR = Timings()
        var megapixels: [Double] = []
        for file in files {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(file)
            let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: url.deletingPathExtension().appendingPathExtension("json")))
            let bytes = [UInt8](try Data(contentsOf: url))

            let scanned = try await scanner.read(try scanner.prepare(bytes), with: pool)
            for stage in scanned.timings.stages { stages[stage.name, default: Timings()].record(milliseconds: stage.milliseconds) }
            endToEnd.record(milliseconds: scanned.timings.total)
            megapixels.append(Double(scanned.prepared.sourceWidth * scanned.prepared.sourceHeight) / 1e6)

            let detection = scanned.prepared.detection
            if detection.found { found += 1 }
            if detection.partial { partial += 1 }
            let expected = Quadrilateral(
                topLeft: Point(x: truth.corners[0][0], y: truth.corners[0][1]), topRight: Point(x: truth.corners[1][0], y: truth.corners[1][1]),
                bottomRight: Point(x: truth.corners[2][0], y: truth.corners[2][1]), bottomLeft: Point(x: truth.corners[3][0], y: truth.corners[3][1])
            )
            let diagonal = (expected.topLeft.distance(to: expected.bottomRight) + expected.topRight.distance(to: expected.bottomLeft)) / 2
            cornerErrors.append(detection.corners.maximumCornerError(to: expected) / diagonal)
            let hidden = Set(truth.hidden ?? [])
            let visible = zip(detection.corners.corners, expected.corners).enumerated().filter { !hidden.contains($0.offset) }
            // Not found counts as missed, whatever the fallback's corners.
            visibleErrors.append(detection.found ? (visible.map { $0.element.0.distance(to: $0.element.1) }.max() ?? 0) / diagonal : 1)

            enhancedAccuracy.append(characterAccuracy(recognized: normalize(scanned.ocr.text), truth: normalize(truth.text)))
            let start = ContinuousClock.now
            let raw = try await pool.recognize(scanned.prepared.page, options: scanner.ocrOptions)
            rawOCR.record(ContinuousClock.now - start)
            rawAccuracy.append(characterAccuracy(recognized: normalize(raw.text), truth: normalize(truth.text)))
        }

        let set = "\(files.count) \(label), \(String(format: "%.0f", median(megapixels))) MP, page ≤ \(scanner.maximumPageSide) px, \(engine == .tesseract ? "Tesseract \(scanner.ocrOptions.languages)" : engine.displayName)"
        let within = cornerErrors.filter { $0 <= 0.02 }.count
        table.add("Page found", "\(found) / \(files.count)", dataSet: set)
        table.add("Corners within 2% of the page diagonal", percent(Double(within) / Double(files.count)), dataSet: set)
        table.add("Found, visible corners within 2%", percent(Double(visibleErrors.filter { $0 <= 0.02 }.count) / Double(files.count)), dataSet: set)
        table.add("Reported partial (a corner outside the photo)", "\(partial) / \(files.count)", dataSet: set)
        table.add("Corner error (worst corner), mean / max", "\(percent(mean(cornerErrors))) / \(percent(cornerErrors.max() ?? 0)) of diagonal", dataSet: set)
        table.add("OCR character accuracy, page without enhancement", percent(mean(rawAccuracy)), dataSet: set)
        table.add("OCR character accuracy, enhanced page", percent(mean(enhancedAccuracy)), dataSet: set)
        for name in ["decode", "find", "warp", "deskew", "enhance", "ocr"] {
            if let timing = stages[name] { table.add("Stage \(name)", timing.summary, dataSet: set) }
        }
        table.add("End to end (decode → OCR), one core", endToEnd.summary, dataSet: set)
        table.add("OCR of the page without enhancement", rawOCR.summary, dataSet: set)
    }

    /// Compares text, not layout: runs of whitespace count as one space.
    static func normalize(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static func mean(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }
    static func median(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.sorted()[values.count / 2] }
    static func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
