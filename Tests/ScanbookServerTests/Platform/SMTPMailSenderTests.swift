import Foundation
import NIOSSL
import Testing
@testable import ScanbookServer

/// The SMTP client against `FakeSMTPServer` on loopback, STARTTLS with the fixture certificate.
@Suite struct SMTPMailSenderTests {
    static let message = MailMessage(
        to: "anna@example.org", subject: "Grüße aus Zürich: ein neues Passwort",
        text: "Hallo Anna\n.\n..zwei Punkte\nhttps://scanbook.example.org/password/reset/abc_DEF-123\n"
    )

    /// The read timeout runs from the last reply, also while this client's task waits for a
    /// thread: with every suite running at once on two cores that wait passed 30 s.
    static func sender(port: Int, url: String? = nil, trusted: Bool = true, timeout: Int64 = 300) throws -> SMTPMailSender {
        let settings = try SMTPSettings.parse(url: url ?? "smtp://mailer:s3cret%40pass@localhost:\(port)", from: "Scanbook <scanbook@example.org>", heloName: "scanbook.example.org").get()
        var sender = SMTPMailSender(settings: settings)
        sender.settings.timeout = timeout
        sender.group = FakeSMTPServer.group
        if trusted { sender.tls = try FakeSMTPServer.trustedClientTLS() }
        return sender
    }

    @Test func startTLSThenAuthThenTheMessage() async throws {
        let server = try await FakeSMTPServer.start()
        defer { Task { await server.stop() } }
        try await Self.sender(port: server.port).send(Self.message)

        let record = server.recorded
        let commands = record.commands.map(\.line)
        #expect(commands.first == "EHLO scanbook.example.org")
        #expect(commands.prefix(3) == ["EHLO scanbook.example.org", "STARTTLS", "EHLO scanbook.example.org"])
        #expect(record.commands.dropFirst(2).allSatisfy { $0.overTLS }, "everything after STARTTLS is encrypted")
        #expect(record.logins == [["mailer", "s3cret@pass"]], "AUTH PLAIN with the URL's decoded user and password")
        #expect(commands.contains("MAIL FROM:<scanbook@example.org>") && commands.contains("RCPT TO:<anna@example.org>"))
        #expect(commands.last == "QUIT")

        let wire = try #require(record.messages.first)
        #expect(wire.contains("Subject: =?UTF-8?B?"))
        #expect(wire.contains("\r\nDate: ") || wire.hasPrefix("Date: "))
        #expect(wire.contains("Message-ID: <") && wire.contains("@example.org>"))
        #expect(wire.contains("From: Scanbook <scanbook@example.org>"))
        #expect(wire.contains("\r\n..\r\n...zwei Punkte\r\n"), "lines starting with a dot are stuffed")
        #expect(wire.contains("https://scanbook.example.org/password/reset/abc_DEF-123"))
    }

    @Test func authLoginWhenPlainIsNotOffered() async throws {
        let server = try await FakeSMTPServer.start(.init(auth: ["LOGIN"]))
        defer { Task { await server.stop() } }
        try await Self.sender(port: server.port).send(Self.message)
        #expect(server.recorded.logins == [["mailer", "s3cret@pass"]])
        #expect(server.recorded.commands.contains { $0.line == "AUTH LOGIN" && $0.overTLS })
    }

    @Test func credentialsNeverCrossWithoutTLS() async throws {
        let server = try await FakeSMTPServer.start(.init(offersStartTLS: false))
        defer { Task { await server.stop() } }
        await #expect(throws: SMTPError.startTLSMissing) { try await Self.sender(port: server.port).send(Self.message) }
        #expect(!server.recorded.commands.contains { $0.line.hasPrefix("AUTH") })
    }

    @Test func anUntrustedCertificateStopsTheMail() async throws {
        let server = try await FakeSMTPServer.start()
        defer { Task { await server.stop() } }
        await #expect(throws: (any Error).self) { try await Self.sender(port: server.port, trusted: false).send(Self.message) }
        #expect(!server.recorded.commands.contains { $0.line.hasPrefix("AUTH") || $0.line.hasPrefix("MAIL") })
    }

