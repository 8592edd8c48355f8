import Testing
import ScanbookCore
import ScanbookOCR
@testable import ScanbookVision

@Suite struct DocumentTests {
    @Test(arguments: ["document-1", "document-2"])
    func findsThePageWithinTwoPercentOfItsDiagonal(_ name: String) throws {
        let photo = try Fixtures.image("\(name).jpg")
        let truth = try Fixtures.truth("\(name).json")
        let detection = try photo.findDocument()
        #expect(detection.found)
        let error = detection.corners.maximumCornerError(to: truth.quadrilateral)
        #expect(error <= 0.02 * truth.diagonal, "corner error \(error) px, diagonal \(truth.diagonal) px")
    }

    /// Generated (Tools/docgen/generate_documents.py --partial-share 1), reduced to 900 px wide:
    /// "document-cut" has its top-right corner 79 px right of the photo; "document-cut-shadow"
    /// (seed 7, photo 2) its bottom-right one outside, under a shadow across the page's lower
    /// half: the edges' outline was open where the frame cuts the page, and no page was found.
    @Test(arguments: [("document-cut", 1), ("document-cut-shadow", 2)])
    func aCornerOutsideThePhotoIsPlacedWhereTheSidesMeet(_ name: String, outside corner: Int) throws {
        let photo = try Fixtures.image("\(name).jpg")
        let truth = try Fixtures.truth("\(name).json")
        let detection = try photo.findDocument()
        #expect(detection.found && detection.partial)
        #expect(DocumentDetection.cornersOutside(detection.corners, width: photo.width, height: photo.height) == [corner])
        let error = detection.corners.maximumCornerError(to: truth.quadrilateral)
        #expect(error <= 0.02 * truth.diagonal, "corner error \(error) px, diagonal \(truth.diagonal) px")
    }

    @Test func theStraightenedPartBeyondThePhotoIsPaperWhite() throws {
        let photo = try Fixtures.image("document-cut.jpg")
        let corners = try photo.findDocument().corners
        let size = corners.naturalSize
        let page = try photo.warped(corners, width: size.width, height: size.height)
        // The top-right corner lies beyond the photo: paper white, not the frame's edge smeared.
        #expect(ResolutionTests.gray(page, page.width - 6, 6) == 255)
        #expect(ResolutionTests.gray(page, 6, page.height - 6) < 255, "the visible corners are the photo's")
    }

    @Test func aCoveredCornerIsPlacedWhereTheSidesMeet() throws {
        // The bottom-right corner lies under a thumb-coloured blob.
        let photo = try Fixtures.image("document-covered.jpg")
        let truth = try Fixtures.truth("document-covered.json")
        let detection = try photo.findDocument()
        #expect(detection.found && !detection.partial)
        let error = detection.corners.maximumCornerError(to: truth.quadrilateral)
        #expect(error <= 0.02 * truth.diagonal, "corner error \(error) px, diagonal \(truth.diagonal) px")
    }

    /// `width`×`height` dark grey with white rectangles (x, y, width, height) on it.
    static func table(_ width: Int, _ height: Int, papers: [(Int, Int, Int, Int)]) throws -> Image {
        var pixels = [UInt8](repeating: 60, count: width * height)
        for (x, y, w, h) in papers {
            for row in y..<(y + h) { for column in x..<(x + w) { pixels[row * width + column] = 235 } }
        }
        return try Image.fromPixels(pixels, width: width, height: height, channels: 1)
    }

    /// A narrow receipt photographed from further away covers under 8 % of the photo: found only
    /// when asked for, and never instead of an ordinary outline.
    @Test func aSmallOutlineIsFoundOnlyWhenAskedForAndNoLargerOneIs() throws {
        let far = try Self.table(600, 800, papers: [(250, 250, 90, 300)])
        #expect(!(try far.findDocument()).found)
        let small = try far.findDocument(smallestAreaShare: 0.03)
        #expect(small.found)
        let truth = Quadrilateral(topLeft: Point(x: 250, y: 250), topRight: Point(x: 339, y: 250), bottomRight: Point(x: 339, y: 549), bottomLeft: Point(x: 250, y: 549))
        #expect(small.corners.maximumCornerError(to: truth) <= 6, "\(small.corners)")
        #expect(abs(small.areaShare(ofImageWidth: 600, height: 800) - 0.056) < 0.005)

        let both = try Self.table(600, 800, papers: [(40, 60, 300, 500), (420, 300, 90, 300)])
        let ordinary = try both.findDocument(), asked = try both.findDocument(smallestAreaShare: 0.03)
        #expect(ordinary.found && asked.corners == ordinary.corners && asked.score == ordinary.score)
    }

