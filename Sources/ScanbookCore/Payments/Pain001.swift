/// A credit transfer to put in a pain.001 file: one payment of a batch.
public struct CreditTransfer: Equatable, Sendable {
    /// The payment's id, returned by the bank in its reports (≤ 35 characters).
    public var endToEndID: String
    public var amount: Amount
    public var currency: String
    public var creditor: QRBill.Address
    /// IBAN without spaces.
    public var creditorAccount: String
    public var referenceType: QRBill.ReferenceType
    public var reference: String?
    public var message: String?

    public init(
        endToEndID: String, amount: Amount, currency: String, creditor: QRBill.Address, creditorAccount: String,
        referenceType: QRBill.ReferenceType, reference: String? = nil, message: String? = nil
    ) {
        self.endToEndID = endToEndID
        self.amount = amount
        self.currency = currency
        self.creditor = creditor
        self.creditorAccount = creditorAccount
        self.referenceType = referenceType
        self.reference = reference
        self.message = message
    }
}

/// The payments of one debit account on one execution day: one `PmtInf` block.
public struct PaymentBatch: Equatable, Sendable {
    public var id: String
    public var debtorName: String
    /// IBAN without spaces.
    public var debtorAccount: String
    public var executionDate: CalendarDate
    public var transfers: [CreditTransfer]

    public init(id: String, debtorName: String, debtorAccount: String, executionDate: CalendarDate, transfers: [CreditTransfer]) {
        self.id = id
        self.debtorName = debtorName
        self.debtorAccount = debtorAccount
        self.executionDate = executionDate
        self.transfers = transfers
    }
}

/// Writes ISO 20022 pain.001.001.09 customer credit transfer initiations as the Swiss Payment
/// Standards 2022 ask: structured addresses, `PmtMtd` TRF, one `PmtInf` per debit account and
/// day, QR and creditor references in `CdtrRefInf`, the message beside them.
public enum Pain001 {
    public static let namespace = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"

    /// `createdAt`: ISO date and time ("2026-11-25T15:00:00"). Check `problems` first: this writes
    /// what it is given.
    public static func document(messageID: String, createdAt: String, initiatingParty: String, batches: [PaymentBatch]) -> String {
        let transfers = batches.flatMap(\.transfers)
        var xml = XMLWriter()
        xml.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        xml.open("Document", attributes: [("xmlns", namespace)])
        xml.open("CstmrCdtTrfInitn")
        xml.open("GrpHdr")
        xml.element("MsgId", messageID)
        xml.element("CreDtTm", createdAt)
        xml.element("NbOfTxs", String(transfers.count))
        xml.element("CtrlSum", sum(transfers))
        xml.open("InitgPty")
        xml.element("Nm", initiatingParty)
        xml.close("InitgPty")
        xml.close("GrpHdr")
        for batch in batches { paymentInformation(batch, into: &xml) }
        xml.close("CstmrCdtTrfInitn")
        xml.close("Document")
        return xml.text
    }

    private static func paymentInformation(_ batch: PaymentBatch, into xml: inout XMLWriter) {
        xml.open("PmtInf")
        xml.element("PmtInfId", batch.id)
        xml.element("PmtMtd", "TRF")
        xml.element("NbOfTxs", String(batch.transfers.count))
        xml.element("CtrlSum", sum(batch.transfers))
        xml.open("ReqdExctnDt")
        xml.element("Dt", batch.executionDate.description)
        xml.close("ReqdExctnDt")
        xml.open("Dbtr")
        xml.element("Nm", batch.debtorName)
        xml.close("Dbtr")
        account("DbtrAcct", batch.debtorAccount, into: &xml)
        xml.open("DbtrAgt")
        xml.open("FinInstnId")
        if let iid = institutionID(of: batch.debtorAccount) {
            // Swiss and Liechtenstein accounts name their bank by the IID inside the IBAN.
            xml.open("ClrSysMmbId")
            xml.open("ClrSysId")
            xml.element("Cd", "CHBCC")
            xml.close("ClrSysId")
            xml.element("MmbId", iid)
            xml.close("ClrSysMmbId")
        } else {
            xml.open("Othr")
            xml.element("Id", "NOTPROVIDED")
            xml.close("Othr")
        }
        xml.close("FinInstnId")
        xml.close("DbtrAgt")
        for transfer in batch.transfers { creditTransfer(transfer, into: &xml) }
        xml.close("PmtInf")
    }

    private static func creditTransfer(_ transfer: CreditTransfer, into xml: inout XMLWriter) {
        xml.open("CdtTrfTxInf")
        xml.open("PmtId")
        xml.element("EndToEndId", transfer.endToEndID)
        xml.close("PmtId")
        xml.open("Amt")
        xml.element("InstdAmt", transfer.amount.asHundredths.description, attributes: [("Ccy", transfer.currency)])
        xml.close("Amt")
        let creditor = transfer.creditor
        if !creditor.name.isEmpty {
            xml.open("Cdtr")
            xml.element("Nm", creditor.name)
            if !creditor.town.isEmpty && !creditor.country.isEmpty {
                xml.open("PstlAdr")
                xml.element("StrtNm", creditor.street, omitEmpty: true)
                xml.element("BldgNb", creditor.buildingNumber, omitEmpty: true)
                xml.element("PstCd", creditor.postalCode, omitEmpty: true)
                xml.element("TwnNm", creditor.town)
                xml.element("Ctry", creditor.country)
                xml.close("PstlAdr")
            }
            xml.close("Cdtr")
        }
        account("CdtrAcct", transfer.creditorAccount, into: &xml)
        remittance(transfer, into: &xml)
        xml.close("CdtTrfTxInf")
    }

    /// A reference goes structured with the message beside it; without one the message is unstructured.
    private static func remittance(_ transfer: CreditTransfer, into xml: inout XMLWriter) {
        let message = transfer.message.flatMap { $0.isEmpty ? nil : $0 }
        guard transfer.referenceType != .none, let reference = transfer.reference else {
            guard let message else { return }
            xml.open("RmtInf")
            xml.element("Ustrd", message)
            xml.close("RmtInf")
            return
        }
        xml.open("RmtInf")
        xml.open("Strd")
        xml.open("CdtrRefInf")
        xml.open("Tp")
        xml.open("CdOrPrtry")
        if transfer.referenceType == .creditor { xml.element("Cd", "SCOR") } else { xml.element("Prtry", "QRR") }
        xml.close("CdOrPrtry")
        xml.close("Tp")
        xml.element("Ref", reference)
        xml.close("CdtrRefInf")
        if let message { xml.element("AddtlRmtInf", message) }
        xml.close("Strd")
        xml.close("RmtInf")
    }

    /// An IBAN; anything else (an orange slip's participant number) as the account's other id.
    private static func account(_ name: String, _ account: String, into xml: inout XMLWriter) {
        xml.open(name)
        xml.open("Id")
        if IBAN(account) != nil {
            xml.element("IBAN", account)
        } else {
            xml.open("Othr")
            xml.element("Id", account)
            xml.close("Othr")
        }
        xml.close("Id")
        xml.close(name)
    }

    static func institutionID(of iban: String) -> String? {
        guard iban.hasPrefix("CH") || iban.hasPrefix("LI") else { return nil }
        return String(iban.dropFirst(4).prefix(5))
    }

    private static func sum(_ transfers: [CreditTransfer]) -> String {
        Amount(minorUnits: transfers.map(\.amount.hundredths).saturatingSum(), decimals: 2).description
    }
}
