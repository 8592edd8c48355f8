extension QRBill {
    /// Reads and checks a QR-bill payload (elements separated by LF or CR LF), reporting every
    /// broken rule with its field.
    public static func decode(_ payload: String) -> Result<QRBill, PaymentProblems> {
        read(payload).map(\.bill)
    }

    /// `decode`, and what the bill breaks that a payment can still get past: a combined address
    /// split into its fields (`combinedAddressSplit`).
    public static func read(_ payload: String) -> Result<(bill: QRBill, flags: [PaymentProblem]), PaymentProblems> {
        // "\r\n" is one Character in Swift, so both separators are named.
        let elements = payload.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        guard (31...34).contains(elements.count), elements[0] == "SPC" else { return .failure(PaymentProblems([PaymentProblem(.header, .wrongFormat)])) }
        var problems = QRBillRules.header(elements)
        let account = QRBillRules.account(elements[3], electronicForm: true, into: &problems)
        var flags: [PaymentProblem] = []
        let creditor = QRBillRules.address(Array(elements[4...10]), role: .creditor, into: &problems, flags: &flags)
        if elements[11...17].contains(where: { !$0.isEmpty }) { problems.append(PaymentProblem(.ultimateCreditor, .notEmpty)) }
        let amount = QRBillRules.amount(elements[18], into: &problems)
        if !["CHF", "EUR"].contains(elements[19]) { problems.append(PaymentProblem(.currency, .unsupportedCurrency)) }
        let debtorFields = Array(elements[20...26])
        let debtor = debtorFields.allSatisfy { $0.isEmpty } ? nil : QRBillRules.address(debtorFields, role: .debtor, into: &problems, flags: &flags)
        let referenceType = ReferenceType(rawValue: elements[27])
        if let referenceType {
            QRBillRules.reference(elements[28], type: referenceType, account: account, into: &problems)
        } else {
            problems.append(PaymentProblem(.referenceType, .unknownType))
        }
        let message = elements[29]
        if elements[30] != "EPD" { problems.append(PaymentProblem(.trailer, .wrongFormat)) }
        let billInformation = elements.count > 31 ? elements[31] : ""
        if message.count > 140 { problems.append(PaymentProblem(.message, .tooLong)) }
        if message.count + billInformation.count > 140, billInformation.count > 0 { problems.append(PaymentProblem(.billInformation, .tooLong)) }
        let alternatives = Array(elements.dropFirst(32))
        if alternatives.contains(where: { $0.count > 100 }) { problems.append(PaymentProblem(.alternativeSchemes, .tooLong)) }
        guard problems.isEmpty, let creditor, let referenceType else { return .failure(PaymentProblems(problems)) }
        return .success((QRBill(
            account: elements[3], creditor: creditor, amount: amount, currency: elements[19], debtor: debtor,
            referenceType: referenceType, reference: elements[28].isEmpty ? nil : elements[28],
            message: message.isEmpty ? nil : message, billInformation: billInformation.isEmpty ? nil : billInformation,
            alternativeSchemes: alternatives.filter { !$0.isEmpty }
        ), flags))
    }

    /// The payload for the QR code: elements joined by LF, the optional ones at the end left out
    /// when empty (as the Swiss reference implementations write it).
    public var payload: String {
        func fields(_ address: Address?) -> [String] { address?.payloadFields ?? Array(repeating: "", count: 7) }
        var elements = ["SPC", "0200", "1", account] + fields(creditor) + Array(repeating: "", count: 7)
        elements += [amount?.asHundredths.description ?? "", currency] + fields(debtor)
        elements += [referenceType.rawValue, reference ?? "", message ?? "", "EPD"]
        if !alternativeSchemes.isEmpty {
            elements += [billInformation ?? ""] + alternativeSchemes
        } else if let billInformation, !billInformation.isEmpty {
            elements.append(billInformation)
        }
        return elements.joined(separator: "\n")
    }
}
