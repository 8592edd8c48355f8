import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// One open conversation with an SMTP server: send a line, wait for the reply. Used by one task
/// from start to end (the dialogue), so it needs no locking.
final class SMTPConnection {
    private let channel: any Channel
    private var replies: AsyncThrowingStream<SMTPReply, any Error>.AsyncIterator
    private(set) var isSecure: Bool

    private init(channel: any Channel, replies: AsyncThrowingStream<SMTPReply, any Error>, isSecure: Bool) {
        self.channel = channel
        self.replies = replies.makeAsyncIterator()
        self.isSecure = isSecure
    }

    /// Connects; with `tls` the handshake starts at once (implicit TLS, `smtps://`).
    static func open(
        host: String, port: Int, timeout: Int64, tls: NIOSSLContext?, group: any EventLoopGroup
    ) async throws -> SMTPConnection {
        let (stream, continuation) = AsyncThrowingStream<SMTPReply, any Error>.makeStream()
        let serverName = Self.serverName(host)
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(.seconds(timeout))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let tls { try pipeline.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName)) }
                    try pipeline.addHandler(IdleStateHandler(readTimeout: .seconds(timeout)))
                    try pipeline.addHandler(ByteToMessageHandler(SMTPReplyDecoder()))
                    try pipeline.addHandler(SMTPReplyHandler(continuation))
                }
            }
        do {
            let channel = try await bootstrap.connect(host: host, port: port).get()
            return SMTPConnection(channel: channel, replies: stream, isSecure: tls != nil)
        } catch {
            continuation.finish()
            throw SMTPError.connectFailed("\(host):\(port): \(error)")
        }
    }

    /// The next reply, which must have one of `codes`; `step` names what it answers in errors.
    @discardableResult
    func reply(to step: String, expecting codes: Set<Int>) async throws -> SMTPReply {
        guard let reply = try await replies.next() else { throw SMTPError.closed(during: step) }
        guard codes.contains(reply.code) else { throw SMTPError.refused(step: step, reply: reply) }
        return reply
    }

    /// Sends `line` and waits for its reply. `step` is what errors show instead of the line, which
    /// may carry the credentials.
    @discardableResult
    func command(_ line: String, step: String? = nil, expecting codes: Set<Int>) async throws -> SMTPReply {
        try await write(line + "\r\n")
        return try await reply(to: step ?? line, expecting: codes)
    }

    func write(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text))
    }

    /// After the server's 220 to STARTTLS: TLS goes in front of everything else in the pipeline,
    /// so what follows (the second EHLO on) is encrypted.
    func startTLS(_ context: NIOSSLContext, host: String) async throws {
        let serverName = Self.serverName(host)
        let channel = self.channel
        try await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: serverName), position: .first)
        }.get()
        isSecure = true
    }

    func close() async {
        try? await channel.close()
    }

    /// The name for SNI and certificate checks: none for an IP address (the certificate is then
    /// checked against the address itself).
    private static func serverName(_ host: String) -> String? {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1 ? nil : host
    }
}
