import CBarcode
import ScanbookCore

/// Encodes text as a QR symbol (ZXing's writer): the authenticator enrolment code on a page.
public enum QRCodeWriter {
    public static func encode(_ text: String) throws -> QRMatrix {
        var modules: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 256)
        let side = cb_encode_qr(text, &modules, &message, Int32(message.count))
        guard side > 0, let modules else {
            throw OCRError("ZXing: " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { cb_free_modules(modules) }
        let count = Int(side) * Int(side)
        let dark = UnsafeBufferPointer(start: modules, count: count).map { $0 != 0 }
        guard let matrix = QRMatrix(side: Int(side), dark: dark) else { throw OCRError("ZXing returned a malformed symbol") }
        return matrix
    }
}
