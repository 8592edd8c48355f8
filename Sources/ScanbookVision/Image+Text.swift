import CVision

/// A box of text the detector found: its corners in the image, and how sure the detector was.
public struct TextBox: Equatable, Sendable {
    public var corners: Quadrilateral
    public var score: Double

    public init(corners: Quadrilateral, score: Double) {
        self.corners = corners
        self.score = score
    }

    /// Width over height of the box cut out straight (turned when it stands upright), which
    /// fixes its width in the recognizer's input.
    public var aspectRatio: Double {
        let size = corners.naturalSize
        let (width, height) = Double(size.height) / Double(size.width) >= 1.5 ? (size.height, size.width) : (size.width, size.height)
        return Double(width) / Double(max(1, height))
    }
}

/// What DB post-processing keeps of the detector's probability map.
public struct TextBoxThresholds: Sendable, Equatable {
    /// A pixel is text above this probability.
    public var pixel: Double
    /// A box is kept when its mean probability reaches this.
    public var box: Double
    /// How much a box grows around its core (text ink is narrower than the text's box).
    public var unclipRatio: Double

    /// PaddleOCR's and RapidOCR's defaults.
    public static let paddle = TextBoxThresholds(pixel: 0.3, box: 0.5, unclipRatio: 1.6)

    public init(pixel: Double, box: Double, unclipRatio: Double) {
        self.pixel = pixel
        self.box = box
        self.unclipRatio = unclipRatio
    }
}

extension Image {
    /// The text detector's input: this image at `width` × `height`, normalized to −1…1, in planes
    /// B, G, R.
    public func textDetectionInput(width: Int, height: Int) throws(VisionError) -> [Float] {
        let (w, h) = (try int32(width), try int32(height))
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).partialValue <= 50_000_000 else {
            throw VisionError(.invalidArgument, "a detection input of \(width)×\(height) pixels")
        }
        var input = [Float](repeating: 0, count: 3 * width * height)
        try input.withUnsafeMutableBufferPointer { buffer throws(VisionError) in
            try checkedStatus { error in cvision_text_detection_input(handle, w, h, buffer.baseAddress, error) }
        }
        return input
    }

    /// The boxes of text in the detector's probability map (`width` × `height`, made from this
    /// image at that size), in this image's pixels.
    public func textBoxes(probabilities: UnsafeBufferPointer<Float>, width: Int, height: Int, thresholds: TextBoxThresholds = .paddle, maximum: Int = 1000) throws(VisionError) -> [TextBox] {
        guard width > 0, height > 0, probabilities.count == width * height else {
            throw VisionError(.invalidArgument, "a probability map of \(probabilities.count) values for \(width)×\(height)")
        }
        let (w, h, limit) = (try int32(width), try int32(height), try int32(maximum))
        let (sourceWidth, sourceHeight) = (try int32(self.width), try int32(self.height))
        var boxes = [cvision_text_box](repeating: cvision_text_box(), count: maximum)
        var error = cvision_error()
        let count = boxes.withUnsafeMutableBufferPointer { out in
                cvision_text_boxes(probabilities.baseAddress, w, h, Double(self.width) / Double(width), Double(self.height) / Double(height), sourceWidth, sourceHeight,
                                   thresholds.pixel, thresholds.box, thresholds.unclipRatio, out.baseAddress, limit, &error)
        }
        guard count >= 0, error.code == 0 else { throw VisionError(error) }
        return boxes.prefix(Int(count)).map { box in
            let (x, y) = (box.x, box.y)
            return TextBox(
                corners: Quadrilateral(
                    topLeft: Point(x: Double(x.0), y: Double(y.0)), topRight: Point(x: Double(x.1), y: Double(y.1)),
                    bottomRight: Point(x: Double(x.2), y: Double(y.2)), bottomLeft: Point(x: Double(x.3), y: Double(y.3))
                ),
                score: Double(box.score)
            )
        }
    }

    /// Writes the recognizer's input for `box` (cut out straight, `height` high, at most `width`
    /// wide, zero beyond) into `buffer` from `offset` (3 · height · width floats); returns the
    /// width the text takes.
    public func writeTextLineInput(_ box: TextBox, height: Int, width: Int, into buffer: inout [Float], at offset: Int) throws(VisionError) -> Int {
        let (h, w) = (try int32(height), try int32(width))
        guard height > 0, width > 0, offset >= 0, offset + 3 * height * width <= buffer.count else {
            throw VisionError(.invalidArgument, "no room for a \(width)×\(height) line at \(offset) of \(buffer.count)")
        }
        let c = box.corners
        var native = cvision_text_box(
            x: (Float(c.topLeft.x), Float(c.topRight.x), Float(c.bottomRight.x), Float(c.bottomLeft.x)),
            y: (Float(c.topLeft.y), Float(c.topRight.y), Float(c.bottomRight.y), Float(c.bottomLeft.y)),
            score: Float(box.score)
        )
        var error = cvision_error()
        let used = buffer.withUnsafeMutableBufferPointer { out -> Int32 in
            guard let base = out.baseAddress else { return -1 }
            return cvision_text_line_input(handle, &native, h, w, base + offset, &error)
        }
        guard used > 0, error.code == 0 else { throw VisionError(error) }
        return Int(used)
    }
}
