import Foundation

/// The UI's message catalogues, one flat key → text map per language: the platform's
/// (`Resources/Locales/<code>.json`) merged with each module's (`Locales/<Module>/<code>.json`).
/// Placeholders are `{name}`.
struct Localizer: Sendable {
    static let fallback = "en"

    let catalogues: [String: [String: String]]

    var supported: [String] { catalogues.keys.sorted() }

    /// Two files naming the same key: a module would silently change another's text.
    struct DuplicateKey: Error, CustomStringConvertible {
        let key: String
        let file: String
        var description: String { "\(file): the key \(key) is already defined by another catalogue" }
    }

    /// The `<code>.json` files directly in `directory`, then in each of `modules` (directories).
    static func load(from directory: URL, modules: [URL] = []) throws -> Localizer {
        var catalogues: [String: [String: String]] = [:]
        for folder in [directory] + modules {
            let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            for file in files.sorted(by: { $0.path < $1.path }) where file.pathExtension == "json" {
                let entries = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: file))
                let language = file.deletingPathExtension().lastPathComponent
                for (key, text) in entries {
                    guard catalogues[language, default: [:]].updateValue(text, forKey: key) == nil else { throw DuplicateKey(key: key, file: file.path) }
                }
            }
        }
        guard catalogues[fallback] != nil else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory.appendingPathComponent("\(fallback).json").path])
        }
        return Localizer(catalogues: catalogues)
    }

    func catalogue(_ locale: String) -> [String: String] {
        catalogues[locale] ?? catalogues[Self.fallback]!
    }

    /// The text of `key` with `{name}` replaced by each argument. When `count` is 1 and the
    /// catalogue has `<key>_one`, that text is used: "1 receipt", not "1 receipts".
    func text(_ key: String, locale: String, _ arguments: [String: String] = [:]) -> String {
        let chosen = arguments["count"] == "1" && (catalogue(locale)[key + "_one"] ?? catalogue(Self.fallback)[key + "_one"]) != nil ? key + "_one" : key
        var text = catalogue(locale)[chosen] ?? catalogue(Self.fallback)[chosen] ?? key
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
