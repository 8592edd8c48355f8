/// The QR-bill's rules, one function per part of the payload (Swiss Implementation Guidelines 2.3).
enum QRBillRules {
    enum Role { case creditor, debtor }

    static func header(_ elements: [String]) -> [PaymentProblem] {
        var problems: [PaymentProblem] = []
        if elements[1] != "0200" { problems.append(PaymentProblem(.header, .unsupportedVersion)) }
        if elements[2] != "1" { problems.append(PaymentProblem(.header, .wrongFormat)) }
        return problems
    }

    /// A QR-bill's account must be Swiss or from Liechtenstein; a transfer's may be any IBAN. In a
    /// payload (`electronicForm`) the IBAN must be written without spaces; typed ones are normalized.
    static func account(_ text: String, allowingAnyCountry: Bool = false, electronicForm: Bool = false, into problems: inout [PaymentProblem]) -> IBAN? {
        switch IBAN.parse(text) {
        case .failure(let problem):
            problems.append(problem)
            return nil
        case .success(let iban):
            guard allowingAnyCountry || iban.countryCode == "CH" || iban.countryCode == "LI" else {
                problems.append(PaymentProblem(.account, .notSwiss))
                return nil
            }
            if electronicForm, iban.electronic != text { problems.append(PaymentProblem(.account, .wrongFormat, correctedValue: iban.electronic)) }
            return iban
        }
    }

    /// Seven elements: type, name, street, building number, postal code, town, country.
    static func address(_ fields: [String], role: Role, into problems: inout [PaymentProblem]) -> QRBill.Address? {
        var flags: [PaymentProblem] = []
        return address(fields, role: role, into: &problems, flags: &flags)
    }

    /// A combined address (type K: name, two address lines, country) is split into the structured
    /// fields when it reads one way only, and flagged: banks refuse it since November 2025. One that
    /// reads two ways is refused, naming it.
    static func address(_ fields: [String], role: Role, into problems: inout [PaymentProblem], flags: inout [PaymentProblem]) -> QRBill.Address? {
        let names: [PaymentProblem.Field] = role == .creditor
            ? [.creditor, .creditorName, .creditorStreet, .creditorBuildingNumber, .creditorPostalCode, .creditorTown, .creditorCountry]
            : [.debtor, .debtorName, .debtorStreet, .debtorBuildingNumber, .debtorPostalCode, .debtorTown, .debtorCountry]
        if fields[0] == "K" {
            guard fields[1].count <= 70, fields[2].count <= 70, fields[3].count <= 70, fields[4].isEmpty, fields[5].isEmpty,
                  !fields[1].trimmingWhitespace().isEmpty,
                  let parts = CombinedAddress.split([fields[2], fields[3]], country: fields[6]) else {
                problems.append(PaymentProblem(names[0], .combinedAddress))
                return nil
            }
            flags.append(PaymentProblem(names[0], .combinedAddressSplit))
            return address(["S", fields[1], parts.street, parts.buildingNumber, parts.postalCode, parts.town, fields[6]], role: role, into: &problems, flags: &flags)
        }
        guard fields[0] == "S" else {
            problems.append(PaymentProblem(names[0], .wrongFormat))
            return nil
        }
        let before = problems.count
        for (index, limit, required) in [(1, 70, true), (2, 70, false), (3, 16, false), (4, 16, true), (5, 35, true)] {
            if required && fields[index].trimmingWhitespace().isEmpty { problems.append(PaymentProblem(names[index], .missing)) }
            if fields[index].count > limit { problems.append(PaymentProblem(names[index], .tooLong)) }
        }
        let country = fields[6]
        if country.count != 2 || !country.allSatisfy({ $0.isASCII && $0.isUppercase }) { problems.append(PaymentProblem(names[6], .wrongFormat)) }
        guard problems.count == before else { return nil }
        return QRBill.Address(name: fields[1], street: fields[2], buildingNumber: fields[3], postalCode: fields[4], town: fields[5], country: country)
    }

    /// Empty, or 0.00–999,999,999.99 written with a point and two decimals.
    static func amount(_ text: String, into problems: inout [PaymentProblem]) -> Amount? {
        guard !text.isEmpty else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...9).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let whole = Int(parts[0]), let cents = Int(parts[1]) else {
            problems.append(PaymentProblem(.amount, .wrongFormat))
            return nil
        }
        let hundredths = whole * 100 + cents
        guard hundredths <= QRBill.maximumHundredths else {
            problems.append(PaymentProblem(.amount, .outOfRange))
            return nil
        }
        return Amount(minorUnits: hundredths, decimals: 2)
    }

    /// QRR only with a QR-IBAN and a valid QR reference; SCOR with a valid creditor reference and
    /// an ordinary IBAN; NON without reference and with an ordinary IBAN.
    static func reference(_ text: String, type: QRBill.ReferenceType, account: IBAN?, into problems: inout [PaymentProblem]) {
        switch type {
        case .qr:
            if let account, !account.isQRIBAN { problems.append(PaymentProblem(.referenceType, .qrReferenceNeedsQRIBAN)) }
            if case .failure(let problem) = QRReference.parse(text) { problems.append(problem) }
        case .creditor:
            if let account, account.isQRIBAN { problems.append(PaymentProblem(.account, .qrIBANNeedsQRReference)) }
            if case .failure(let problem) = CreditorReference.parse(text) { problems.append(problem) }
        case .none:
            if let account, account.isQRIBAN { problems.append(PaymentProblem(.account, .qrIBANNeedsQRReference)) }
            if !text.isEmpty { problems.append(PaymentProblem(.reference, .referenceNotAllowed)) }
        }
    }
}
