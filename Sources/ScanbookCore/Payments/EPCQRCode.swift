/// The EPC QR code of SEPA credit transfers (EPC069-12, "BCD", versions 001 and 002): the
/// beneficiary, the IBAN, an amount in EUR and either a creditor reference or a text.
public struct EPCQRCode: Equatable, Sendable {
    public var bic: String?
    public var name: String
    public var iban: IBAN
    public var amount: Amount?
    public var purpose: String?
    public var reference: CreditorReference?
    public var text: String?
    public var information: String?

    public static func decode(_ payload: String) -> Result<EPCQRCode, PaymentProblems> {
        let lines = payload.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        guard payload.utf8.count <= 331, (7...12).contains(lines.count), lines[0] == "BCD", ["001", "002"].contains(lines[1]),
              ["1", "2", "3", "4", "5", "6", "7", "8"].contains(lines[2]), lines[3] == "SCT" else {
            return .failure(PaymentProblems([PaymentProblem(.header, .wrongFormat)]))
        }
        func line(_ index: Int) -> String { lines.indices.contains(index) ? lines[index] : "" }
        var problems: [PaymentProblem] = []
        let bic = line(4)
        if bic.isEmpty ? lines[1] == "001" : !(bic.count == 8 || bic.count == 11) || !bic.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) {
            problems.append(PaymentProblem(.account, .wrongFormat))
        }
        let name = line(5)
        if name.isEmpty { problems.append(PaymentProblem(.creditorName, .missing)) }
        if name.count > 70 { problems.append(PaymentProblem(.creditorName, .tooLong)) }
        var iban: IBAN?
        switch IBAN.parse(line(6)) {
        case .success(let parsed): iban = parsed
        case .failure(let problem): problems.append(problem)
        }
        var amount: Amount?
        let amountText = line(7)
        if !amountText.isEmpty {
            let digits = amountText.dropFirst(3)
            var ignored: [PaymentProblem] = []
            let decimals = digits.split(separator: ".", omittingEmptySubsequences: false).last?.count ?? 0
            let padded = digits.contains(".") ? String(digits) + String(repeating: "0", count: max(0, 2 - decimals)) : digits + ".00"
            if amountText.hasPrefix("EUR"), decimals <= 2, let value = QRBillRules.amount(padded, into: &ignored), ignored.isEmpty, value.hundredths > 0 {
                amount = value
            } else {
                problems.append(PaymentProblem(.amount, .wrongFormat))
            }
        }
        var reference: CreditorReference?
        let referenceText = line(9), text = line(10)
        if !referenceText.isEmpty {
            if !text.isEmpty { problems.append(PaymentProblem(.message, .notEmpty)) }
            switch CreditorReference.parse(referenceText) {
            case .success(let parsed): reference = parsed
            case .failure(let problem): problems.append(problem)
            }
        }
        if text.count > 140 { problems.append(PaymentProblem(.message, .tooLong)) }
        guard problems.isEmpty, let iban else { return .failure(PaymentProblems(problems)) }
        return .success(EPCQRCode(
            bic: bic.isEmpty ? nil : bic, name: name, iban: iban, amount: amount, purpose: line(8).isEmpty ? nil : line(8),
            reference: reference, text: text.isEmpty ? nil : text, information: line(11).isEmpty ? nil : line(11)
        ))
    }
}
