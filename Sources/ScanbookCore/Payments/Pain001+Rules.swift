extension Pain001 {
    /// What the Swiss Payment Standards refuse in a transfer before the bank sees it: accounts,
    /// reference against account, amount, currency, lengths of ids, names and message.
    public static func problems(in transfer: CreditTransfer) -> [PaymentProblem] {
        var problems: [PaymentProblem] = []
        let account = QRBillRules.account(transfer.creditorAccount, allowingAnyCountry: true, into: &problems)
        QRBillRules.reference(transfer.reference ?? "", type: transfer.referenceType, account: account, into: &problems)
        if transfer.amount.hundredths <= 0 || transfer.amount.hundredths > QRBill.maximumHundredths {
            problems.append(PaymentProblem(.amount, .outOfRange))
        }
        if !["CHF", "EUR"].contains(transfer.currency) { problems.append(PaymentProblem(.currency, .unsupportedCurrency)) }
        if transfer.endToEndID.isEmpty || transfer.endToEndID.count > 35 { problems.append(PaymentProblem(.reference, .wrongLength)) }
        _ = QRBillRules.address(transfer.creditor.payloadFields, role: .creditor, into: &problems)
        if (transfer.message ?? "").count > 140 { problems.append(PaymentProblem(.message, .tooLong)) }
        return problems
    }

    /// The debit account must be a valid IBAN too.
    public static func problems(in batch: PaymentBatch) -> [PaymentProblem] {
        var problems: [PaymentProblem] = []
        if case .failure(let problem) = IBAN.parse(batch.debtorAccount) { problems.append(PaymentProblem(.debitAccount, problem.kind)) }
        if batch.transfers.isEmpty { problems.append(PaymentProblem(.amount, .missing)) }
        return problems + batch.transfers.flatMap(problems(in:))
    }
}
