/// The OCR-B codeline at the foot of an orange ESR slip:
/// `0100003949753>120000000000234478943216899+ 010001628>` is type 01 with amount 3949.75, check
/// digit 3, reference 12000…16899, participant 01-162-8; `042>` stands for a type without amount.
/// Every part carries a mod-10-recursive check digit and every one is verified.
public struct ESRCodeline: Equatable, Sendable {
    public enum SlipType: String, Sendable, CaseIterable, Codable {
        /// ESR in CHF, ESR cash on delivery in CHF, ESR in CHF to the issuer's own account.
        case chf = "01", chfCashOnDelivery = "03", chfOwnAccount = "11"
        /// ESR+ (amount filled in by the payer) in CHF, and to the issuer's own account.
        case chfWithoutAmount = "04", chfOwnAccountWithoutAmount = "14"
        /// The same in EUR.
        case eur = "21", eurOwnAccount = "23", eurWithoutAmount = "31", eurOwnAccountWithoutAmount = "33"

        public var hasAmount: Bool { ["01", "03", "11", "21", "23"].contains(rawValue) }
        public var currency: String { rawValue.hasPrefix("2") || rawValue.hasPrefix("3") ? "EUR" : "CHF" }
    }

    public let type: SlipType
    /// nil on a slip without amount (ESR+).
    public let amount: Amount?
    public let reference: QRReference
    public let participant: ParticipantNumber

    public var currency: String { type.currency }

    /// The codeline as printed, with the space after "+".
    public var text: String {
        let head: String
        if let amount {
            let cents = amount.hundredths
            let digits = String(cents)
            head = type.rawValue + String(repeating: "0", count: max(0, 10 - digits.count)) + digits
        } else {
            head = type.rawValue
        }
        let check = Mod10Recursive.checkDigit(of: head).map(String.init) ?? ""
        return "\(head)\(check)>\(reference.digits)+ \(participant.digits)>"
    }

    /// A codeline read, and the one digit changed to make it valid, if any.
    public struct Reading: Equatable, Sendable {
        public let codeline: ESRCodeline
        /// Index into the codeline's digits (spaces and marks not counted) and the digits read and used.
        public let repair: (position: Int, read: Character, used: Character)?

        public static func == (lhs: Reading, rhs: Reading) -> Bool {
            lhs.codeline == rhs.codeline && lhs.repair?.position == rhs.repair?.position && lhs.repair?.used == rhs.repair?.used
        }
    }

    /// Reads a codeline as OCR delivers it (spaces anywhere, O for 0, › for >). When check digits
    /// fail, a single change of a commonly confused digit is made only if exactly one such change
    /// makes every check agree; otherwise the failing parts are reported.
    public static func read(_ text: String) -> Result<Reading, PaymentProblems> {
        guard let normalized = normalized(text) else { return .failure(PaymentProblems([PaymentProblem(.codeline, .wrongFormat)])) }
        let problems: [PaymentProblem]
        switch parse(normalized) {
        case .success(let codeline): return .success(Reading(codeline: codeline, repair: nil))
        case .failure(let found): problems = found.problems
        }
        guard problems.allSatisfy({ $0.kind == .checkDigit }) else { return .failure(PaymentProblems(problems)) }
        var repairs: [Reading] = []
        let characters = Array(normalized)
        var digitIndex = -1
        for (index, character) in characters.enumerated() where character.isNumber {
            digitIndex += 1
            for alternative in confusedWith[character] ?? [] {
                var changed = characters
                changed[index] = alternative
                if case .success(let codeline) = parse(String(changed)) {
                    repairs.append(Reading(codeline: codeline, repair: (digitIndex, character, alternative)))
                }
            }
        }
        if repairs.count == 1, let only = repairs.first { return .success(only) }
        return .failure(PaymentProblems(problems))
    }

    /// Digits OCR-B readings mix up, both ways.
    static let confusedWith: [Character: [Character]] = {
        let pairs: [(Character, Character)] = [
            ("0", "8"), ("0", "6"), ("0", "9"), ("1", "7"), ("1", "4"), ("2", "7"), ("3", "8"), ("3", "9"),
            ("5", "6"), ("5", "8"), ("6", "8"), ("8", "9"),
        ]
        var table: [Character: [Character]] = [:]
        for (a, b) in pairs {
            table[a, default: []].append(b)
            table[b, default: []].append(a)
        }
        return table
    }()

    /// Digits, ">" and "+" only; letters OCR puts for digits mapped back. Nil for other characters.
    static func normalized(_ text: String) -> String? {
        let lookalikes: [Character: Character] = [
            "O": "0", "o": "0", "D": "0", "Q": "0", "I": "1", "l": "1", "|": "1", "i": "1", "Z": "2", "S": "5", "B": "8",
            "›": ">", "»": ">",
        ]
        var result = ""
        for character in text where !character.isWhitespace {
            let mapped = lookalikes[character] ?? character
            guard mapped.isASCII, mapped.isNumber || mapped == ">" || mapped == "+" else { return nil }
            result.append(mapped)
        }
        return result.isEmpty ? nil : result
    }

    /// `head>reference+participant>` with every check.
    static func parse(_ text: String) -> Result<ESRCodeline, PaymentProblems> {
        let parts = text.split(separator: ">", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].isEmpty else { return .failure(PaymentProblems([PaymentProblem(.codeline, .wrongFormat)])) }
        let head = parts[0]
        let tail = parts[1].split(separator: "+", omittingEmptySubsequences: false)
        guard tail.count == 2, head.count == 3 || head.count == 13, tail[0].count == 27, tail[1].count == 9 else {
            return .failure(PaymentProblems([PaymentProblem(.codeline, .wrongFormat)]))
        }
        var problems: [PaymentProblem] = []
        guard let type = SlipType(rawValue: String(head.prefix(2))) else { return .failure(PaymentProblems([PaymentProblem(.slipType, .unknownType)])) }
        guard type.hasAmount == (head.count == 13) else { return .failure(PaymentProblems([PaymentProblem(.codeline, .wrongFormat)])) }
        if !Mod10Recursive.isValid(head) { problems.append(PaymentProblem(type.hasAmount ? .amount : .slipType, .checkDigit)) }
        let reference = QRReference.parse(String(tail[0]))
        if case .failure(let problem) = reference { problems.append(problem) }
        let participant = ParticipantNumber.parse(String(tail[1]))
        if case .failure(let problem) = participant { problems.append(problem) }
        guard problems.isEmpty, case .success(let qrReference) = reference, case .success(let number) = participant else {
            return .failure(PaymentProblems(problems))
        }
        var amount: Amount?
        if type.hasAmount, let cents = Int(head.dropFirst(2).prefix(10)) {
            amount = Amount(minorUnits: cents, decimals: 2)
        }
        return .success(ESRCodeline(type: type, amount: amount, reference: qrReference, participant: number))
    }
}
