extension PaymentDraft {
    /// At most a year ahead: a later date is a typing slip.
    public static let latestExecutionDays = 366

    /// Every field checked, each problem naming its field with the corrected value where one can be
    /// computed (a reference's check digits or leading zeros, a date in the past); spacing and case are simply normalized.
    public func check(today: CalendarDate) -> Result<CheckedPayment, PaymentProblems> {
        var problems: [PaymentProblem] = []
        var debit: IBAN?
        switch IBAN.parse(debitAccount) {
        case .success(let iban): debit = iban
        case .failure(let problem): problems.append(PaymentProblem(.debitAccount, problem.kind, correctedValue: problem.correctedValue))
        }
        let (beneficiaryIBAN, beneficiaryStored) = checkBeneficiaryAccount(into: &problems)
        let amount = checkAmount(into: &problems)
        if !(kind == .foreign ? CurrencyCode(currency) != nil : ["CHF", "EUR"].contains(currency)) {
            problems.append(PaymentProblem(.currency, .unsupportedCurrency))
        }
        let (type, reference) = checkReference(account: beneficiaryIBAN, into: &problems)
        if message.count > 140 { problems.append(PaymentProblem(.message, .tooLong, correctedValue: String(message.prefix(140)))) }
        // An address typed in the old combined form ("Bahnhofstrasse 7, 8001 Zürich") is split.
        let beneficiary = self.beneficiary.map { $0.structured() ?? $0 }
        if [.qrBill, .domestic, .foreign, .bank].contains(kind) {
            checkBeneficiary(beneficiary, into: &problems)
        }
        if kind == .ownTransfer, let debit, beneficiaryIBAN == debit { problems.append(PaymentProblem(.account, .notEmpty)) }
        let date = CalendarDate(iso: executionDate)
        if let date {
            if date < today || date > (today.adding(days: Self.latestExecutionDays) ?? today) {
                problems.append(PaymentProblem(.executionDate, .outOfRange, correctedValue: date < today ? today.description : nil))
            }
        } else {
            problems.append(PaymentProblem(.executionDate, .wrongFormat))
        }
        problems = problems.map(proposingCheckDigit)
        guard problems.isEmpty, let debit, let amount, let date else { return .failure(PaymentProblems(problems)) }
        return .success(CheckedPayment(
            kind: kind, debitAccount: debit, beneficiaryAccount: beneficiaryStored ?? beneficiaryAccount, beneficiary: beneficiary, amount: amount,
            currency: kind == .foreign ? (CurrencyCode(currency)?.code ?? currency) : currency,
            referenceType: type, reference: reference, message: message.isEmpty ? nil : message, executionDate: date
        ))
    }

    /// A typed 27-digit reference whose check digit fails: the check digit its 26 digits give, for
    /// the user to confirm (a reference read from a bill or slip is reported without one).
    private func proposingCheckDigit(_ problem: PaymentProblem) -> PaymentProblem {
        let compact = reference.filter { !$0.isWhitespace }
        guard problem.field == .reference, problem.kind == .checkDigit, problem.correctedValue == nil, compact.count == 27,
              let digit = Mod10Recursive.checkDigit(of: compact.prefix(26)) else { return problem }
        return PaymentProblem(.reference, .checkDigit, correctedValue: String(compact.prefix(26)) + String(digit))
    }

    /// Slips pay a participant number; everything else an IBAN (QR-bills a Swiss one). Returns the
    /// IBAN (to check the reference against) and the account in its stored form.
    private func checkBeneficiaryAccount(into problems: inout [PaymentProblem]) -> (iban: IBAN?, stored: String?) {
        if kind == .esr || kind == .redSlip {
            switch ParticipantNumber.parse(beneficiaryAccount) {
            case .success(let number): return (nil, number.digits)
            case .failure(let problem):
                problems.append(PaymentProblem(.account, problem.kind))
                return (nil, nil)
            }
        }
        let iban = QRBillRules.account(beneficiaryAccount, allowingAnyCountry: kind != .qrBill && kind != .domestic, into: &problems)
        return (iban, iban?.electronic)
    }

    private func checkAmount(into problems: inout [PaymentProblem]) -> Amount? {
        guard let typed = Amount(typed: amount) else {
            problems.append(PaymentProblem(.amount, amount.isEmpty ? .missing : .wrongFormat))
            return nil
        }
        guard typed.hundredths > 0, typed.hundredths <= QRBill.maximumHundredths else {
            problems.append(PaymentProblem(.amount, .outOfRange))
            return nil
        }
        return Amount(minorUnits: typed.hundredths, decimals: 2)
    }

    private func checkReference(account: IBAN?, into problems: inout [PaymentProblem]) -> (type: String, reference: String?) {
        if kind == .esr {
            switch QRReference.parse(reference) {
            case .success(let parsed): return ("ESR", parsed.digits)
            case .failure(let problem): problems.append(problem)
            }
            return ("ESR", nil)
        }
        guard let type = QRBill.ReferenceType(rawValue: referenceType.isEmpty ? "NON" : referenceType) else {
            problems.append(PaymentProblem(.referenceType, .unknownType))
            return (referenceType, nil)
        }
        let compact = reference.filter { !$0.isWhitespace }
        QRBillRules.reference(compact, type: type, account: account, into: &problems)
        let normalized = type == .creditor ? CreditorReference(compact)?.electronic : compact
        return (type.rawValue, normalized.flatMap { $0.isEmpty ? nil : $0 })
    }

    private func checkBeneficiary(_ beneficiary: QRBill.Address?, into problems: inout [PaymentProblem]) {
        guard let beneficiary else {
            problems.append(PaymentProblem(.creditor, .missing))
            return
        }
        // Combined lines that read two ways: asked for field by field.
        if beneficiary.structured() == nil {
            problems.append(PaymentProblem(.creditorStreet, .combinedAddress))
            return
        }
        _ = QRBillRules.address(beneficiary.payloadFields, role: .creditor, into: &problems)
    }
}
