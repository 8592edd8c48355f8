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

    /// The map sending each of four points to its partner (no three on a line); nil when they are degenerate.
    public static func fitting(_ from: [Point], to: [Point]) -> Homography? {
        guard from.count == 4, to.count == 4 else { return nil }
        // The eight equations of the direct linear transform with h33 = 1, by Gaussian elimination.
        var rows: [[Double]] = []
        for (p, q) in zip(from, to) {
            rows.append([p.x, p.y, 1, 0, 0, 0, -q.x * p.x, -q.x * p.y, q.x])
            rows.append([0, 0, 0, p.x, p.y, 1, -q.y * p.x, -q.y * p.y, q.y])
        }
        for column in 0..<8 {
            guard let pivot = (column..<8).max(by: { abs(rows[$0][column]) < abs(rows[$1][column]) }), abs(rows[pivot][column]) > 1e-12 else { return nil }
            rows.swapAt(column, pivot)
            for row in 0..<8 where row != column {
                let factor = rows[row][column] / rows[column][column]
                if factor != 0 { rows[row] = zip(rows[row], rows[column]).map { $0 - factor * $1 } }
            }
        }
        return Homography((0..<8).map { rows[$0][8] / rows[$0][$0] } + [1])
    }

    /// First `self`, then `next`.
    public func followed(by next: Homography) -> Homography? {
        let a = next.matrix, b = matrix
        var product = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                product[row * 3 + column] = (0..<3).reduce(0) { $0 + a[row * 3 + $1] * b[$1 * 3 + column] }
            }
        }
        return Homography(product)
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

    /// How many of this photo's features agree with each reference (one perspective map per
    /// reference), and how many of those do not also agree with the strongest other reference.
    public func featureAgreement(with references: [Image]) throws(VisionError) -> [(matches: Int, distinct: Int)] {
        guard !references.isEmpty else { return [] }
        var inliers = [Int32](repeating: 0, count: references.count)
        var distinct = [Int32](repeating: 0, count: references.count)
        var error = cvision_error()
        let handles: [OpaquePointer?] = references.map { $0.handle }
        let status = handles.withUnsafeBufferPointer { pointers in
            inliers.withUnsafeMutableBufferPointer { inliers in
                distinct.withUnsafeMutableBufferPointer { distinct in
                    cvision_match_references(handle, pointers.baseAddress, Int32(references.count), inliers.baseAddress, distinct.baseAddress, &error)
                }
            }
        }
        guard status >= 0, error.code == 0 else { throw VisionError(error) }
        return zip(inliers, distinct).map { (Int($0), Int($1)) }
    }

    /// This image mapped by `homography` onto a `width`×`height` canvas (outside: white).
    public func warped(by homography: Homography, width: Int, height: Int) throws(VisionError) -> Image {
        let (w, h) = (try int32(width), try int32(height))
        return Image(try checked { error in homography.matrix.withUnsafeBufferPointer { cvision_warp_homography(handle, $0.baseAddress, w, h, error) } })
    }
}

extension Image {
    /// Where `needle` matches best inside this image (normalized cross-correlation): the offset of
    /// its top-left corner and the score (−1…1).
    public func locate(_ needle: Image) throws(VisionError) -> (x: Int, y: Int, score: Double) {
        var x: Int32 = 0, y: Int32 = 0
        var score = 0.0
        try checkedStatus { error in cvision_locate(handle, needle.handle, &x, &y, &score, error) }
        return (Int(x), Int(y), score)
    }
}
