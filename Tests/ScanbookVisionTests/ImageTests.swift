import Testing
import ScanbookCore
@testable import ScanbookVision

@Suite struct ImageTests {
    @Test func decodesJPEGAndPNG() throws {
        let photo = try Fixtures.image("document-1.jpg")
        #expect(photo.width == 600 && photo.height == 800 && photo.channels == 3)
        let text = try Fixtures.image("text.png")
        #expect(text.width == 900 && text.height == 160)
    }

    @Test func refusesWhatIsNotAnImage() {
        #expect(throws: VisionError.self) { try Image.decode(Array("hello, world".utf8)) }
        // A valid JPEG signature with garbage after it gets through the header check, not the decoder.
        #expect { try Image.decode([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 64)) } throws: { error in
            (error as? VisionError)?.kind == .notAnImage
        }
    }

    @Test func refusesDecompressionBombsFromTheHeaderAlone() throws {
        // A PNG header claiming 100000 × 100000 pixels; decoding it would need 30 GB.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 2, 0, 0, 0, 0, 0, 0, 0]
        #expect { try Image.decode(png) } throws: { error in
            guard let error = error as? VisionError else { return false }
            return error.kind == .tooLarge && error.message.contains("100000×100000")
        }
        #expect(throws: VisionError.self) { try Image.decode(Fixtures.bytes("document-1.jpg"), pixelLimit: 400_000) }
    }

    @Test func encodesAndDecodesAgain() throws {
        let text = try Fixtures.image("text.png")
        let png = try text.grayscale().encodePNG()
        #expect(SniffedContent(sniffing: png) == .png)
        let again = try Image.decode(png)
        #expect(again.width == 900 && again.height == 160)
        #expect(SniffedContent(sniffing: try text.encodeJPEG(quality: 80)) == .jpeg)
    }

    @Test func resizesGraysCropsAndRotates() throws {
        let photo = try Fixtures.image("document-1.jpg")
        let small = try photo.resized(toFit: 200)
        #expect(small.width == 150 && small.height == 200)
        #expect(try photo.resized(toFit: 5000).width == 600, "never enlarges")
        #expect(try photo.grayscale().channels == 1)
        let crop = try photo.cropped(to: PixelRect(x: 10, y: 20, width: 100, height: 50))
        #expect(crop.width == 100 && crop.height == 50)
        #expect(throws: VisionError.self) { try photo.cropped(to: PixelRect(x: 550, y: 0, width: 100, height: 50)) }
        let quarter = try photo.rotated(by: 90)
        #expect(quarter.width == 800 && quarter.height == 600)
        let tilted = try photo.rotated(by: 30)
        #expect(tilted.width > 600 && tilted.height > 800, "the canvas grows to keep every pixel")
    }

    @Test func readsDimensionsFromHeaders() throws {
        let jpeg = try #require(ImageDimensions(header: try Fixtures.bytes("document-1.jpg")))
        #expect(jpeg.width == 600 && jpeg.height == 800)
        #expect(ImageDimensions(header: try Fixtures.bytes("qr.png"))?.width == ImageDimensions(header: try Fixtures.bytes("qr.png"))?.height)
        #expect(ImageDimensions(header: Array("GIF89a".utf8)) == nil)
    }
}
