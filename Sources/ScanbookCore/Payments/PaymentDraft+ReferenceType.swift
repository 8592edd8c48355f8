extension PaymentDraft {
    /// The reference type the bill implies when the person left "No reference" (the form's
    /// default): a QR-IBAN takes only QR references, "RF…" is a creditor reference, and a long
    /// row of digits is a QR reference. A type chosen explicitly (QRR, SCOR) is kept as it is, and
    /// so is NON when nothing contradicts it, so the checks still name a real mismatch.
    public var inferredReferenceType: String {
        let chosen = referenceType.uppercased()
        guard chosen.isEmpty || chosen == "NON", kind != .esr else { return referenceType }
        let compact = reference.filter { !$0.isWhitespace }.uppercased()
        if compact.hasPrefix("RF") { return "SCOR" }
        let account = IBAN(beneficiaryAccount.filter { !$0.isWhitespace })
        if account?.isQRIBAN == true { return "QRR" }
        if compact.count >= 20, compact.allSatisfy(\.isASCIIDigit) { return "QRR" }
        return chosen.isEmpty ? "NON" : referenceType
    }
}

