import CVision
import ScanbookCore

/// A decoded image (BGR or gray), owned by the OpenCV shim and freed with this object. Every
/// operation returns a new image, so an `Image` never changes and can be shared across threads.
public final class Image: @unchecked Sendable {
    let handle: OpaquePointer

    /// 50 megapixels: far above any phone photo, far below what would exhaust memory.
    public static let defaultPixelLimit = 50_000_000
    /// 64 MB of compressed data: three times the largest upload the server accepts by default.
    public static let defaultByteLimit = 64_000_000
    /// A photo smaller than this on either side holds no page, meter or slip worth finding.
    public static let minimumPhotoSide = UploadPolicy.minimumPhotoSide

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        cvision_image_free(handle)
    }

    /// Decodes JPEG or PNG bytes, applying the EXIF orientation. The header is read first and
    /// checked against every limit (bytes, pixels, metadata, smallest side), so an image OpenCV
    /// should not see is refused before it is decompressed. `reduction` (1, 2, 4 or 8) decodes at
    /// that fraction of the size, which for JPEG costs a fraction of the full decode; the limits
    /// still apply to the full image.
    public static func decode(_ bytes: [UInt8], pixelLimit: Int = defaultPixelLimit, minimumSide: Int = 1, reduction: Int = 1) throws(VisionError) -> Image {
        guard [1, 2, 4, 8].contains(reduction) else { throw VisionError(.invalidArgument, "An image can be decoded at 1/1, 1/2, 1/4 or 1/8 of its size, not 1/\(reduction).") }
        guard bytes.count <= defaultByteLimit else {
            throw VisionError(.tooLarge, "The file has \(bytes.count / 1_000_000) MB, more than the limit of \(defaultByteLimit / 1_000_000) MB.")
        }
        let dimensions = try dimensions(of: bytes)
        guard dimensions.width > 0, dimensions.height > 0 else { throw VisionError(.notAnImage, "The image has no pixels.") }
        guard dimensions.pixels <= pixelLimit else {
            throw VisionError(.tooLarge, "The image has \(dimensions.width)×\(dimensions.height) pixels, more than the limit of \(pixelLimit / 1_000_000) megapixels.")
        }
        guard dimensions.metadataBytes <= ImageDimensions.maximumMetadataBytes else {
            throw VisionError(.notAnImage, "The image carries \(dimensions.metadataBytes / 1000) kB of metadata, more than a photo has.")
        }
        guard min(dimensions.width, dimensions.height) >= minimumSide else {
            throw VisionError(.tooSmall, "The photo has only \(dimensions.width)×\(dimensions.height) pixels; at least \(minimumSide) on each side are needed. Take it closer or at a higher resolution.")
        }
        let factor = Int32(reduction)
        let handle = try checked { error in bytes.withUnsafeBufferPointer { cvision_decode_reduced($0.baseAddress, $0.count, factor, error) } }
        return Image(handle)
    }

    /// The size a JPEG or PNG header states, without decoding anything.
    public static func dimensions(of bytes: [UInt8]) throws(VisionError) -> ImageDimensions {
        guard let dimensions = ImageDimensions(header: bytes) else {
            throw VisionError(.notAnImage, "The data is not a JPEG or PNG image (or its header is damaged).")
        }
        return dimensions
    }

    /// Wraps raw 8-bit pixels (1 = gray, 3 = BGR channels), copying them.
    public static func fromPixels(_ data: [UInt8], width: Int, height: Int, channels: Int) throws(VisionError) -> Image {
        guard width > 0, height > 0, (1...4).contains(channels),
              let stride = width.multiplied(checked: channels), let needed = stride.multiplied(checked: height), data.count >= needed
        else { throw VisionError(.invalidArgument, "Too few pixel bytes for \(width)×\(height)×\(channels).") }
        let (w, h, c, s) = (try int32(width), try int32(height), try int32(channels), try int32(stride))
        let handle = try checked { error in
            data.withUnsafeBufferPointer { cvision_from_pixels($0.baseAddress, w, h, c, s, error) }
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
        let quality = Int32(max(0, min(100, quality)))
        try checkedStatus { error in cvision_encode(handle, format, quality, &bytes, &length, error) }
        defer { cvision_buffer_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    public func resized(toFit maxSide: Int) throws(VisionError) -> Image {
        let side = try int32(maxSide)
        return Image(try checked { cvision_resize_to_fit(handle, side, $0) })
    }

    public func resized(width: Int, height: Int) throws(VisionError) -> Image {
        let (w, h) = (try int32(width), try int32(height))
        return Image(try checked { cvision_resize(handle, w, h, $0) })
    }

    public func grayscale() throws(VisionError) -> Image {
        Image(try checked { cvision_grayscale(handle, $0) })
    }

    public func cropped(to rect: PixelRect) throws(VisionError) -> Image {
        let (x, y, w, h) = (try int32(rect.x), try int32(rect.y), try int32(rect.width), try int32(rect.height))
        return Image(try checked { cvision_crop(handle, x, y, w, h, $0) })
    }

    /// Rotates counter-clockwise; multiples of 90° are exact, other angles grow the canvas (white).
    public func rotated(by degrees: Double, fill: UInt8 = 255) throws(VisionError) -> Image {
        guard degrees.isFinite else { throw VisionError(.invalidArgument, "The angle is not a number.") }
        return Image(try checked { cvision_rotate(handle, degrees, Int32(fill), $0) })
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
