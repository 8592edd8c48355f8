import ScanbookCore

/// The payment parsers: account numbers, references, slip codelines and QR-bill payloads.
enum PaymentTargets {
    static let all: [FuzzTarget] = [
        FuzzTarget("IBAN, references, participant numbers", seeds: ["CH93 0076 2011 6238 5295 7", "RF18 5390 0754 7034", "21 00000 00003 13947 14300 09017", "01-162-8"]) { input, _ in
            let text = FuzzTarget.text(input)
            if let iban = IBAN(text), IBAN(iban.formatted) != iban { return "IBAN \(iban) does not read back from \(iban.formatted)" }
            if let reference = CreditorReference(text), CreditorReference(reference.formatted) != reference { return "RF \(reference) does not read back" }
            if let reference = QRReference(text), reference.digits.count != 27 { return "QR reference \(reference) is not 27 digits" }
            if let number = ParticipantNumber(text), ParticipantNumber(number.formatted) != number { return "participant \(number) does not read back" }
            return nil
        },
        FuzzTarget("ESRCodeline.read", seeds: ["0100003949753>120000000000234478943216899+ 010001628>", "042>210000000003139471430009017+ 010001628>"]) { input, _ in
            guard case .success(let reading) = ESRCodeline.read(FuzzTarget.text(input)) else { return nil }
            // Whatever was read (or repaired) must itself read back unchanged.
            guard case .success(let again) = ESRCodeline.read(reading.codeline.text), again.repair == nil, again.codeline == reading.codeline else {
                return "codeline \(reading.codeline.text) does not read back"
            }
            return nil
        },
        FuzzTarget("QRBill.decode", seeds: [
            "SPC\n0200\n1\nCH4431999123000889012\nS\nRobert Schneider AG\nRue du Lac\n1268\n2501\nBiel\nCH\n\n\n\n\n\n\n\n1949.75\nCHF\n\n\n\n\n\n\n\nQRR\n210000000003139471430009017\n\nEPD",
        ]) { input, _ in
            guard case .success(let bill) = QRBill.decode(FuzzTarget.text(input)) else { return nil }
            guard case .success(let again) = QRBill.decode(bill.payload), again == bill else { return "bill does not survive encode → decode" }
            if let amount = bill.amount, amount.hundredths > QRBill.maximumHundredths || amount.hundredths < 0 { return "amount \(amount) out of range" }
            return nil
        },
        FuzzTarget("PaymentDraft.check", seeds: ["CH9300762011623852957", "1'949.75", "RF18539007547034", "2026-11-26"]) { input, maker in
            let text = FuzzTarget.text(input)
            let kind = PaymentDraft.Kind.allCases.randomElement(using: &maker.random) ?? .bank
            let draft = PaymentDraft(
                kind: kind, debitAccount: Bool.random(using: &maker.random) ? "CH9300762011623852957" : text,
                beneficiaryAccount: Bool.random(using: &maker.random) ? "CH4431999123000889012" : text,
                amount: Bool.random(using: &maker.random) ? "12.50" : text, referenceType: ["QRR", "SCOR", "NON", text].randomElement(using: &maker.random) ?? "",
                reference: text, message: text, executionDate: Bool.random(using: &maker.random) ? "2026-11-26" : text
            )
            guard let today = CalendarDate(iso: "2026-11-25"), case .success(let payment) = draft.check(today: today) else { return nil }
            return (1...QRBill.maximumHundredths).contains(payment.amount.hundredths) ? nil : "amount \(payment.amount) accepted"
        },
    ]
}
