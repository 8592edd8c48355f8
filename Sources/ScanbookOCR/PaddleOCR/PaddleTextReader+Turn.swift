import ScanbookCore
import ScanbookVision

extension PaddleTextReader {
    /// A page and the text boxes found on it.
    struct FoundText {
        var page: Image
        var boxes: [TextBox]
    }

    /// How far the page's text is turned, and the page turned upright with its boxes. Lines that
    /// run up or down the page mean it lies sideways: it is turned a quarter and its boxes found
    /// again. PaddleOCR's direction classifier, on the longest lines cut out as the recognizer sees
    /// them, then tells whether the text stands on its head. Upright unless the lines say otherwise
    /// clearly, since a page turned wrongly is read as nonsense.
    func upright(_ found: FoundText) throws -> (QuarterTurn, FoundText) {
        let runs = found.boxes.compactMap(Self.run)
        let sideways = runs.filter { $0 == .down }.count > runs.filter { $0 == .across }.count
        var text = found
        if sideways {
            // Turned counter-clockwise: upright if the text was turned clockwise, else on its head.
            text.page = try found.page.rotated(by: 90)
            text.boxes = try detect(text.page)
        }
        let lines = text.boxes.filter { Self.run($0) == .across }
        let votes = try directionVotes(Array(lines.sorted { $0.aspectRatio > $1.aspectRatio }.prefix(settings.turnSampleLines)), on: text.page)
        let onItsHead = sideways
            ? votes.upsideDown > votes.upright
            : votes.upsideDown >= settings.turnMinimumVotes && votes.upsideDown >= 2 * votes.upright
        if onItsHead { text = try Self.turnedOver(text) }
        return switch (sideways, onItsHead) {
        case (false, false): (.upright, text)
        case (false, true): (.upsideDown, text)
        case (true, false): (.clockwise, text)
        case (true, true): (.counterClockwise, text)
        }
    }

    enum Run { case across, down }

    /// Which way a box of a few characters or more runs, by its longer side's direction (its
    /// corners' order is no guide once a line leans); nil for shorter boxes (a digit's or a tax
    /// letter's box stands a little upright on any page).
    static func run(_ box: TextBox) -> Run? {
        let c = box.corners
        let first = (x: c.topRight.x - c.topLeft.x, y: c.topRight.y - c.topLeft.y)
        let second = (x: c.bottomLeft.x - c.topLeft.x, y: c.bottomLeft.y - c.topLeft.y)
        func length(_ v: (x: Double, y: Double)) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
        let (long, short) = length(first) >= length(second) ? (first, length(second)) : (second, length(first))
        guard length(long) >= 3 * max(1, short) else { return nil }
        return abs(long.x) >= abs(long.y) ? .across : .down
    }

    /// The page turned by 180° and its boxes with it (exactly: no second detection).
    static func turnedOver(_ text: FoundText) throws -> FoundText {
        let (width, height) = (Double(text.page.width - 1), Double(text.page.height - 1))
        func moved(_ point: Point) -> Point { Point(x: width - point.x, y: height - point.y) }
        let boxes = text.boxes.map { box in
            let c = box.corners
            let lying = Quadrilateral(topLeft: moved(c.topLeft), topRight: moved(c.topRight), bottomRight: moved(c.bottomRight), bottomLeft: moved(c.bottomLeft))
            return TextBox(corners: lying.turnedUpright(.upsideDown), score: box.score)
        }
        return FoundText(page: try text.page.rotated(by: 180), boxes: boxes)
    }

    /// How many of the lines the direction classifier finds upright and how many upside down,
    /// each at least `turnLineCertainty` sure.
    func directionVotes(_ lines: [TextBox], on image: Image) throws -> (upright: Int, upsideDown: Int) {
        guard !lines.isEmpty else { return (0, 0) }
        // The classifier's input: 48 × 192, a longer line squeezed in.
        let (height, width) = (48, 192)
        let stride = 3 * height * width
        var input = [Float](repeating: 0, count: lines.count * stride)
        for (slot, line) in lines.enumerated() {
            _ = try image.writeTextLineInput(line, height: height, width: width, into: &input, at: slot * stride)
        }
        return try directionClassifier.run(input, shape: [lines.count, 3, height, width]) { values, shape in
            guard shape == [lines.count, 2] else {
                throw OCRError("\(files.directionClassifier): an output of shape \(shape) for \(lines.count) lines")
            }
            var votes = (upright: 0, upsideDown: 0)
            for slot in lines.indices {
                if Double(values[2 * slot]) >= settings.turnLineCertainty { votes.upright += 1 }
                if Double(values[2 * slot + 1]) >= settings.turnLineCertainty { votes.upsideDown += 1 }
            }
            return votes
        }
    }
}