    @Test func plainRelayWithoutCredentialsAndARefusedRecipient() async throws {
        let server = try await FakeSMTPServer.start(.init(offersStartTLS: false, auth: []))
        defer { Task { await server.stop() } }
        try await Self.sender(port: server.port, url: "smtp://127.0.0.1:\(server.port)").send(Self.message)
        #expect(server.recorded.messages.count == 1)

        let refusing = try await FakeSMTPServer.start(.init(offersStartTLS: false, auth: [], refusesRecipients: true))
        defer { Task { await refusing.stop() } }
        do {
            try await Self.sender(port: refusing.port, url: "smtp://127.0.0.1:\(refusing.port)").send(Self.message)
            Issue.record("a refused recipient must fail")
        } catch let error as SMTPError {
            #expect(error.description == "SMTP: the server refused RCPT TO:<anna@example.org>: 550 5.1.1 no such user")
        }
    }

    @Test func aSilentServerTimesOut() async throws {
        let server = try await FakeSMTPServer.start(.init(greets: false))
        defer { Task { await server.stop() } }
        await #expect(throws: SMTPError.timedOut) {
            try await Self.sender(port: server.port, url: "smtp://127.0.0.1:\(server.port)", timeout: 1).send(Self.message)
        }
    }

    @Test func theWireFormat() {
        #expect(MailMessage.headerWord("Plain subject") == "Plain subject")
        let encoded = MailMessage.headerWord(String(repeating: "Grüße ", count: 12))
        let words = encoded.components(separatedBy: "\r\n ")
        #expect(words.count > 1 && words.allSatisfy { $0.count <= 75 && $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") })
        let decoded = words.map { word in
            String(decoding: Data(base64Encoded: String(word.dropFirst(10).dropLast(2))) ?? Data(), as: UTF8.self)
        }.joined()
        #expect(decoded == String(repeating: "Grüße ", count: 12), "each word holds whole characters")

        #expect(MailMessage.quotedPrintable("Grüße = 1 \nzwei") == "Gr=C3=BC=C3=9Fe =3D 1=20\r\nzwei")
        let long = MailMessage.quotedPrintable(String(repeating: "a", count: 200))
        #expect(long.components(separatedBy: "\r\n").allSatisfy { $0.count <= 76 })
        #expect(long.replacingOccurrences(of: "=\r\n", with: "") == String(repeating: "a", count: 200))
        #expect(MailMessage.dotStuffed(".a\r\nb\r\n..c") == "..a\r\nb\r\n...c")
        #expect(MailMessage.rfc5322Date(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 +0000")
    }

    @Test func configuration() throws {
        let config = try AppConfig.load(from: [
            "SCANBOOK_SMTP_URL": "smtp://user:p%3Ass@mail.example.org", "SCANBOOK_MAIL_FROM": "scanbook@example.org",
            "SCANBOOK_PUBLIC_URL": "https://scanbook.example.org",
        ])
        let smtp = try #require(config.smtp)
        #expect(smtp.host == "mail.example.org" && smtp.port == 587 && smtp.security == .startTLS && smtp.requiresTLS)
        #expect(smtp.username == "user" && smtp.password == "p:ss")
        #expect(smtp.heloName == "scanbook.example.org")
        #expect(smtp.description == "smtp://user:***@mail.example.org:587", "the password is never shown")
        #expect(try AppConfig.load(from: ["SCANBOOK_SMTP_URL": "smtps://m.example.org", "SCANBOOK_MAIL_FROM": "a@b.org", "SCANBOOK_PUBLIC_URL": "http://x.org"]).smtp?.port == 465)
        #expect(try AppConfig.load(from: [:]).smtp == nil)

        #expect(throws: AppConfig.Invalid.self) { try AppConfig.load(from: ["SCANBOOK_SMTP_URL": "smtp://m.example.org", "SCANBOOK_MAIL_FROM": "a@b.org"]) }
        do {
            _ = try AppConfig.load(from: ["SCANBOOK_SMTP_URL": "http://user:topsecret@m.example.org", "SCANBOOK_PUBLIC_URL": "http://x.org"])
            Issue.record("an http:// relay must be refused")
        } catch let error as AppConfig.Invalid {
            #expect(!error.description.contains("topsecret"))
        }
        #expect(throws: AppConfig.Invalid.self) { try AppConfig.load(from: ["SCANBOOK_SMTP_URL": "smtp://m.example.org", "SCANBOOK_PUBLIC_URL": "http://x.org"]) }
        #expect(MailAddress("Scanbook <scanbook@example.org>")?.name == "Scanbook")
        #expect(MailAddress("evil@example.org>\r\nBcc: x@y.org") == nil)
    }
}
