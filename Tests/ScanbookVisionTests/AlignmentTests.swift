import Foundation
import ScanbookVision
import Testing

/// A page warped by a known homography is fitted back: every point within 2 px.
@Suite struct AlignmentTests {
    @Test(arguments: [
        // A tilt with perspective, a small rotation and shift, a strong zoom out.
        [0.92, 0.08, 40.0, -0.05, 0.95, 60.0, 0.00004, 0.00003, 1.0],
        [0.996, -0.087, 30.0, 0.087, 0.996, -20.0, 0.0, 0.0, 1.0],
        [0.6, 0.02, 120.0, -0.01, 0.62, 200.0, 0.0, 0.0, 1.0],
    ])
    func aKnownWarpIsRecovered(_ known: [Double]) throws {
        let page = try Image.decode(try Fixtures.bytes("document-1.jpg"))
        let homography = try #require(Homography(known))
        let photo = try page.warped(by: homography, width: page.width, height: page.height)
        let alignment = try photo.alignment(to: page)
        let fitted = try #require(alignment.homography, "inliers: \(alignment.inliers)")
        // The fit maps photo → page; known maps page → photo: their composition is the identity
        // on the page's part that is visible in the photo.
        var worst = 0.0
        for gx in stride(from: 0.2, through: 0.8, by: 0.2) {
            for gy in stride(from: 0.2, through: 0.8, by: 0.2) {
                let point = Point(x: gx * Double(page.width), y: gy * Double(page.height))
                let back = try #require(homography.apply(point).flatMap(fitted.apply))
                worst = max(worst, ((back.x - point.x) * (back.x - point.x) + (back.y - point.y) * (back.y - point.y)).squareRoot())
            }
        }
        #expect(worst < 2, "worst error \(worst) px with \(alignment.inliers) inliers")
    }

    @Test func aBlankPhotoDoesNotAlign() throws {
        let page = try Image.decode(try Fixtures.bytes("document-1.jpg"))
        let blank = try Image.fromPixels([UInt8](repeating: 255, count: 400 * 300), width: 400, height: 300, channels: 1)
        #expect(try blank.alignment(to: page).homography == nil)
    }
}
