import Testing
import ScanbookCore
@testable import ScanbookVision

/// JPEG and PNG through libjpeg and libpng (cvision_codec.cpp): what a phone, a scanner or an
/// editor writes comes out as upright 8-bit BGR, and what we write reads back.
@Suite struct CodecTests {
    /// (blue, green, red) at (x, y); gray images repeat their one value.
    static func colour(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        image.withPixels { pixels in
            guard let base = pixels.base else { return [] }
            let offset = y * pixels.stride + x * pixels.channels
            return pixels.channels == 1 ? Array(repeating: Int(base[offset]), count: 3) : (0..<3).map { Int(base[offset + $0]) }
        }
    }

    static func near(_ a: [Int], _ b: [Int], within tolerance: Int = 12) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// `jpeg` with an EXIF block saying `orientation` inserted after its start marker.
    static func withOrientation(_ jpeg: [UInt8], _ orientation: UInt8) -> [UInt8] {
        // "Exif\0\0", a big-endian TIFF header, one directory holding tag 0x0112 (SHORT, 1 value).
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8] + [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0] + [0, 0, 0, 0]
        let exif = Array("Exif".utf8) + [0, 0] + tiff
        let length = exif.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif + Array(jpeg[2...])
    }

    /// A 64×32 white photo with a black 16×16 block in its top-left corner, turned by each EXIF
    /// orientation: where the block lands is what a viewer shows.
    @Test(arguments: [(1, false, "top-left"), (2, false, "top-right"), (3, false, "bottom-right"), (4, false, "bottom-left"),
                      (5, true, "top-left"), (6, true, "top-right"), (7, true, "bottom-right"), (8, true, "bottom-left")])
    func everyEXIFOrientationIsTurnedUpright(_ orientation: Int, _ swapsSides: Bool, _ corner: String) throws {
        let (width, height) = (64, 32)
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<16 { for x in 0..<16 { pixels[y * width + x] = 0 } }
        let jpeg = try Image.fromPixels(pixels, width: width, height: height, channels: 1).encodeJPEG(quality: 95)
        let image = try Image.decode(Self.withOrientation(jpeg, UInt8(orientation)))
        #expect(swapsSides ? (image.width == height && image.height == width) : (image.width == width && image.height == height))
        let (right, bottom) = (image.width - 4, image.height - 4)
        let corners = ["top-left": (4, 4), "top-right": (right, 4), "bottom-right": (right, bottom), "bottom-left": (4, bottom)]
        for (name, (x, y)) in corners {
            let dark = Self.colour(image, x, y)[0] < 60
            #expect(dark == (name == corner), "orientation \(orientation): \(name) is \(dark ? "dark" : "light")")
        }
    }

    @Test func anUnreadableEXIFBlockLeavesThePhotoAsStored() throws {
        let jpeg = try Image.fromPixels([UInt8](repeating: 128, count: 40 * 20), width: 40, height: 20, channels: 1).encodeJPEG()
        // A directory offset far past the block's end, and an orientation of 9 (no such thing).
        var broken = Self.withOrientation(jpeg, 6)
        broken[2 + 4 + 6 + 4] = 0xFF
        for bytes in [broken, Self.withOrientation(jpeg, 9)] {
            let image = try Image.decode(bytes)
            #expect(image.width == 40 && image.height == 20)
        }
    }

    @Test func transparentPixelsComeOutWhiteNotBlack() throws {
        let image = try Fixtures.image("alpha.png")
        #expect(image.channels == 3)
        #expect(Self.colour(image, 2, 2) == [255, 255, 255], "transparent black is shown on white")
        #expect(Self.colour(image, 12, 2) == [160, 40, 20], "opaque pixels keep their colour (BGR)")
    }

    @Test func sixteenBitPalettedAndCMYKFilesReadAsTheirColours() throws {
        let gray = try Fixtures.image("gray16.png")
        #expect(Self.colour(gray, 2, 2) == [32, 32, 32] && Self.colour(gray, 12, 2) == [224, 224, 224])
        let palette = try Fixtures.image("palette.png")
        #expect(Self.colour(palette, 2, 2) == [30, 30, 200] && Self.colour(palette, 12, 2) == [60, 170, 30])
        // Black ink in both halves: C0 M200 Y200 K60 is a dark red, K160 alone a gray.
        let cmyk = try Fixtures.image("cmyk.jpg")
        #expect(cmyk.channels == 3)
        #expect(Self.near(Self.colour(cmyk, 2, 2), [43, 43, 195]), "\(Self.colour(cmyk, 2, 2))")
        #expect(Self.near(Self.colour(cmyk, 12, 2), [95, 95, 95]), "\(Self.colour(cmyk, 12, 2))")
    }

    @Test func pngKeepsEveryPixelAndJPEGComesClose() throws {
        let (width, height) = (37, 23)
        let pixels = (0..<width * height * 3).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let image = try Image.fromPixels(pixels, width: width, height: height, channels: 3)
        let again = try Image.decode(try image.encodePNG())
        #expect(again.width == width && again.height == height)
        let same = (0..<height).allSatisfy { y in (0..<width).allSatisfy { x in Self.colour(again, x, y) == Self.colour(image, x, y) } }
        #expect(same, "PNG is lossless")

        let flat = try Image.fromPixels([UInt8](repeating: 90, count: 48 * 48), width: 48, height: 48, channels: 1)
        let jpeg = try Image.decode(try flat.encodeJPEG(quality: 90))
        #expect(Self.near(Self.colour(jpeg, 20, 20), [90, 90, 90], within: 2))
    }

    @Test func aCutOffPNGIsRefusedAndACutOffJPEGShowsWhatArrived() throws {
        let png = try Fixtures.bytes("text.png")
        for reduction in [1, 2] {
            // Refused as a damaged file (the user's to fix), not as a failure worth retrying.
            #expect { try Image.decode(Array(png.prefix(png.count / 2)), reduction: reduction) } throws: { error in
                guard let error = error as? VisionError else { return false }
                return error.kind == .notAnImage && error.message.contains("ends early")
            }
        }
        // libjpeg fills what is missing and warns; the photo's top half is still worth reading.
        let jpeg = try Fixtures.bytes("document-1.jpg")
        let half = try Image.decode(Array(jpeg.prefix(jpeg.count / 2)))
        #expect(half.width == 600 && half.height == 800)
    }
}
