import Foundation

/// The UI's message catalogues (`Resources/Locales/<code>.json`), one flat key → text map per
/// language. Placeholders are `{name}`.
struct Localizer: Sendable {
    static let fallback = "en"

    let catalogues: [String: [String: String]]

    var supported: [String] { catalogues.keys.sorted() }

    static func load(from directory: URL) throws -> Localizer {
        var catalogues: [String: [String: String]] = [:]
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        for file in files where file.pathExtension == "json" {
            let data = try Data(contentsOf: file)
            catalogues[file.deletingPathExtension().lastPathComponent] = try JSONDecoder().decode([String: String].self, from: data)
        }
        guard catalogues[fallback] != nil else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory.appendingPathComponent("\(fallback).json").path])
        }
        return Localizer(catalogues: catalogues)
    }

    func catalogue(_ locale: String) -> [String: String] {
        catalogues[locale] ?? catalogues[Self.fallback]!
    }

    func text(_ key: String, locale: String, _ arguments: [String: String] = [:]) -> String {
        var text = catalogue(locale)[key] ?? catalogue(Self.fallback)[key] ?? key
        for (name, value) in arguments {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    /// The best supported language for an Accept-Language header such as `de-CH,de;q=0.9,en;q=0.8`.
    func negotiate(acceptLanguage header: String?) -> String {
        guard let header else { return Self.fallback }
        let ranked = header.split(separator: ",").compactMap { part -> (String, Double)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty else { return nil }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            let language = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
            return (language, quality)
        }
        return ranked.filter { $0.1 > 0 && catalogues[$0.0] != nil }
            .max { $0.1 < $1.1 }?.0 ?? Self.fallback
    }
}
