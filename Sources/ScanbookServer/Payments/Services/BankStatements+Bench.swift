import Foundation
import Vapor

extension Application {
    /// For `make bench`: a generated camt.054 of `entries` entries (debits and credits of a new
    /// account, none explained by a payment: the cost is reading, matching and remembering every
    /// entry) imported twice; the second import finds every entry already imported.
    public func timeStatementImport(entries: Int) async throws -> (first: Duration, again: Duration, bytes: Int) {
        let user = User(name: "Bench", email: "bench-\(UUID().uuidString.prefix(8))@example.org", passwordHash: "-", isAdmin: false)
        try await user.create(on: db)
        let iban = "CH9300762011623852957"
        try await PaymentAccount(ownerID: try user.requireID(), name: "Bench", iban: iban, currency: "CHF", isDefault: true).create(on: db)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.054.001.08\">"
            + "<BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-11-30T18:00:00</CreDtTm></GrpHdr><Ntfctn><Id>N1</Id><CreDtTm>2026-11-30T18:00:00</CreDtTm>"
            + "<Acct><Id><IBAN>\(iban)</IBAN></Id></Acct>"
        for index in 0..<entries {
            let direction = index.isMultiple(of: 3) ? "CRDT" : "DBIT"
            xml += "<Ntry><Amt Ccy=\"CHF\">\(index % 5_000 + 1).\(String(format: "%02d", index % 100))</Amt><CdtDbtInd>\(direction)</CdtDbtInd>"
                + "<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-30</Dt></BookgDt><AcctSvcrRef>BENCH-\(index)</AcctSvcrRef>"
                + "<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>AUTT</SubFmlyCd></Fmly></Domn></BkTxCd>"
                + "<NtryDtls><TxDtls><Refs><EndToEndId>E2E\(index)</EndToEndId></Refs></TxDtls></NtryDtls></Ntry>"
        }
        xml += "</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>"
        let bytes = Array(xml.utf8)
        let context = ServiceContext(application: self, user: user)
        let clock = ContinuousClock()
        let start = clock.now
        let first = try await BankStatements.importStatement(bytes, apply: true, on: context)
        let middle = clock.now
        let again = try await BankStatements.importStatement(bytes, apply: true, on: context)
        let end = clock.now
        guard first.unmatched.count == entries, again.alreadyImported == entries else {
            throw Abort(.internalServerError, reason: "statement bench: \(first.unmatched.count) unmatched, \(again.alreadyImported) already imported of \(entries)")
        }
        return (middle - start, end - middle, bytes.count)
    }
}
