import Testing
import ScanbookCore

@Suite struct EmailAddressTests {
    @Test func normalizesCaseAndWhitespace() throws {
        #expect(try EmailAddress("  Anna.Muster@Example.ORG ").value == "anna.muster@example.org")
        #expect(try EmailAddress("A@b.ch") == EmailAddress("a@B.CH"))
    }

    @Test(arguments: ["anna", "anna@", "@example.org", "anna@example", "an na@example.org", "a@b@c.de", "a@.de", "a@b..de"])
    func rejectsMalformed(_ raw: String) {
        #expect(throws: EmailAddress.Invalid.malformed) { try EmailAddress(raw) }
    }

    @Test func rejectsEmpty() {
        #expect(throws: EmailAddress.Invalid.empty) { try EmailAddress("   ") }
    }
}
