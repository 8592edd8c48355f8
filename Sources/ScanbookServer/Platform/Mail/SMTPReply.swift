import NIOCore

/// One reply of an SMTP server: a code and its text lines (several for `250-…` continuations).
struct SMTPReply: Sendable, Equatable {
    let code: Int
    let lines: [String]

    var text: String { lines.joined(separator: " / ") }
}

/// Cuts the byte stream into replies: lines up to CRLF (a bare LF is accepted), collected while
/// the fourth character is "-".
struct SMTPReplyDecoder: ByteToMessageDecoder {
    typealias InboundOut = SMTPReply
    /// A server that sends this much without finishing a reply is not speaking SMTP.
    static let maximumReply = 64 * 1024
    private var lines: [String] = []

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > Self.maximumReply { throw SMTPError.malformedReply("a line longer than 64 kB") }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        var line = buffer.readString(length: length) ?? ""
        buffer.moveReaderIndex(forwardBy: 1)
        if line.hasSuffix("\r") { line.removeLast() }
        guard line.count >= 3, let code = Int(line.prefix(3)), (200...599).contains(code) else {
            throw SMTPError.malformedReply(String(line.prefix(80)))
        }
        let text = line.count > 4 ? String(line.dropFirst(4)) : ""
        lines.append(text)
        guard line.count > 3, line[line.index(line.startIndex, offsetBy: 3)] == "-" else {
            context.fireChannelRead(NIOAny(SMTPReply(code: code, lines: lines)))
            lines = []
            return .continue
        }
        if lines.count > 1_000 { throw SMTPError.malformedReply("more than 1000 continuation lines") }
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        return .needMoreData
    }
}

/// Hands each reply to the waiting dialogue; a read timeout, an error or a closed connection ends
/// the stream with the reason.
final class SMTPReplyHandler: ChannelInboundHandler {
    typealias InboundIn = SMTPReply
    private let continuation: AsyncThrowingStream<SMTPReply, any Error>.Continuation

    init(_ continuation: AsyncThrowingStream<SMTPReply, any Error>.Continuation) {
        self.continuation = continuation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        continuation.yield(unwrapInboundIn(data))
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            continuation.finish(throwing: SMTPError.timedOut)
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        continuation.finish(throwing: error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        continuation.finish()
        context.fireChannelInactive()
    }
}
