import Foundation

/// A plain-text mail to one person. Addresses are bare (`anna@example.org`); the sender adds
/// `From`, `Date` and `Message-ID`.
struct MailMessage: Sendable, Equatable {
    var to: String
    var subject: String
    var text: String
}

/// Hands mails to a relay. The live one speaks SMTP (`SMTPMailSender`); tests put a fake in
/// `Application.mailSender` and read what would have been sent.
protocol MailSender: Sendable {
    func send(_ message: MailMessage) async throws
}

/// The sender's own address, with an optional display name (`Scanbook <scanbook@example.org>`).
struct MailAddress: Sendable, Equatable, CustomStringConvertible {
    let name: String?
    let address: String

    /// Accepts `a@b.c` and `Name <a@b.c>`; nil for anything else, or for what would break a header
    /// or an SMTP command (line breaks, spaces or angle brackets in the address, non-ASCII addresses).
    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var name: String?
        var address = trimmed
        if trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") {
            address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            let display = trimmed[..<open].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            name = display.isEmpty ? nil : display
        }
        guard Self.isSafe(address), !(name ?? "").contains(where: { $0.isNewline || $0 == "\"" }) else { return nil }
        self.name = name
        self.address = address
    }

    /// Plain ASCII `local@domain.tld` without anything an SMTP command or header could trip on.
    static func isSafe(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && address.utf8.count <= 254
            && address.unicodeScalars.allSatisfy { $0.value > 32 && $0.value < 127 && !"<>()[],;:\\\"".unicodeScalars.contains($0) }
    }

    var domain: String { address.split(separator: "@").last.map(String.init) ?? "localhost" }
    var description: String { name.map { "\($0) <\(address)>" } ?? address }
}
