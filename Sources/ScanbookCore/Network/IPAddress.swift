/// An IPv4 or IPv6 address as 16 bytes (IPv4 as `::ffff:a.b.c.d`, so both compare alike).
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    public var isIPv4: Bool { bytes.prefix(12).elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]) }

    /// "192.0.2.1", "2001:db8::1", "[2001:db8::1]", "::ffff:192.0.2.1"; nil for anything else.
    public init?(_ text: some StringProtocol) {
        var text = Substring(text)
        guard text.utf8.count <= 64 else { return nil }
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if let zone = text.firstIndex(of: "%") { text = text[..<zone] }
        if let v4 = Self.parseIPv4(text) {
            bytes = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] + v4
        } else if let v6 = Self.parseIPv6(text) {
            bytes = v6
        } else {
            return nil
        }
    }

    public var description: String {
        if isIPv4 { return bytes.suffix(4).map(String.init).joined(separator: ".") }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }.joined(separator: ":")
    }

    private static func parseIPv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var result: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = UInt8(part) else { return nil }
            result.append(value)
        }
        return result
    }

    private static func parseIPv6(_ text: Substring) -> [UInt8]? {
        let halves = text.split(separator: "::", maxSplits: 1, omittingEmptySubsequences: false)
        guard (1...2).contains(halves.count), !text.contains(":::") else { return nil }
        func groups(_ part: Substring) -> [UInt8]? {
            guard !part.isEmpty else { return [] }
            var result: [UInt8] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains("."), let v4 = parseIPv4(piece) {
                    result += v4
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    result += [UInt8(value >> 8), UInt8(value & 0xFF)]
                }
            }
            return result
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 16 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count <= 14 else { return nil }
        return head + [UInt8](repeating: 0, count: 16 - head.count - tail.count) + tail
    }
}

/// One address or a CIDR range ("10.0.0.0/8", "fd00::/8", "127.0.0.1").
public struct IPAddressRange: Hashable, Sendable, CustomStringConvertible {
    public let network: IPAddress
    /// Prefix length over all 128 bits (an IPv4 /8 is /104 here).
    public let prefixLength: Int

    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { return nil }
        let maximum = address.isIPv4 ? 32 : 128
        var length = maximum
        if parts.count == 2 {
            guard let parsed = Int(parts[1]), (0...maximum).contains(parsed) else { return nil }
            length = parsed
        }
        network = address
        prefixLength = address.isIPv4 ? length + 96 : length
    }

    public func contains(_ address: IPAddress) -> Bool {
        var remaining = prefixLength
        for index in 0..<16 where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if address.bytes[index] & mask != network.bytes[index] & mask { return false }
            remaining -= bits
        }
        return true
    }

    public var description: String { "\(network)/\(network.isIPv4 ? prefixLength - 96 : prefixLength)" }
}

/// Who the client is. Behind a reverse proxy the TCP peer is the proxy, which names the client in
/// `X-Forwarded-For`; a client can write that header too, so it is believed only from a trusted
/// peer, and read from the right: each trusted hop appends the address it saw, and the first
/// address from the right that is not a trusted proxy is the client.
public enum ClientAddress {
    public static func resolve(peer: IPAddress?, forwardedFor: [String], trusted: [IPAddressRange]) -> IPAddress? {
        guard var client = peer else { return nil }
        guard trusted.contains(where: { $0.contains(client) }) else { return client }
        let hops = forwardedFor.flatMap { $0.split(separator: ",").map { String($0).trimmingWhitespace() } }
        for hop in hops.reversed() {
            guard let address = IPAddress(hop) else { return client }
            client = address
            if !trusted.contains(where: { $0.contains(address) }) { return address }
        }
        return client
    }
}
