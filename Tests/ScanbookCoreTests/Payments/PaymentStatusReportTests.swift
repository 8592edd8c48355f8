import Testing
import ScanbookCore

@Suite struct PaymentStatusReportTests {
    static let ids = ["E1", "E2", "E3"]
    static let ac01 = PaymentStatusReport.Reason(code: "AC01", text: ["IBAN unknown"])

    @Test func oneRejectedTransactionRejectsOnlyThatPayment() {
        let report = PaymentStatusReport(originalMessageID: "M", groupStatus: "PART", groupReason: nil, blocks: [
            .init(status: "PART", reason: nil, transactions: [
                .init(endToEndID: "E2", status: "RJCT", reason: Self.ac01), .init(endToEndID: "E3", status: "ACCP", reason: nil),
                .init(endToEndID: "E9", status: "RJCT", reason: nil),
            ]),
        ])
        #expect(report.rejections(of: Self.ids) == ["E2": Self.ac01], "E9 is no payment of this file")
        #expect(Self.ac01.description == "AC01 (account number incorrect): IBAN unknown")
    }

    @Test func aRejectedFileOrBlockRejectsEveryPaymentInIt() {
        let group = PaymentStatusReport(originalMessageID: "M", groupStatus: "RJCT", groupReason: .init(code: "FF01", text: []), blocks: [])
        #expect(group.rejections(of: Self.ids).count == 3 && group.rejections(of: Self.ids)["E1"]?.description == "FF01 (file format invalid)")
        let block = PaymentStatusReport(originalMessageID: "M", groupStatus: "PART", groupReason: nil, blocks: [.init(status: "RJCT", reason: .init(code: "AM04", text: []), transactions: [])])
        #expect(Set(block.rejections(of: Self.ids).keys) == Set(Self.ids))
        let accepted = PaymentStatusReport(originalMessageID: "M", groupStatus: "ACCP", groupReason: nil, blocks: [])
        #expect(accepted.rejections(of: Self.ids).isEmpty)
    }
}
