import CTesseract
import ScanbookCore

/// Tesseract's functions, its library opened the first time a reader needs it (`ctesseract_load`):
/// a program that reads only with PP-OCR never loads it, nor the forty libraries it brings. OpenMP,
/// which Tesseract brings, is held to one thread (`ctesseract.h` says how and why).
enum TesseractLibrary {
    /// The table of functions, or why the library cannot be used.
    static func functions() throws -> ctesseract_api {
        var error: UnsafePointer<CChar>?
        guard let table = ctesseract_load(&error) else {
            throw OCRError(error.map { String(cString: $0) } ?? "Tesseract's library could not be loaded")
        }
        return table.pointee
    }
}
