import CVision
import ScanbookCore

/// A decoded image (BGR or gray), owned by the OpenCV shim and freed with this object. Every
/// operation returns a new image, so an `Image` never changes and can be shared across threads.
public final class Image: @unchecked Sendable {
    let handle: OpaquePointer

    /// 50 megapixels: far above any phone photo, far below what would exhaust memory.
    public static let defaultPixelLimit = 50_000_000

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        cvision_image_free(handle)
    }

    /// Decodes JPEG or PNG bytes, applying the EXIF orientation. The header is read first, so an
    /// oversized image is refused before it is decompressed.
    public static func decode(_ bytes: [UInt8], pixelLimit: Int = defaultPixelLimit) throws(VisionError) -> Image {
        guard let dimensions = ImageDimensions(header: bytes) else {
            throw VisionError(.notAnImage, "The data is not a JPEG or PNG image.")
        }
        guard dimensions.width > 0, dimensions.height > 0 else { throw VisionError(.notAnImage, "The image has no pixels.") }
        guard dimensions.pixels <= pixelLimit else {
            throw VisionError(.tooLarge, "The image has \(dimensions.width)×\(dimensions.height) pixels, more than the limit of \(pixelLimit / 1_000_000) megapixels.")
        }
        let handle = try checked { error in bytes.withUnsafeBufferPointer { cvision_decode($0.baseAddress, $0.count, error) } }
        return Image(handle)
    }

    /// Wraps raw 8-bit pixels (1 = gray, 3 = BGR channels), copying them.
    public static func fromPixels(_ data: [UInt8], width: Int, height: Int, channels: Int) throws(VisionError) -> Image {
        guard data.count >= width * height * channels else { throw VisionError(.invalidArgument, "Too few pixel bytes.") }
        let handle = try checked { error in
            data.withUnsafeBufferPointer { cvision_from_pixels($0.baseAddress, Int32(width), Int32(height), Int32(channels), Int32(width * channels), error) }
        }
        return Image(handle)
    }

    public var width: Int { Int(cvision_image_pixels(handle).width) }
    public var height: Int { Int(cvision_image_pixels(handle).height) }
    public var channels: Int { Int(cvision_image_pixels(handle).channels) }

    /// Gives `body` the pixel rows (valid only during the call).
    public func withPixels<T>(_ body: (PixelBuffer) throws -> T) rethrows -> T {
        let pixels = cvision_image_pixels(handle)
        return try withExtendedLifetime(self) {
            try body(PixelBuffer(
                base: pixels.data, width: Int(pixels.width), height: Int(pixels.height),
                channels: Int(pixels.channels), stride: Int(pixels.stride)
            ))
        }
    }

    public func encodePNG() throws(VisionError) -> [UInt8] { try encode(".png", quality: 0) }
    public func encodeJPEG(quality: Int = 90) throws(VisionError) -> [UInt8] { try encode(".jpg", quality: quality) }

    private func encode(_ format: String, quality: Int) throws(VisionError) -> [UInt8] {
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        try checkedStatus { error in cvision_encode(handle, format, Int32(quality), &bytes, &length, error) }
        defer { cvision_buffer_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    public func resized(toFit maxSide: Int) throws(VisionError) -> Image {
        Image(try checked { cvision_resize_to_fit(handle, Int32(maxSide), $0) })
    }

    public func resized(width: Int, height: Int) throws(VisionError) -> Image {
        Image(try checked { cvision_resize(handle, Int32(width), Int32(height), $0) })
    }

    public func grayscale() throws(VisionError) -> Image {
        Image(try checked { cvision_grayscale(handle, $0) })
    }

    public func cropped(to rect: PixelRect) throws(VisionError) -> Image {
        Image(try checked { cvision_crop(handle, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), $0) })
    }

    /// Rotates counter-clockwise; multiples of 90° are exact, other angles grow the canvas (white).
    public func rotated(by degrees: Double, fill: UInt8 = 255) throws(VisionError) -> Image {
        Image(try checked { cvision_rotate(handle, degrees, Int32(fill), $0) })
    }
}

/// Read-only view of an image's pixel rows.
public struct PixelBuffer {
    public let base: UnsafePointer<UInt8>?
    public let width: Int
    public let height: Int
    public let channels: Int
    public let stride: Int
}
