/// The words receipts use, one data file per language (`Resources/receipt-words-<language>.txt`),
/// merged: every stage of the extractor asks here by concept, so a word added for one language
/// counts everywhere the concept is read.
public struct ReceiptLexicon: Sendable, Equatable {
    /// Concept → phrases in file order (languages in `languages` order), without repeats.
    public private(set) var phrases: [String: [String]] = [:]
    /// Weights of the `[total]` phrases.
    public private(set) var weights: [String: Int] = [:]

    public static let languages = ["en", "de", "fr", "it", "ms"]

    public static let standard: ReceiptLexicon = {
        let files = [
            PackageResources.receipt_words_en_txt, PackageResources.receipt_words_de_txt, PackageResources.receipt_words_fr_txt,
            PackageResources.receipt_words_it_txt, PackageResources.receipt_words_ms_txt,
        ]
        // The files ship with the code and a test reads each one; a broken file must not stop the server.
        return (try? ReceiptLexicon(files.map { String(decoding: $0, as: UTF8.self) })) ?? ReceiptLexicon()
    }()

    public init() {}

    public struct FormatError: Error, Equatable, CustomStringConvertible {
        public var file: Int
        public var line: Int
        public var reason: String
        public var description: String { "receipt words file \(file + 1), line \(line): \(reason)" }
    }

    /// Each text in the format of `receipt-words-en.txt`.
    public init(_ texts: [String]) throws {
        for (file, text) in texts.enumerated() {
            var section: String?
            for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(raw).trimmingWhitespace()
                if line.isEmpty || line.hasPrefix("#") { continue }
                if line.hasPrefix("[") {
                    guard line.hasSuffix("]"), line.count > 2 else { throw FormatError(file: file, line: number + 1, reason: "a section is [name]") }
                    section = String(line.dropFirst().dropLast())
                    continue
                }
                guard let section else { throw FormatError(file: file, line: number + 1, reason: "a phrase before any [section]") }
                let parts = line.split(separator: "=", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
                let phrase = parts[0].lowercased()
                guard !phrase.isEmpty, parts.count <= 2 else { throw FormatError(file: file, line: number + 1, reason: "\"phrase\" or \"phrase = weight\"") }
                if parts.count == 2 {
                    guard section == "total", let weight = Int(parts[1]), (1...9).contains(weight) else {
                        throw FormatError(file: file, line: number + 1, reason: "weights 1–9, only under [total]")
                    }
                    weights[phrase] = weight
                }
                if !(phrases[section]?.contains(phrase) ?? false) { phrases[section, default: []].append(phrase) }
            }
        }
    }

    public subscript(concept: String) -> [String] { phrases[concept] ?? [] }
}
