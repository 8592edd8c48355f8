/// Why a mail was not handed over, worded for the server log (never with the password).
enum SMTPError: Error, CustomStringConvertible, Equatable {
    case connectFailed(String)
    case timedOut
    case closed(during: String)
    case malformedReply(String)
    /// The server refused `step` (a command's name, without its arguments).
    case refused(step: String, reply: SMTPReply)
    case startTLSMissing
    case noSupportedAuthentication(offered: String)
    case invalidAddress(String)

    var description: String {
        switch self {
        case .connectFailed(let reason): "SMTP: cannot connect: \(reason)"
        case .timedOut: "SMTP: the server did not answer in time"
        case .closed(let step): "SMTP: the server closed the connection during \(step)"
        case .malformedReply(let line): "SMTP: not an SMTP reply: \(line)"
        case .refused(let step, let reply): "SMTP: the server refused \(step): \(reply.code) \(reply.text)"
        case .startTLSMissing: "SMTP: the server does not offer STARTTLS, needed to send the password (or on port 587) safely"
        case .noSupportedAuthentication(let offered): "SMTP: the server offers no login method Scanbook knows (PLAIN, LOGIN); it offers: \(offered)"
        case .invalidAddress(let address): "SMTP: cannot send to \(address.prefix(100)) (not a plain ASCII address)"
        }
    }
}
