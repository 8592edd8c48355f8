extension QRReference {
    /// The QR reference of a creditor's `number`th bill: the number as 26 digits, then the check
    /// digit. nil for a negative number or one over 26 digits.
    public init?(invoiceNumber number: Int) {
        guard number >= 0 else { return nil }
        let body = String(number)
        guard body.count <= 26 else { return nil }
        let padded = String(repeating: "0", count: 26 - body.count) + body
        guard let check = Mod10Recursive.checkDigit(of: padded), case .success(let reference) = QRReference.parse(padded + String(check)) else { return nil }
        self = reference
    }
}

extension QRBill {
    /// The reference a creditor's `number`th bill carries: a QR reference on a QR-IBAN (the only
    /// reference it takes), an ISO 11649 creditor reference or none on an ordinary IBAN.
    public static func issuedReference(_ type: ReferenceType, invoiceNumber number: Int) -> String? {
        switch type {
        case .qr: QRReference(invoiceNumber: number)?.digits
        case .creditor: CreditorReference(body: String(number))?.electronic
        case .none: nil
        }
    }
}
