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

/// The rule every upload passes before a byte of it is stored.
public struct UploadPolicy: Sendable {
    public var maximumBytes: Int
    public var accepted: Set<SniffedContent>

    public init(maximumBytes: Int, accepted: Set<SniffedContent> = [.jpeg, .png]) {
        self.maximumBytes = maximumBytes
        self.accepted = accepted
    }

    public enum Rejection: Error, Equatable, Sendable {
        case empty
        case tooLarge(bytes: Int, maximum: Int)
        case unsupported(SniffedContent)

        public var messageKey: String {
            switch self {
            case .empty: "upload_empty"
            case .tooLarge: "upload_tooLarge"
            case .unsupported(.heic): "upload_heic"
            case .unsupported(.pdf): "upload_pdf"
            case .unsupported: "upload_unknown"
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
            }
        }
    }

    /// Returns the detected content when the upload is acceptable.
    public func check(_ bytes: some Collection<UInt8>) throws(Rejection) -> SniffedContent {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes: bytes.count, maximum: maximumBytes) }
        let content = SniffedContent(sniffing: bytes)
        guard accepted.contains(content) else { throw .unsupported(content) }
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
        var scaledTenths = bytes * 10 / 1000
        var unit = 0
        while scaledTenths >= 10_000, unit < units.count - 1 {
            scaledTenths /= 1000
            unit += 1
        }
        let whole = scaledTenths / 10, tenth = scaledTenths % 10
        return tenth == 0 ? "\(whole) \(units[unit])" : "\(whole).\(tenth) \(units[unit])"
    }
}
