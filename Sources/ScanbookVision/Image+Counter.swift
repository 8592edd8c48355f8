import CVision
import ScanbookCore

/// A row of similar, evenly spaced digit cells found in an image.
public struct DigitRow: Equatable, Sendable {
    public let bounds: PixelRect
    public let cells: Int
    /// From one cell's left edge to the next one's, in pixels.
    public let pitch: Double
}

extension Image {
    /// The longest row of digit cells (a counter's drums behind their window, framed figures on a
    /// dial), found by shape alone; nil when no row of three or more is seen.
    public func digitRow() throws(VisionError) -> DigitRow? {
        var rect = [Int32](repeating: 0, count: 4)
        var cells: Int32 = 0
        var pitch = 0.0
        var error = cvision_error()
        let status = rect.withUnsafeMutableBufferPointer { cvision_find_digit_row(handle, $0.baseAddress, &cells, &pitch, &error) }
        guard status >= 0, error.code == 0 else { throw VisionError(error) }
        guard status == 1, pitch.isFinite else { return nil }
        return DigitRow(bounds: PixelRect(x: Int(rect[0]), y: Int(rect[1]), width: Int(rect[2]), height: Int(rect[3])), cells: Int(cells), pitch: pitch)
    }
}
