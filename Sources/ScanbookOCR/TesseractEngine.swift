import CTesseract
import Foundation
import ScanbookCore
import ScanbookVision

/// One Tesseract instance per language set. Not thread-safe: a `TesseractPool` worker thread owns it.
final class TesseractEngine {
    private let tess: ctesseract_api
    private let handle: OpaquePointer

    init(languages: String, dataPath: String) throws {
        let tess = try TesseractLibrary.functions()
        guard let handle = tess.BaseAPICreate() else { throw OCRError("Tesseract could not be created") }
        self.tess = tess
        self.handle = handle
        // Tesseract writes diagnostics to stderr unless told otherwise.
        _ = tess.BaseAPISetVariable(handle, "debug_file", "/dev/null")
        // On failure the object is fully initialized, so deinit releases the handle.
        guard tess.BaseAPIInit3(handle, dataPath, languages) == 0 else {
            throw OCRError("Tesseract has no data for \"\(languages)\" in \(dataPath) (Debian: tesseract-ocr-deu, tesseract-ocr-eng)")
        }
        // Pages reach OCR dark-on-light after enhancement; retrying every doubtful line inverted
        // costs about a third of the recognition time and finds nothing there.
        _ = tess.BaseAPISetVariable(handle, "tessedit_do_invert", "0")
    }

    deinit {
        tess.BaseAPIEnd(handle)
        tess.BaseAPIDelete(handle)
    }

    func recognize(_ image: Image, options: OCROptions) throws -> OCRResult {
        let gray = try image.channels == 1 ? image : image.grayscale()
        return try gray.withPixels { pixels in
            tess.BaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(options.pageSegmentation.rawValue)))
            // Set on every call: the engine is shared by calls with different options.
            _ = tess.BaseAPISetVariable(handle, "thresholding_method", "\(options.thresholding.rawValue)")
            tess.BaseAPISetImage(handle, pixels.base, Int32(pixels.width), Int32(pixels.height), 1, Int32(pixels.stride))
            if let rect = options.rect {
                guard rect.x >= 0, rect.y >= 0, rect.width > 0, rect.height > 0,
                      rect.x + rect.width <= pixels.width, rect.y + rect.height <= pixels.height
                else { throw OCRError("The rectangle \(rect.x),\(rect.y),\(rect.width),\(rect.height) lies outside the \(pixels.width)×\(pixels.height) image") }
                tess.BaseAPISetRectangle(handle, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
            }
            defer { tess.BaseAPIClear(handle) }
            let monitor = tess.MonitorCreate()
            defer { tess.MonitorDelete(monitor) }
            tess.MonitorSetDeadlineMSecs(monitor, Int32(max(1, min(options.timeLimitSeconds, 86_400)) * 1000))
            let started = ContinuousClock.now
            guard tess.BaseAPIRecognize(handle, monitor) == 0 else {
                if ContinuousClock.now - started >= .seconds(options.timeLimitSeconds) {
                    throw OCRError("Text recognition took longer than \(options.timeLimitSeconds) s and was stopped.")
                }
                throw OCRError("Tesseract failed to recognize the image")
            }
            let text = take(tess.BaseAPIGetUTF8Text(handle))
            let mean = Double(tess.BaseAPIMeanTextConf(handle))
            let (words, lines) = layout()
            return OCRResult(text: text, meanConfidence: mean, words: words, lines: lines)
        }
    }

    /// Words and lines with boxes and confidences, in reading order.
    private func layout() -> ([OCRWord], [OCRLine]) {
        var words: [OCRWord] = []
        var lines: [OCRLine] = []
        guard let iterator = tess.BaseAPIGetIterator(handle) else { return (words, lines) }
        defer { tess.ResultIteratorDelete(iterator) }
        let pageIterator = tess.ResultIteratorGetPageIterator(iterator)
        repeat {
            guard let raw = tess.ResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let word = take(raw)
            if tess.PageIteratorIsAtBeginningOf(pageIterator, RIL_TEXTLINE) != 0 || lines.isEmpty {
                let lineText = take(tess.ResultIteratorGetUTF8Text(iterator, RIL_TEXTLINE)).trimmingCharacters(in: .whitespacesAndNewlines)
                lines.append(OCRLine(
                    text: lineText,
                    confidence: Double(tess.ResultIteratorConfidence(iterator, RIL_TEXTLINE)),
                    box: box(pageIterator, RIL_TEXTLINE)
                ))
            }
            words.append(OCRWord(
                text: word,
                confidence: Double(tess.ResultIteratorConfidence(iterator, RIL_WORD)),
                box: box(pageIterator, RIL_WORD),
                line: lines.count - 1
            ))
        } while tess.ResultIteratorNext(iterator, RIL_WORD) != 0
        return (words, lines)
    }

    private func box(_ iterator: OpaquePointer?, _ level: TessPageIteratorLevel) -> PixelRect {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        _ = tess.PageIteratorBoundingBox(iterator, level, &left, &top, &right, &bottom)
        return PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
    }

    private func take(_ text: UnsafeMutablePointer<CChar>?) -> String {
        guard let text else { return "" }
        defer { tess.DeleteText(text) }
        return String(cString: text)
    }
}
