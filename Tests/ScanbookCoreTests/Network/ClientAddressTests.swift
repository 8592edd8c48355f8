import Testing
@testable import ScanbookCore

@Suite struct ClientAddressTests {
    @Test func addressesAndRangesParse() throws {
        #expect(IPAddress("192.168.1.20")?.description == "192.168.1.20")
        #expect(IPAddress("::1") != nil && IPAddress("300.1.1.1") == nil && IPAddress("example.org") == nil)
        let range = try #require(IPAddressRange("10.0.0.0/8"))
        #expect(range.contains(try #require(IPAddress("10.200.3.4"))))
        #expect(!range.contains(try #require(IPAddress("11.0.0.1"))))
        #expect(IPAddressRange("10.0.0.0/33") == nil)
    }

    /// X-Forwarded-For is believed only from a trusted proxy, read from the right.
    @Test func theClientIsThePeerUnlessATrustedProxyNamesIt() throws {
        let proxy = try #require(IPAddress("10.0.0.5"))
        let stranger = try #require(IPAddress("203.0.113.9"))
        let trusted = [try #require(IPAddressRange("10.0.0.0/8"))]
        #expect(ClientAddress.resolve(peer: stranger, forwardedFor: ["1.2.3.4"], trusted: trusted) == stranger, "anyone can write the header")
        #expect(ClientAddress.resolve(peer: proxy, forwardedFor: ["1.2.3.4"], trusted: trusted) == IPAddress("1.2.3.4"))
        // A client's own forged entry sits left of what the proxy appended.
        #expect(ClientAddress.resolve(peer: proxy, forwardedFor: ["6.6.6.6, 198.51.100.7"], trusted: trusted) == IPAddress("198.51.100.7"))
        #expect(ClientAddress.resolve(peer: proxy, forwardedFor: ["not-an-address"], trusted: trusted) == proxy)
    }
}
