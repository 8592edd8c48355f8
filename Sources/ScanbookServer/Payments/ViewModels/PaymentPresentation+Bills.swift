import Foundation
import ScanbookCore

extension PaymentPresentation {
    static func billsPage(_ context: ServiceContext, form: IssuedBillForm?, errors: [String]) async throws -> BillsView {
        let bills = try await IssuedBills.list(on: context)
        let accounts = try await PaymentAccountService.all(on: context)
        var values = form ?? IssuedBillForm()
        if form == nil, let last = bills.first, let creditor = try? last.decoded().creditor {
            values.account = last.$account.id
            (values.creditorName, values.creditorStreet, values.creditorBuildingNumber) = (creditor.name, creditor.street, creditor.buildingNumber)
            (values.creditorPostalCode, values.creditorTown, values.creditorCountry) = (creditor.postalCode, creditor.town, creditor.country)
            values.language = last.language
        }
        let chosenAccount = values.account ?? accounts.first(where: \.isDefault)?.id
        let language = values.language ?? String(context.locale.prefix(2))
        return BillsView(
            bills: try bills.map { bill in
                .init(number: bill.number, debtor: bill.debtorName ?? "", amount: amountText(bill.amountMinor, bill.currency, context),
                      paid: amountText(bill.paidMinor, bill.currency, context), state: bill.state.rawValue,
                      stateLabel: context.text("payments_billState_\(bill.state.rawValue)"), reference: referenceText(bill),
                      url: PaymentsURL.bill(id: try bill.requireID()).path)
            },
            form: values,
            accounts: accounts.map { SelectOption(value: $0.id?.uuidString ?? "", label: "\($0.name) · \(IBAN($0.iban)?.formatted ?? $0.iban)", selected: $0.id == chosenAccount) },
            languages: QRBill.Language.allCases.map { SelectOption(value: $0.rawValue, label: context.text("payments_billLanguage_\($0.rawValue)"), selected: $0.rawValue == language) },
            referenceTypes: [QRBill.ReferenceType.creditor, .none].map {
                SelectOption(value: $0.rawValue, label: context.text("payments_billReference_\($0.rawValue)"), selected: (values.referenceType ?? "SCOR") == $0.rawValue)
            },
            errors: errors
        )
    }

    static func billPage(_ bill: IssuedBill, _ context: ServiceContext) throws -> BillView {
        let id = try bill.requireID()
        return BillView(
            number: bill.number, state: bill.state.rawValue, stateLabel: context.text("payments_billState_\(bill.state.rawValue)"),
            amount: amountText(bill.amountMinor, bill.currency, context), paid: amountText(bill.paidMinor, bill.currency, context),
            reference: referenceText(bill), debtor: bill.debtorName ?? "",
            svgURL: PaymentsURL.billDocument(id: id, format: .svg).path, pdfURL: PaymentsURL.billDocument(id: id, format: .pdf).path,
            pngURL: PaymentsURL.billDocument(id: id, format: .png).path
        )
    }

    private static func amountText(_ minor: Int?, _ currency: String, _ context: ServiceContext) -> String {
        guard let minor else { return context.text("payments_billOpenAmount") }
        return "\(currency) \(Formatting.money(Amount(hundredths: minor), locale: context.locale))"
    }

    private static func referenceText(_ bill: IssuedBill) -> String {
        guard let reference = bill.reference, let type = QRBill.ReferenceType(rawValue: bill.referenceType) else { return bill.reference ?? "" }
        return QRBill.printed(reference: reference, type: type) ?? reference
    }
}
