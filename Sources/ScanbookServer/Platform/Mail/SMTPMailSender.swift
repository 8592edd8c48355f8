import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Sends each mail over a fresh SMTP connection (reset mails are rare; no pool to keep alive):
/// EHLO, STARTTLS when offered (required with credentials or on port 587), AUTH PLAIN or LOGIN,
/// then the envelope and the message.
struct SMTPMailSender: MailSender {
    var settings: SMTPSettings
    /// The system's trusted roots; tests trust their own certificate instead.
    var tls: TLSConfiguration = .makeClientConfiguration()
    var group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton

    func send(_ message: MailMessage) async throws {
        guard MailAddress.isSafe(message.to) else { throw SMTPError.invalidAddress(message.to) }
        let context = try NIOSSLContext(configuration: tls)
        let connection = try await SMTPConnection.open(
            host: settings.host, port: settings.port, timeout: settings.timeout,
            tls: settings.security == .implicitTLS ? context : nil, group: group
        )
        do {
            try await deliver(message, over: connection, tls: context)
            await connection.close()
        } catch {
            await connection.close()
            throw error
        }
    }

    private func deliver(_ message: MailMessage, over connection: SMTPConnection, tls: NIOSSLContext) async throws {
        try await connection.reply(to: "the greeting", expecting: [220])
        var capabilities = try await hello(connection)
        if !connection.isSecure {
            if capabilities.keys.contains("STARTTLS") {
                try await connection.command("STARTTLS", expecting: [220])
                try await connection.startTLS(tls, host: settings.host)
                capabilities = try await hello(connection)
            } else if settings.requiresTLS {
                throw SMTPError.startTLSMissing
            }
        }
        if let username = settings.username {
            try await authenticate(connection, username: username, password: settings.password ?? "", offered: capabilities["AUTH"] ?? [])
        }
        try await connection.command("MAIL FROM:<\(settings.from.address)>", expecting: [250])
        try await connection.command("RCPT TO:<\(message.to)>", expecting: [250, 251])
        try await connection.command("DATA", expecting: [354])
        let messageID = "\(UUID().uuidString.lowercased())@\(settings.from.domain)"
        try await connection.write(message.wireFormat(from: settings.from, date: Date(), messageID: messageID) + "\r\n.\r\n")
        try await connection.reply(to: "the message", expecting: [250])
        // The mail is accepted; a relay that drops the line before answering QUIT changes nothing.
        _ = try? await connection.command("QUIT", expecting: [221])
    }

    /// EHLO; the capabilities by keyword ("AUTH" → ["PLAIN", "LOGIN"]).
    private func hello(_ connection: SMTPConnection) async throws -> [String: [String]] {
        let reply = try await connection.command("EHLO \(settings.heloName)", step: "EHLO", expecting: [250])
        var capabilities: [String: [String]] = [:]
        for line in reply.lines.dropFirst() {
            // Old servers write "AUTH=PLAIN LOGIN".
            let words = line.uppercased().replacingOccurrences(of: "AUTH=", with: "AUTH ").split(separator: " ").map(String.init)
            guard let keyword = words.first else { continue }
            capabilities[keyword, default: []] += words.dropFirst()
        }
        return capabilities
    }

    private func authenticate(_ connection: SMTPConnection, username: String, password: String, offered: [String]) async throws {
        if offered.contains("PLAIN") {
            let credentials = Data([UInt8(0)] + Array(username.utf8) + [UInt8(0)] + Array(password.utf8)).base64EncodedString()
            try await connection.command("AUTH PLAIN \(credentials)", step: "AUTH PLAIN", expecting: [235])
        } else if offered.contains("LOGIN") {
            try await connection.command("AUTH LOGIN", expecting: [334])
            try await connection.command(Data(username.utf8).base64EncodedString(), step: "AUTH LOGIN (user name)", expecting: [334])
            try await connection.command(Data(password.utf8).base64EncodedString(), step: "AUTH LOGIN (password)", expecting: [235])
        } else {
            throw SMTPError.noSupportedAuthentication(offered: offered.isEmpty ? "nothing" : offered.joined(separator: " "))
        }
    }
}
