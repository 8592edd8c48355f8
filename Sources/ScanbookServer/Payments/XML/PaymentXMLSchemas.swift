import Foundation
import ScanbookXML
import Vapor

/// The XML services of the seed (OCRPayment, OrangePayment, SignPayment) for native clients:
/// each described by an XSD the server ships and serves, each request checked against it.
enum PaymentXMLService: String, CaseIterable, Sendable {
    case ocrPayment = "OCRPayment", orangePayment = "OrangePayment", signPayment = "SignPayment"

    static let namespace = "urn:scanbook:xml:payments:v1"
    static let directory = ScanbookResources.root.appendingPathComponent("Schemas/xml-v1")
    /// Every file under `GET /api/xml/v1/schemas/`.
    static let schemaFiles = ["common.xsd"] + allCases.map(\.schemaFile)

    var schemaFile: String { "\(rawValue).xsd" }
    var requestElement: String { "\(rawValue)Request" }
    var responseElement: String { "\(rawValue)Response" }
}

/// The parsed schemas, one per service, loaded when the module starts (a broken file stops the start).
struct PaymentXMLSchemas: Sendable {
    let schemas: [PaymentXMLService: XMLSchema]

    static func load() throws -> PaymentXMLSchemas {
        var schemas: [PaymentXMLService: XMLSchema] = [:]
        for service in PaymentXMLService.allCases {
            schemas[service] = try XMLSchema(path: PaymentXMLService.directory.appendingPathComponent(service.schemaFile).path)
        }
        return PaymentXMLSchemas(schemas: schemas)
    }
}

extension Application {
    private struct SchemasKey: StorageKey { typealias Value = PaymentXMLSchemas }

    var paymentXMLSchemas: PaymentXMLSchemas {
        get { storage[SchemasKey.self]! }
        set { storage[SchemasKey.self] = newValue }
    }
}

/// Messages in the request's language: German and English from the UI's catalogues, French and
/// Italian from the services' own (`Locales/Services`), English where a text is missing.
struct ServiceLanguage: Sendable {
    static let supported = ["de", "fr", "it", "en"]
    private static let extra: [String: [String: String]] = {
        var catalogues: [String: [String: String]] = [:]
        for language in ["fr", "it"] {
            let file = ScanbookResources.localesDirectory.appendingPathComponent("Services/\(language).json")
            catalogues[language] = (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode([String: String].self, from: $0) } ?? [:]
        }
        return catalogues
    }()

    let code: String

    init(_ code: String?) {
        self.code = code.flatMap { Self.supported.contains($0) ? $0 : nil } ?? "en"
    }

    func text(_ key: String, _ arguments: [String: String] = [:], localizer: Localizer) -> String {
        guard var text = Self.extra[code]?[key] else {
            return localizer.text(key, locale: ["de", "en"].contains(code) ? code : "en", arguments)
        }
        for (name, value) in arguments { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }
}
