import ScanbookCore

/// How to read an image: Tesseract languages (`deu+eng`), page segmentation mode and an optional
/// rectangle to read instead of the whole image.
public struct OCROptions: Sendable, Hashable {
    public var languages: String
    public var pageSegmentation: PageSegmentation
    public var rect: PixelRect?
    /// Tesseract stops a recognition after this many seconds (its own deadline: a stuck OCR
    /// cannot be interrupted from outside).
    public var timeLimitSeconds: Int
    public var thresholding: Thresholding
    /// What a reader that can tell (PP-OCR) does about how far a whole page's text is turned.
    public var turn = TurnHandling.readUpright

    public enum TurnHandling: Sendable, Hashable {
        /// Find how far the text is turned and read it upright (`OCRResult.turn`).
        case readUpright
        /// Find how far the text is turned, and stop there when it is: the reading is empty but
        /// for `turn` (the caller sets the page upright itself, as `ReceiptReader` does).
        case stopWhenTurned
        /// Read the page as it lies (a page already set upright).
        case readAsItLies
    }

    /// How Tesseract turns the gray page into ink and paper before reading.
    public enum Thresholding: Int, Sendable, Hashable {
        /// One threshold for the whole page (Otsu, Tesseract's default): best on even scans.
        case global = 0
        /// A threshold per neighbourhood (Sauvola): survives shade and fading across a photo,
        /// where one threshold turns part of the page black; measured worse on even scans.
        case local = 2
    }

    public init(languages: String = "deu+eng", pageSegmentation: PageSegmentation = .auto, rect: PixelRect? = nil, timeLimitSeconds: Int = 60, thresholding: Thresholding = .global) {
        self.languages = languages
        self.pageSegmentation = pageSegmentation
        self.rect = rect
        self.timeLimitSeconds = timeLimitSeconds
        self.thresholding = thresholding
    }
}

/// Tesseract's page segmentation modes that make sense for Scanbook's inputs.
public enum PageSegmentation: Int, Sendable, Hashable, CaseIterable {
    case auto = 3
    case singleColumn = 4
    case singleBlock = 6
    case singleLine = 7
    case singleWord = 8
    case singleCharacter = 10
    case sparseText = 11
    case sparseTextWithOrientation = 12
    case rawLine = 13
}

public struct OCRError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
