import ScanbookCore
import ScanbookXML
import Vapor

extension Application {
    /// Seconds a parse of outside XML may take before the request gives up on it. Within the
    /// budget a parse takes milliseconds; this is the backstop.
    static let xmlParseSeconds = 5.0

    /// Parses outside XML within `XMLBudget` (checked before libxml2 sees a byte), both on the parser
    /// threads (never Swift's cooperative pool, which `/healthz` and every other request share),
    /// within a time limit. A document over budget or over time is an `XMLSchemaError` naming why,
    /// as a malformed one is.
    func parseXML(_ bytes: [UInt8], budget: XMLBudget = .paymentMessages, _ parse: @escaping @Sendable ([UInt8]) throws -> XMLNode) async throws -> XMLNode {
        let work = parserWork
        do {
            return try await withTimeLimit(Self.xmlParseSeconds) {
                try await work.run {
                    if let violation = budget.violation(in: bytes) { throw XMLSchemaError(messages: [violation.description]) }
                    return try parse(bytes)
                }
            }
        } catch is TimeLimitExceeded {
            throw XMLSchemaError(messages: ["the document took longer than \(Int(Self.xmlParseSeconds)) s to read"])
        }
    }
}
