/// An account number or reference that is read and checked in one step (`parse`), reporting
/// what is wrong; `init?(_:)` is the same without the reason.
public protocol CheckedIdentifier: Hashable, Sendable, CustomStringConvertible {
    static func parse(_ text: String) -> Result<Self, PaymentProblem>
}

extension CheckedIdentifier {
    public init?(_ text: String) {
        guard case .success(let value) = Self.parse(text) else { return nil }
        self = value
    }
}
