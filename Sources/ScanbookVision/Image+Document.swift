import CVision

/// Where the page is in a photo.
public struct DocumentDetection: Sendable, Equatable {
    /// false when no convincing page outline was seen; `corners` are then the whole image.
    public let found: Bool
    public let corners: Quadrilateral
    /// Larger is more convincing (area share × squareness × fill), 0 when not found.
    public let score: Double
    /// A corner lies outside the photo (cut off by the frame): its place is where the page's
    /// fitted sides meet, and the straightened page is white where the photo ends.
    public let partial: Bool

    public init(found: Bool, corners: Quadrilateral, score: Double, partial: Bool = false) {
        self.found = found
        self.corners = corners
        self.score = score
        self.partial = partial
    }

    /// The corners outside a `width`×`height` photo (a pixel's tolerance).
    public static func cornersOutside(_ corners: Quadrilateral, width: Int, height: Int) -> [Int] {
        corners.corners.indices.filter { index in
            let point = corners.corners[index]
            return point.x < -1 || point.y < -1 || point.x > Double(width) + 1 || point.y > Double(height) + 1
        }
    }

    /// Nothing found: the whole `width`×`height` image is the page, its corners the centres of
    /// the corner pixels (as the finder's fallback gives them), so warping it at its own size
    /// copies it unchanged.
    public static func wholeImage(width: Int, height: Int) -> DocumentDetection {
        let w = Double(max(0, width - 1)), h = Double(max(0, height - 1))
        return DocumentDetection(found: false, corners: Quadrilateral(
            topLeft: Point(x: 0, y: 0), topRight: Point(x: w, y: 0),
            bottomRight: Point(x: w, y: h), bottomLeft: Point(x: 0, y: h)
        ), score: 0)
    }

    /// The same detection in an image `factor` times larger.
    public func scaled(by factor: Double) -> DocumentDetection {
        DocumentDetection(found: found, corners: corners.scaled(by: factor), score: score, partial: partial)
    }

    /// How much of the image's height the page spans (0–1).
    public func heightShare(ofImageHeight height: Int) -> Double {
        Self.span(corners.corners.map(\.y), of: height)
    }

    /// How much of the image's width the page spans (0–1).
    public func widthShare(ofImageWidth width: Int) -> Double {
        Self.span(corners.corners.map(\.x), of: width)
    }

    /// How much of a `width`×`height` image the page covers (0–1).
    public func areaShare(ofImageWidth width: Int, height: Int) -> Double {
        guard width > 0, height > 0 else { return 0 }
        let points = corners.corners
        let twiceArea = points.indices.reduce(0.0) { sum, index in
            let (a, b) = (points[index], points[(index + 1) % points.count])
            return sum + a.x * b.y - b.x * a.y
        }
        return abs(twiceArea) / 2 / (Double(width) * Double(height))
    }

    /// An outline covers at least this share of the photo, unless `findDocument` is asked for
    /// smaller ones.
    public static let ordinaryAreaShare = 0.08

    private static func span(_ values: [Double], of length: Int) -> Double {
        guard length > 0, let low = values.min(), let high = values.max() else { return 0 }
        return (high - low) / Double(length)
    }
}

public enum EnhancementMode: String, Sendable, CaseIterable, Codable {
    /// Flattened illumination and stretched contrast, gray levels kept (best for Tesseract's LSTM).
    case document
    /// Strong flattening then adaptive threshold, for faint thermal receipts.
    case receipt
    /// CLAHE and Otsu, for short digit strips.
    case digits
}

extension Image {
    /// `smallestAreaShare` (0.01–0.08): an outline down to this share of the image is found when
    /// no larger one is (a receipt photographed from further away); `ordinaryAreaShare` by default.
    public func findDocument(smallestAreaShare: Double = DocumentDetection.ordinaryAreaShare) throws(VisionError) -> DocumentDetection {
        var corners = [Double](repeating: 0, count: 8)
        var found: Int32 = 0
        var score = 0.0
        try checkedStatus { error in corners.withUnsafeMutableBufferPointer { cvision_find_document(handle, smallestAreaShare, $0.baseAddress, &found, &score, error) } }
        let quadrilateral = Quadrilateral(flat: corners)
        let partial = found != 0 && !DocumentDetection.cornersOutside(quadrilateral, width: width, height: height).isEmpty
        return DocumentDetection(found: found != 0, corners: quadrilateral, score: score, partial: partial)
    }

    /// Maps the quadrilateral onto an upright `width`×`height` image.
    public func warped(_ quadrilateral: Quadrilateral, width: Int, height: Int) throws(VisionError) -> Image {
        let flat = quadrilateral.flat
        guard flat.allSatisfy(\.isFinite) else { throw VisionError(.invalidArgument, "The page corners are not numbers.") }
        let (w, h) = (try int32(width), try int32(height))
        return Image(try checked { error in flat.withUnsafeBufferPointer { cvision_warp(handle, $0.baseAddress, w, h, error) } })
    }

    /// The angle (degrees, counter-clockwise positive) that text lines lean by, within ±`maxDegrees`.
    public func estimatedSkew(maxDegrees: Double = 10) throws(VisionError) -> Double {
        var degrees = 0.0
        try checkedStatus { cvision_estimate_skew(handle, maxDegrees, &degrees, $0) }
        return degrees
    }

    /// Straightens small text skew; angles below `threshold` are left alone (rotating blurs).
    public func deskewed(maxDegrees: Double = 10, threshold: Double = 0.4) throws(VisionError) -> (image: Image, degrees: Double) {
        let skew = try estimatedSkew(maxDegrees: maxDegrees)
        guard abs(skew) >= threshold else { return (self, 0) }
        return (try rotated(by: -skew), skew)
    }

    public func enhanced(for mode: EnhancementMode) throws(VisionError) -> Image {
        let code: cvision_enhance_mode = switch mode {
        case .document: CVISION_ENHANCE_DOCUMENT
        case .receipt: CVISION_ENHANCE_RECEIPT
        case .digits: CVISION_ENHANCE_DIGITS
        }
        return Image(try checked { cvision_enhance(handle, code, $0) })
    }
}

/// The four OpenCV histogram comparisons of two images' HSV hue/saturation histograms.
public struct HistogramScores: Sendable, Equatable, Codable {
    /// 1 = identical, higher is more alike.
    public let correlation: Double
    /// 0 = identical, lower is more alike.
    public let chiSquare: Double
    /// Higher is more alike.
    public let intersection: Double
    /// 0 = identical, lower is more alike.
    public let bhattacharyya: Double
}

extension Image {
    public func compareHistograms(with other: Image, hueBins: Int = 50, saturationBins: Int = 60) throws(VisionError) -> HistogramScores {
        var scores = [Double](repeating: 0, count: 4)
        let (hue, saturation) = (try int32(hueBins), try int32(saturationBins))
        try checkedStatus { error in
            scores.withUnsafeMutableBufferPointer { cvision_compare_histograms(handle, other.handle, hue, saturation, $0.baseAddress, error) }
        }
        return HistogramScores(correlation: scores[0], chiSquare: scores[1], intersection: scores[2], bhattacharyya: scores[3])
    }
}