    /// The receipt reader's scanner finds the small outline and sets it aside (the whole photo is
    /// the page) until a reader takes it.
    @Test func theReceiptScannerSetsASmallOutlineAside() throws {
        var scanner = DocumentScanner(maximumPageSide: 4000)
        scanner.smallestOutlineAreaShare = 0.03
        let bytes = try Self.table(600, 800, papers: [(250, 250, 90, 300)]).encodePNG()
        let located = try scanner.locate(bytes)
        #expect(!located.detection.found && located.setAsideOutline != nil)
        let taken = try scanner.prepare(bytes, framing: DocumentScanner.Framing(takesSmallOutline: true))
        #expect(taken.detection.found && taken.setAsideOutline == nil && abs(taken.page.width - 90) <= 6, "\(taken.page.width)×\(taken.page.height)")
    }

    @Test func fallsBackToTheWholeImageWhenThereIsNoPage() throws {
        let plain = try Image.fromPixels([UInt8](repeating: 128, count: 300 * 200), width: 300, height: 200, channels: 1)
        let detection = try plain.findDocument()
        #expect(!detection.found)
        #expect(detection.corners == Quadrilateral(
            topLeft: Point(x: 0, y: 0), topRight: Point(x: 299, y: 0),
            bottomRight: Point(x: 299, y: 199), bottomLeft: Point(x: 0, y: 199)
        ))
    }

    @Test func warpsThePageUpright() throws {
        let photo = try Fixtures.image("document-1.jpg")
        let corners = try photo.findDocument().corners
        let size = corners.naturalSize
        let page = try photo.warped(corners, width: size.width, height: size.height)
        #expect(page.width == size.width && page.height == size.height)
        #expect(Double(page.height) / Double(page.width) > 1.3, "an A4 page stays portrait")
        #expect(throws: VisionError.self) { try photo.warped(corners, width: 0, height: 10) }
    }

    @Test func estimatesAndRemovesSmallSkew() throws {
        let text = try Fixtures.image("text.png")
        let tilted = try text.rotated(by: 3)
        let skew = try tilted.estimatedSkew()
        #expect(abs(skew - 3) < 0.6, "estimated \(skew)°")
        let straightened = try tilted.deskewed()
        #expect(abs(straightened.degrees - 3) < 0.6)
        #expect(abs(try straightened.image.estimatedSkew()) < 0.6)
        #expect(try text.deskewed().degrees == 0, "an upright page is left alone")
    }

    @Test(arguments: EnhancementMode.allCases)
    func enhancementGivesAGrayPageOfTheSameSize(_ mode: EnhancementMode) throws {
        let page = try Fixtures.image("document-2.jpg")
        let enhanced = try page.enhanced(for: mode)
        #expect(enhanced.channels == 1)
        #expect(enhanced.width == page.width && enhanced.height == page.height)
    }

    @Test func histogramComparisonScoresLikeness() throws {
        let first = try Fixtures.image("document-1.jpg"), second = try Fixtures.image("document-2.jpg")
        let same = try first.compareHistograms(with: first)
        #expect(abs(same.correlation - 1) < 1e-9)
        #expect(same.chiSquare < 1e-9 && same.bhattacharyya < 1e-6)
        let different = try first.compareHistograms(with: second)
        #expect(different.correlation < same.correlation)
        #expect(different.bhattacharyya > same.bhattacharyya)
        #expect(different.intersection < same.intersection)
        #expect(different.chiSquare > same.chiSquare)
    }
}
