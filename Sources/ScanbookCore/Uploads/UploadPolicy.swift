/// What an uploaded file really is, judged by its first bytes, never by its name or declared type.
public enum SniffedContent: String, Sendable, Equatable {
    case jpeg, png, heic, pdf, unknown

    public init(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(16))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("%PDF-".utf8)) {
            self = .pdf
        } else if starts(Array("ftyp".utf8), at: 4),
                  ["heic", "heix", "hevc", "hevx", "mif1", "msf1", "heim", "heis"].contains(where: { starts(Array($0.utf8), at: 8) }) {
            self = .heic
        } else {
            self = .unknown
        }
    }

    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .heic: "image/heic"
        case .pdf: "application/pdf"
        case .unknown: "application/octet-stream"
        }
    }
}

/// The rule every upload passes before a byte of it is stored: size, real type, and a header
/// that can be read and describes a sane picture (no decompression bomb, not a few pixels).
public struct UploadPolicy: Sendable {
    public var maximumBytes: Int
    public var accepted: Set<SniffedContent>
    public var maximumPixels: Int
    /// Photos to be recognized need some resolution; a profile picture may be tiny.
    public var minimumSide: Int

    /// The smallest side of a photo worth recognizing: below it no page, meter or slip can be
    /// found, and image operations would scale it to nothing.
    public static let minimumPhotoSide = 32

    public init(maximumBytes: Int, accepted: Set<SniffedContent> = [.jpeg, .png], maximumPixels: Int = 50_000_000, minimumSide: Int = 1) {
        self.maximumBytes = maximumBytes
        self.accepted = accepted
        self.maximumPixels = maximumPixels
        self.minimumSide = minimumSide
    }

    public enum Rejection: Error, Equatable, Sendable {
        case empty
        case tooLarge(bytes: Int, maximum: Int)
        case unsupported(SniffedContent)
        /// A JPEG or PNG whose header cannot be read.
        case damaged
        case tooManyPixels(width: Int, height: Int, maximum: Int)
        case tooSmall(width: Int, height: Int, minimum: Int)

        public var messageKey: String {
            switch self {
            case .empty: "upload_empty"
            case .tooLarge: "upload_tooLarge"
            case .unsupported(.heic): "upload_heic"
            case .unsupported(.pdf): "upload_pdf"
            case .unsupported: "upload_unknown"
            case .damaged: "upload_damaged"
            case .tooManyPixels: "upload_tooManyPixels"
            case .tooSmall: "upload_tooSmall"
            }
        }

        /// The values the message names.
        public var arguments: [String: String] {
            switch self {
            case .tooLarge(let bytes, let maximum): ["size": ByteCount(bytes).description, "maximum": ByteCount(maximum).description]
            case .tooManyPixels(let width, let height, let maximum): ["width": "\(width)", "height": "\(height)", "megapixels": "\(maximum / 1_000_000)"]
            case .tooSmall(let width, let height, let minimum): ["width": "\(width)", "height": "\(height)", "minimum": "\(minimum)"]
            default: [:]
            }
        }

        public var englishMessage: String {
            switch self {
            case .empty: "The file is empty."
            case .tooLarge(let bytes, let maximum):
                "The file is \(ByteCount(bytes)), larger than the limit of \(ByteCount(maximum))."
            case .unsupported(.heic):
                "HEIC photos are not supported yet. Please set your camera to JPEG (\"Most Compatible\") or upload a JPEG or PNG."
            case .unsupported(.pdf): "PDF files are not supported yet. Please upload a JPEG or PNG photo."
            case .unsupported: "This file is not a JPEG or PNG image."
            case .damaged: "The image is damaged: its header cannot be read."
            case .tooManyPixels(let width, let height, let maximum):
                "The image has \(width)×\(height) pixels, more than the limit of \(maximum / 1_000_000) megapixels."
            case .tooSmall(let width, let height, let minimum):
                "The photo has only \(width)×\(height) pixels; at least \(minimum) on each side are needed."
            }
        }
    }

    /// Returns the detected content when the upload is acceptable.
    public func check(_ bytes: some Collection<UInt8>) throws(Rejection) -> SniffedContent {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes: bytes.count, maximum: maximumBytes) }
        let content = SniffedContent(sniffing: bytes)
        guard accepted.contains(content) else { throw .unsupported(content) }
        // The frame header of a JPEG may follow up to 1 MB of metadata.
        guard let dimensions = ImageDimensions(header: Array(bytes.prefix(ImageDimensions.maximumMetadataBytes + 65_536))),
              dimensions.width > 0, dimensions.height > 0, dimensions.metadataBytes <= ImageDimensions.maximumMetadataBytes
        else { throw .damaged }
        guard dimensions.pixels <= maximumPixels else {
            throw .tooManyPixels(width: dimensions.width, height: dimensions.height, maximum: maximumPixels)
        }
        guard min(dimensions.width, dimensions.height) >= minimumSide else {
            throw .tooSmall(width: dimensions.width, height: dimensions.height, minimum: minimumSide)
        }
        return content
    }
}

/// A byte count for people: "512 B", "1.5 MB".
public struct ByteCount: CustomStringConvertible, Sendable {
    public let bytes: Int
    public init(_ bytes: Int) { self.bytes = bytes }

    public var description: String {
        if bytes < 1000 { return "\(bytes) B" }
        let units = ["kB", "MB", "GB"]
        var scaledTenths = bytes / 100
        var unit = 0
        while scaledTenths >= 10_000, unit < units.count - 1 {
            scaledTenths /= 1000
            unit += 1
        }
        let whole = scaledTenths / 10, tenth = scaledTenths % 10
        return tenth == 0 ? "\(whole) \(units[unit])" : "\(whole).\(tenth) \(units[unit])"
    }
}
