import Testing
@testable import ScanbookCore

@Suite struct XMLBudgetTests {
    static let budget = XMLBudget.paymentMessages

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aPaymentMessageIsWithinTheBudget() {
        let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- a bank's report -->
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
          <CstmrPmtStsRpt><GrpHdr><MsgId>A&amp;B</MsgId><CreDtTm>2026-11-27T08:00:00</CreDtTm></GrpHdr>
          <OrgnlGrpInfAndSts><OrgnlMsgId>SB-1</OrgnlMsgId><Amt Ccy='CHF'>1.00</Amt><Empty/><![CDATA[<not a tag>]]></OrgnlGrpInfAndSts>
          </CstmrPmtStsRpt>
        </Document>
        """
        #expect(Self.budget.violation(in: Self.bytes(document)) == nil)
    }

    @Test func manyAttributesOnOneElementAreRefusedBeforeLibxml2SeesThem() {
        let attributes = (0..<60_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
        let document = "<Document \(attributes)/>"
        var budget = Self.budget
        budget.maximumBytes = 10_000_000
        #expect(budget.violation(in: Self.bytes(document)) == .tooManyAttributes(element: "Document", maximum: 16))
    }

    @Test func eachLimitIsTold() {
        var budget = Self.budget
        #expect(budget.violation(in: [UInt8](repeating: 0x20, count: 1_000_001)) == .tooLarge(bytes: 1_000_001, maximum: 1_000_000))
        budget.maximumElements = 3
        #expect(budget.violation(in: Self.bytes("<a><b/><c/><d/></a>")) == .tooManyElements(maximum: 3))
        budget = Self.budget
        #expect(budget.violation(in: Self.bytes(String(repeating: "<a>", count: 33))) == .tooDeep(maximum: 32))
        #expect(budget.violation(in: Self.bytes(String(repeating: "<a/>", count: 40) + String(repeating: "<a></a>", count: 40))) == nil,
                "siblings are not depth")
        #expect(budget.violation(in: Self.bytes("<" + String(repeating: "n", count: 129) + "/>")) == .nameTooLong(maximum: 128))
        #expect(budget.violation(in: Self.bytes("<a v=\"" + String(repeating: "x", count: 1_025) + "\"/>")) == .attributeValueTooLong(maximum: 1_024))
        #expect(budget.violation(in: Self.bytes("<a>" + String(repeating: "x", count: 10_001) + "</a>")) == .textTooLong(maximum: 10_000))
    }

    @Test func malformedBytesAreCountedNotTrappedOn() {
        for text in ["<", "</", "<a", "<a b", "<a b=\"", "<a / / />", "<a <b <c", "<!--", "<![CDATA[", "<?", "<<<>>>", "<a='1'='2'>", "\u{0}<\u{FF}"] {
            _ = Self.budget.violation(in: Self.bytes(text))
        }
        #expect(Self.budget.violation(in: Self.bytes("<a / / / / / / / / / / / / / / / / / / / />")) == nil)
    }
}
