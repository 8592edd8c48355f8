import Foundation

/// Where mails go: `SCANBOOK_SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…:465`) and
/// `SCANBOOK_MAIL_FROM`. The description never shows the password, so the value may be logged.
struct SMTPSettings: Sendable, Equatable, CustomStringConvertible {
    enum Security: Sendable, Equatable {
        /// Plain connect, then STARTTLS whenever the server offers it (`smtp://`).
        case startTLS
        /// TLS from the first byte (`smtps://`, port 465).
        case implicitTLS
    }

    var host: String
    var port: Int
    var username: String?
    var password: String?
    var security: Security
    var from: MailAddress
    /// The name given in EHLO: the public host, as relays expect a name that resolves to us.
    var heloName: String
    /// Seconds to connect, and to wait for each reply.
    var timeout: Int64 = 30

    /// STARTTLS must succeed rather than be skipped when credentials would cross the wire or the
    /// port is the submission port, where every relay offers it: a missing offer means someone
    /// stripped it.
    var requiresTLS: Bool { security == .startTLS && (username != nil || port == 587) }

    /// Reads the URL, or returns why it cannot be used (worded for the start-up report).
    static func parse(url text: String, from: String?, heloName: String) -> Result<SMTPSettings, ConfigProblem> {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              ["smtp", "smtps"].contains(scheme), let host = components.host, !host.isEmpty
        else { return .failure(ConfigProblem("SCANBOOK_SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465")) }
        let security: Security = scheme == "smtps" ? .implicitTLS : .startTLS
        let port = components.port ?? (security == .implicitTLS ? 465 : 587)
        guard (1...65535).contains(port) else { return .failure(ConfigProblem("SCANBOOK_SMTP_URL has port \(port), which is not 1 to 65535")) }
        guard let fromText = from else {
            return .failure(ConfigProblem("SCANBOOK_MAIL_FROM must be set with SCANBOOK_SMTP_URL (the address mails come from)"))
        }
        guard let sender = MailAddress(fromText) else {
            return .failure(ConfigProblem("SCANBOOK_MAIL_FROM=\(fromText) must be an address such as scanbook@example.org or Scanbook <scanbook@example.org>"))
        }
        let username = components.user.flatMap { $0.isEmpty ? nil : $0 }
        return .success(SMTPSettings(
            host: host, port: port, username: username, password: username == nil ? nil : (components.password ?? ""),
            security: security, from: sender, heloName: heloName
        ))
    }

    var description: String {
        "\(security == .implicitTLS ? "smtps" : "smtp")://\(username.map { "\($0):***@" } ?? "")\(host):\(port)"
    }
}

/// A configuration value that cannot be used, in words for the person starting the server.
struct ConfigProblem: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
