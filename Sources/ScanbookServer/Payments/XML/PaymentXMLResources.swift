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

/// What the services need loaded once when the module starts (a broken file stops the start):
/// the parsed schemas, one per service, and the messages in the four languages.
struct PaymentXMLResources: Sendable {
    let schemas: [PaymentXMLService: XMLSchema]
    /// The UI's catalogues (de, en) and the services' own French and Italian
    /// (`Locales/Payments/Services`); a text missing in a language falls back to English.
    let localizer: Localizer

    static func load(ui: Localizer) throws -> PaymentXMLResources {
        var schemas: [PaymentXMLService: XMLSchema] = [:]
        for service in PaymentXMLService.allCases {
            schemas[service] = try XMLSchema(path: PaymentXMLService.directory.appendingPathComponent(service.schemaFile).path)
        }
        var catalogues = ui.catalogues
        for language in ["fr", "it"] {
            let file = ScanbookResources.localesDirectory.appendingPathComponent("Payments/Services/\(language).json")
            catalogues[language] = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: file))
        }
        return PaymentXMLResources(schemas: schemas, localizer: Localizer(catalogues: catalogues))
    }
}

extension Application {
    private struct ResourcesKey: StorageKey { typealias Value = PaymentXMLResources }

    var paymentXML: PaymentXMLResources {
        get { configured(ResourcesKey.self) }
        set { storage[ResourcesKey.self] = newValue }
    }
}

/// A request's language (`de`, `fr`, `it`, `en`; anything else is English) and its messages.
struct ServiceLanguage: Wording, Sendable {
    static let supported = ["de", "fr", "it", "en"]

    let code: String
    let localizer: Localizer

    init(_ code: String?, _ resources: PaymentXMLResources) {
        self.code = code.flatMap { Self.supported.contains($0) ? $0 : nil } ?? "en"
        self.localizer = resources.localizer
    }

    func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        localizer.text(key, locale: code, arguments)
    }
}
