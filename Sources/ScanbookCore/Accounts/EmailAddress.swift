/// An e-mail address in the one form accounts are stored and compared in: trimmed and lower-cased,
/// so `Anna@Example.org ` and `anna@example.org` are the same account.
public struct EmailAddress: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    public enum Invalid: Error, Equatable, Sendable {
        case empty, malformed, tooLong
    }

    public init(_ raw: String) throws(Invalid) {
        let trimmed = raw.trimmingWhitespace().lowercased()
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.utf8.count <= 254 else { throw .tooLong }
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let local = parts.first, let domain = parts.last,
              !local.isEmpty, local.utf8.count <= 64,
              domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."), !domain.contains(".."),
              !trimmed.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "," })
        else { throw .malformed }
        value = trimmed
    }

    public var description: String { value }
}

extension String {
    /// Foundation-free trim, so ScanbookCore stays plain Swift.
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
