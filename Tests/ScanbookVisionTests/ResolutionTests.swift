import Testing
import ScanbookCore
@testable import ScanbookOCR
@testable import ScanbookVision

/// The pipeline gives OCR the same page whatever the photo's resolution (issue 25).
@Suite struct ResolutionTests {
    /// Gray level at (x, y).
    static func gray(_ image: Image, _ x: Int, _ y: Int) -> Int {
        image.withPixels { pixels in
            guard let base = pixels.base else { return -1 }
            let offset = y * pixels.stride + x * pixels.channels
            return (0..<pixels.channels).reduce(0) { $0 + Int(base[offset + $1]) } / pixels.channels
        }
    }

    @Test(arguments: [1, 2, 4, 8])
    func decodesReducedAndUpright(_ reduction: Int) throws {
        // Stored 480×320 with a black block top-left and EXIF orientation 6: upright it is
        // 320×480 with the block top-right.
        let image = try Image.decode(try Fixtures.bytes("exif-rotated.jpg"), reduction: reduction)
        #expect(image.width == (320 + reduction - 1) / reduction && image.height == (480 + reduction - 1) / reduction)
        #expect(Self.gray(image, image.width - 1 - 10 / reduction, 10 / reduction) < 60, "the block is top-right")
        #expect(Self.gray(image, 10 / reduction, 10 / reduction) > 200)
    }

    @Test func refusesOtherReductions() throws {
        #expect(throws: VisionError.self) { try Image.decode(try Fixtures.bytes("document-1.jpg"), reduction: 3) }
    }

    @Test func thinStrokesSurviveAShrinkingWarp() throws {
        // One black row in every four: shrunk by 4, every output row averages to ~191. Sampling
        // instead would land between the white rows and lose every stroke.
        let width = 400, height = 400
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in stride(from: 0, to: height, by: 4) { for x in 0..<width { pixels[y * width + x] = 0 } }
        let lines = try Image.fromPixels(pixels, width: width, height: height, channels: 1)
        let whole = Quadrilateral(topLeft: Point(x: 0, y: 0), topRight: Point(x: 400, y: 0), bottomRight: Point(x: 400, y: 400), bottomLeft: Point(x: 0, y: 400))
        let shrunk = try lines.warped(whole, width: 100, height: 100)
        let column = (10..<90).map { Self.gray(shrunk, 50, $0) }
        let mean = column.reduce(0, +) / column.count
        #expect((170...210).contains(mean), "mean gray \(mean)")
        #expect(column.allSatisfy { abs($0 - mean) < 25 }, "\(column)")
    }

    @Test func theWholePhotoAtItsOwnSizeIsCopiedUnchanged() throws {
        // Every resampling blurs faint print: without a page outline, nothing is resampled.
        let photo = try Fixtures.image("text.png")
        let whole = DocumentDetection.wholeImage(width: photo.width, height: photo.height).corners
        let copy = try photo.warped(whole, width: photo.width, height: photo.height)
        let differing = stride(from: 0, to: photo.height, by: 3).flatMap { y in
            stride(from: 0, to: photo.width, by: 3).filter { x in Self.gray(photo, x, y) != Self.gray(copy, x, y) }
        }
        #expect(differing.isEmpty, "\(differing.count) pixels changed")
    }

    @Test func aPhotoAndItsEnlargementGiveTheSamePage() throws {
        let photo = try Fixtures.image("document-2.jpg")
        let bytes = try Fixtures.bytes("document-2.jpg")
        let enlarged = try photo.resized(width: photo.width * 3, height: photo.height * 3).encodeJPEG(quality: 92)
        var scanner = DocumentScanner(maximumPageSide: 2000, minimumPageWidth: 500)
        scanner.maximumPageWidth = 500
        scanner.readsEnhancedPage = false
        let small = try scanner.prepare(bytes), large = try scanner.prepare(enlarged)
        #expect(large.sourceWidth == photo.width * 3 && large.sourceHeight == photo.height * 3)
        #expect(small.detection.found && large.detection.found)
        #expect(small.detection.corners.scaled(by: 3).maximumCornerError(to: large.detection.corners) < 0.01 * Double(large.sourceHeight))
        #expect(large.page.width == small.page.width && abs(large.page.height - small.page.height) <= 2)
        let timings = Set(large.timings.stages.map(\.name))
        #expect(timings.isSuperset(of: ["decode", "find", "warp", "deskew"]) && !timings.contains("enhance"))
        // Pixel by pixel, the pages differ by little more than JPEG noise.
        var difference = 0, count = 0
        for y in stride(from: 20, to: min(small.page.height, large.page.height) - 20, by: 7) {
            for x in stride(from: 20, to: small.page.width - 20, by: 7) {
                difference += abs(Self.gray(small.page, x, y) - Self.gray(large.page, x, y))
                count += 1
            }
        }
        #expect(Double(difference) / Double(count) < 12, "mean difference \(Double(difference) / Double(count))")
    }

    @Test func theUprightSizeFollowsTheOrientation() throws {
        let bytes = try Fixtures.bytes("exif-rotated.jpg")
        let header = try #require(ImageDimensions(header: bytes))
        let decoded = try Image.decode(bytes, reduction: 2)
        let size = DocumentScanner.uprightSize(of: header, decoded: decoded, reduction: 2)
        #expect(size.width == 320 && size.height == 480)
    }
}
