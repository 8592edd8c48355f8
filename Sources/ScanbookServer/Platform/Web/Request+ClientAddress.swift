import ScanbookCore
import Vapor

extension Request {
    /// The client's address: the TCP peer, or what a trusted proxy (`SCANBOOK_TRUSTED_PROXIES`)
    /// says in `X-Forwarded-For`. Never taken from the header of an untrusted peer.
    var clientAddress: IPAddress? {
        let peer = remoteAddress?.ipAddress.flatMap { IPAddress($0) }
        return ClientAddress.resolve(peer: peer, forwardedFor: headers[.xForwardedFor], trusted: scanbookConfig.trustedProxies)
    }

    /// The key rate limits count this client under ("unknown" when there is no peer, as in tests
    /// that call the app without a socket).
    var clientKey: String { clientAddress?.description ?? "unknown" }
}
