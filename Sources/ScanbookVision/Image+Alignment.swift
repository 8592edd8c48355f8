import CVision

/// A plane-to-plane projective map (row-major 3×3), as OpenCV fits it.
public struct Homography: Equatable, Sendable, Codable {
    public let matrix: [Double]

    public init?(_ matrix: [Double]) {
        guard matrix.count == 9, matrix.allSatisfy(\.isFinite) else { return nil }
        self.matrix = matrix
    }

    public static let identity = Homography(unchecked: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    private init(unchecked matrix: [Double]) {
        self.matrix = matrix
    }

    /// Where `point` lands; nil at the line the map sends to infinity.
    public func apply(_ point: Point) -> Point? {
        let m = matrix
        let w = m[6] * point.x + m[7] * point.y + m[8]
        guard abs(w) > 1e-12 else { return nil }
        return Point(x: (m[0] * point.x + m[1] * point.y + m[2]) / w, y: (m[3] * point.x + m[4] * point.y + m[5]) / w)
    }
}

/// How a photographed page maps onto its template page.
public struct PageAlignment: Equatable, Sendable {
    /// Photo pixels → template pixels; nil when too few features agreed to trust a fit.
    public let homography: Homography?
    /// Feature matches the fit agrees with.
    public let inliers: Int
}

extension Image {
    /// Fits this photo's page onto `reference` by its features (ORB, ratio test, RANSAC): works
    /// when the page is folded, tilted or cut at a corner, as long as enough print is visible.
    public func alignment(to reference: Image) throws(VisionError) -> PageAlignment {
        var matrix = [Double](repeating: 0, count: 9)
        var inliers: Int32 = 0
        var error = cvision_error()
        let status = matrix.withUnsafeMutableBufferPointer { cvision_align(reference.handle, handle, $0.baseAddress, &inliers, &error) }
        guard status >= 0, error.code == 0 else { throw VisionError(error) }
        return PageAlignment(homography: status == 1 ? Homography(matrix) : nil, inliers: Int(inliers))
    }

    /// This image mapped by `homography` onto a `width`×`height` canvas (outside: white).
    public func warped(by homography: Homography, width: Int, height: Int) throws(VisionError) -> Image {
        let (w, h) = (try int32(width), try int32(height))
        return Image(try checked { error in homography.matrix.withUnsafeBufferPointer { cvision_warp_homography(handle, $0.baseAddress, w, h, error) } })
    }
}
