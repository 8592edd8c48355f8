import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// A tiny SMTP server on loopback for the client's tests. It offers STARTTLS (with the fixture
/// certificate for localhost) and AUTH, and records each command with whether it came over TLS.
final class FakeSMTPServer: Sendable {
    struct Options: Sendable {
        var offersStartTLS = true
        var auth = ["PLAIN", "LOGIN"]
        var greets = true
        var refusesRecipients = false
    }

    struct Command: Sendable, Equatable {
        let line: String
        let overTLS: Bool
    }

    struct Record: Sendable {
        var commands: [Command] = []
        /// Each message as received after DATA, still dot-stuffed, lines joined by CRLF.
        var messages: [String] = []
        /// user name and password of each successful AUTH.
        var logins: [[String]] = []
    }

    let port: Int
    private let channel: any Channel
    private let record: NIOLockedValueBox<Record>

    /// Its own threads for the fake server and the client under test: with every suite running at
    /// once, the shared event loops are busy with the app servers and a 5-second dialogue timed out.
    static let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)

    static func start(_ options: Options = Options()) async throws -> FakeSMTPServer {
        let fixtures = Fixtures.directory
        let certificate = try NIOSSLCertificate(file: fixtures.appendingPathComponent("smtp-test-cert.pem").path, format: .pem)
        let key = try NIOSSLPrivateKey(file: fixtures.appendingPathComponent("smtp-test-key.pem").path, format: .pem)
        let tls = try NIOSSLContext(configuration: .makeServerConfiguration(certificateChain: [.certificate(certificate)], privateKey: .privateKey(key)))
        let record = NIOLockedValueBox(Record())
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(FakeSMTPHandler(options: options, tls: tls, record: record))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return FakeSMTPServer(port: channel.localAddress?.port ?? 0, channel: channel, record: record)
    }

    private init(port: Int, channel: any Channel, record: NIOLockedValueBox<Record>) {
        self.port = port
        self.channel = channel
        self.record = record
    }

    var recorded: Record { record.withLockedValue { $0 } }

    /// The fixture certificate, for a client that should trust this server.
    static func trustedClientTLS() throws -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates([try NIOSSLCertificate(file: Fixtures.directory.appendingPathComponent("smtp-test-cert.pem").path, format: .pem)])
        return tls
    }

    func stop() async {
        try? await channel.close()
    }
}

/// One client's conversation: just enough of RFC 5321 for the client's happy and unhappy paths.
private final class FakeSMTPHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let options: FakeSMTPServer.Options
    let tls: NIOSSLContext
    let record: NIOLockedValueBox<FakeSMTPServer.Record>
    private var pending = ""
    private var secure = false
    private var data: [String]?
    private var loginStep: [String]?

    init(options: FakeSMTPServer.Options, tls: NIOSSLContext, record: NIOLockedValueBox<FakeSMTPServer.Record>) {
        self.options = options
        self.tls = tls
        self.record = record
    }

    func channelActive(context: ChannelHandlerContext) {
        if options.greets { send("220 fake.test ESMTP", context) }
    }

    func channelRead(context: ChannelHandlerContext, data bytes: NIOAny) {
        var buffer = unwrapInboundIn(bytes)
        pending += buffer.readString(length: buffer.readableBytes) ?? ""
        while let end = pending.range(of: "\r\n") {
            let line = String(pending[..<end.lowerBound])
            pending.removeSubrange(..<end.upperBound)
            handle(line, context)
        }
    }

    private func handle(_ line: String, _ context: ChannelHandlerContext) {
        if var lines = data {
            if line == "." {
                data = nil
                record.withLockedValue { $0.messages.append(lines.joined(separator: "\r\n")) }
                send("250 queued", context)
            } else {
                lines.append(line)
                data = lines
            }
            return
        }
        record.withLockedValue { $0.commands.append(.init(line: line, overTLS: secure)) }
        if var step = loginStep {
            step.append(String(decoding: Data(base64Encoded: line) ?? Data(), as: UTF8.self))
            loginStep = step.count == 2 ? nil : step
            if step.count == 2 { record.withLockedValue { $0.logins.append(step) } }
            send(step.count == 2 ? "235 ok" : "334 UGFzc3dvcmQ6", context)
            return
        }
        let verb = line.split(separator: " ").first.map { $0.uppercased() } ?? ""
        switch verb {
        case "EHLO":
            var lines = ["fake.test"]
            if options.offersStartTLS && !secure { lines.append("STARTTLS") }
            if !options.auth.isEmpty { lines.append("AUTH " + options.auth.joined(separator: " ")) }
            lines.append("8BITMIME")
            send(lines.enumerated().map { "250\($0.offset == lines.count - 1 ? " " : "-")\($0.element)" }.joined(separator: "\r\n"), context)
        case "STARTTLS":
            send("220 go ahead", context)
            // The 220 above has left in plain text; from here on everything is TLS.
            try? context.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls), position: .first)
            secure = true
        case "AUTH":
            let parts = line.split(separator: " ").map(String.init)
            if parts.count == 3, parts[1] == "PLAIN", let decoded = Data(base64Encoded: parts[2]) {
                let fields = decoded.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
                record.withLockedValue { $0.logins.append(Array(fields.dropFirst())) }
                send("235 ok", context)
            } else if parts.count == 2, parts[1] == "LOGIN" {
                loginStep = []
                send("334 VXNlcm5hbWU6", context)
            } else {
                send("504 unknown mechanism", context)
            }
        case "MAIL": send("250 ok", context)
        case "RCPT": send(options.refusesRecipients ? "550 5.1.1 no such user" : "250 ok", context)
        case "DATA":
            data = []
            send("354 end with .", context)
        case "QUIT":
            send("221 bye", context)
            context.close(promise: nil)
        default: send("500 what?", context)
        }
    }

    private func send(_ text: String, _ context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text + "\r\n")), promise: nil)
    }
}
