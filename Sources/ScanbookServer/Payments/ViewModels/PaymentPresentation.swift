import Fluent
import Foundation
import ScanbookCore
import Vapor

/// How payments read on their pages.
enum PaymentPresentation {
    /// `form` refills the form after a refusal or from a slip; without one the form starts from `start`.
    static func indexPage(_ context: ServiceContext, form: PaymentFormValues?, start: PaymentStart = PaymentStart(), slipNotes: [String] = [], slipPending: Bool = false, errors: [String]) async throws -> PaymentsIndexView {
        let accounts = try await PaymentAccountService.all(on: context)
        let pending = try await PaymentService.list(.pending, on: context)
        let executed = try await PaymentService.list(.executed, on: context)
        let booked = try await PaymentService.list(.booked, on: context)
        let rejected = try await PaymentService.list(.rejected, on: context)
        let ownerID = try context.requireUser().requireID()
        let files = try await PaymentFile.query(on: context.db).filter(\.$owner.$id == ownerID).sort(\.$createdAt, .descending).limit(50).all()
        var values: PaymentFormValues
        if let form { values = form } else { values = try await startingForm(context, start: start) ?? PaymentFormValues() }
        if values.debitAccount.isEmpty { values.debitAccount = accounts.first { $0.isDefault }?.id?.uuidString ?? "" }
        if values.executionDate.isEmpty { values.executionDate = context.today.description }
        return PaymentsIndexView(
            accounts: try accounts.map { account in
                .init(name: account.name, iban: IBAN(account.iban)?.formatted ?? account.iban, currency: account.currency,
                      isDefault: account.isDefault, deleteURL: PaymentsURL.deleteAccount(id: try account.requireID()).path)
            },
            favourites: try await favourites(context),
            pending: try pending.map { try row($0, context) }, executed: try executed.map { try row($0, context) },
            booked: try booked.map { try row($0, context) }, rejected: try rejected.map { try row($0, context) },
            files: try files.map { file in
                .init(label: context.text("payments_file_label", ["date": Formatting.date(file.executionDate, locale: context.locale), "count": "\(file.paymentCount)", "id": file.messageID]),
                      url: PaymentsURL.file(id: try file.requireID()).path)
            },
            form: values, kinds: kinds(values.kind, context), debitAccounts: debitAccounts(accounts, selected: values.debitAccount),
            referenceTypes: referenceTypes(values.referenceType, context), slipNotes: slipNotes, slipPending: slipPending, errors: errors,
            today: context.today.description, maxUpload: ByteCount(context.scanbookConfig.maxUploadBytes).description, links: .init()
        )
    }

    static func paymentPage(_ payment: Payment, _ context: ServiceContext, form: PaymentFormValues?, errors: [String]) async throws -> PaymentShowView {
        let accounts = try await PaymentAccountService.all(on: context)
        let values = form ?? Self.form(payment)
        let id = try payment.requireID()
        let userID = try context.requireUser().requireID()
        let canSign = try await PaymentSigning.authenticator(for: userID, on: context.db)?.isConfirmed ?? false
        let folders = try await PaymentTemplateService.folders(on: context)
        return PaymentShowView(
            payment: try row(payment, context),
            life: payment.life.map { step in
                .init(step: step.step.rawValue, label: context.text("payments_life_\(step.step.rawValue)"), done: step.done,
                      date: step.on.map { Formatting.date($0, locale: context.locale) } ?? "", detail: step.detail ?? "")
            },
            editable: payment.state == .pending, form: values,
            kinds: kinds(values.kind, context), debitAccounts: debitAccounts(accounts, selected: values.debitAccount),
            referenceTypes: referenceTypes(values.referenceType, context), rejectionReason: payment.rejectionReason, errors: errors,
            updateURL: PaymentsURL.payment(id: id).path, deleteURL: PaymentsURL.deletePayment(id: id).path,
            signURL: PaymentsURL.sign(id: id).path, saveAsTemplateURL: PaymentsURL.saveAsTemplate(id: id).path, canSign: canSign,
            contentDigest: payment.contentDigest,
            wrongCodes: try await wrongCodeNotes(context, only: .payment(id)),
            folderOptions: [SelectOption(value: "", label: context.text("payments_folder_none"), selected: true)]
                + folders.compactMap { folder in folder.id.map { SelectOption(value: $0.uuidString, label: folder.name, selected: false) } }
        )
    }

    static func row(_ payment: Payment, _ context: ServiceContext) throws -> PaymentRow {
        PaymentRow(
            url: PaymentsURL.payment(id: try payment.requireID()).path,
            beneficiary: payment.beneficiaryName.isEmpty ? payment.beneficiaryAccount : payment.beneficiaryName,
            account: accountText(payment.beneficiaryAccount),
            amount: "\(payment.currency) \(Formatting.money(payment.amount, locale: context.locale))",
            executionDate: Formatting.date(payment.executionDate, locale: context.locale),
            state: payment.state.rawValue, stateLabel: context.text("payments_state_\(payment.state.rawValue)"),
            awaitingSignature: payment.state == .pending && !payment.isReady(debitIBAN: payment.$debitAccount.value?.iban ?? ""),
            rejectionReason: payment.rejectionReason
        )
    }

    static func form(_ payment: Payment) -> PaymentFormValues {
        PaymentFormValues(
            kind: payment.kind, debitAccount: payment.$debitAccount.id.uuidString, beneficiaryName: payment.beneficiaryName,
            beneficiaryStreet: payment.beneficiaryStreet, beneficiaryBuildingNumber: payment.beneficiaryBuildingNumber,
            beneficiaryPostalCode: payment.beneficiaryPostalCode, beneficiaryTown: payment.beneficiaryTown, beneficiaryCountry: payment.beneficiaryCountry,
            beneficiaryAccount: payment.beneficiaryAccount, amount: payment.amount.description, currency: payment.currency,
            referenceType: payment.referenceType == "ESR" ? "QRR" : payment.referenceType, reference: payment.reference ?? "",
            message: payment.message ?? "", executionDate: payment.executionDate
        )
    }

    /// The form as the user sent it, for showing it again.
    static func form(_ input: PaymentForm) -> PaymentFormValues {
        func text(_ value: String?) -> String { String((value ?? "").prefix(PaymentForm.maximumFieldLength)) }
        return PaymentFormValues(
            kind: text(input.kind), debitAccount: input.debitAccount?.uuidString ?? "", beneficiaryName: text(input.beneficiaryName),
            beneficiaryStreet: text(input.beneficiaryStreet), beneficiaryBuildingNumber: text(input.beneficiaryBuildingNumber),
            beneficiaryPostalCode: text(input.beneficiaryPostalCode), beneficiaryTown: text(input.beneficiaryTown),
            beneficiaryCountry: text(input.beneficiaryCountry), beneficiaryAccount: text(input.beneficiaryAccount), amount: text(input.amount),
            currency: text(input.currency), referenceType: text(input.referenceType), reference: text(input.reference),
            message: text(input.message), executionDate: text(input.executionDate), from: text(input.from)
        )
    }

    /// What a finished slip reading shows: the first slip as the form's values with what was read,
    /// or no form and why (none found, or the slip fails its checks).
    static func slipForm(_ slips: [Slip], _ context: ServiceContext) -> (form: PaymentFormValues?, notes: [String]) {
        guard let slip = slips.first else { return (nil, [context.text("payments_slipNotFound")]) }
        guard slip.problems.isEmpty else {
            // In the user's language; a reading stored before problems kept their kind stays English.
            let problems = slip.problems.flatMap { problem in
                problem.paymentProblem.map { $0.localized.map { $0.text(in: context) } }
                    ?? ["\(problem.field): \(problem.message)" + (problem.correctedValue.map { " (\($0))" } ?? "")]
            }
            return (nil, [context.text("payments_slipInvalid")] + problems)
        }
        var notes = [context.text(slip.kind == .qrBill ? "payments_slipReadQR" : "payments_slipReadCodeline")]
        // A QR-bill's creditor is in its checked payload; an orange slip's was read from its print.
        if slip.kind == .esr, slip.creditor != nil { notes.append(context.text("payments_slipCreditorRead")) }
        notes += (slip.notes ?? []).compactMap(\.paymentProblem).flatMap { $0.localized.map { $0.text(in: context) } }
        if slip.notification { notes.append(context.text("payments_slipNotification")) }
        if slips.count > 1 { notes.append(context.text("payments_slipSeveral", ["count": "\(slips.count)"])) }
        return (form(slip, today: context.today), notes)
    }

    /// A slip read from a photo, as the form's values (the user completes and confirms them).
    static func form(_ slip: Slip, today: CalendarDate) -> PaymentFormValues {
        var values = PaymentFormValues()
        values.kind = slip.kind == .qrBill ? "qr-bill" : slip.kind == .esr ? "esr" : "red-slip"
        values.beneficiaryAccount = slip.account ?? ""
        if let creditor = slip.creditor {
            (values.beneficiaryName, values.beneficiaryStreet, values.beneficiaryBuildingNumber) = (creditor.name, creditor.street, creditor.buildingNumber)
            (values.beneficiaryPostalCode, values.beneficiaryTown, values.beneficiaryCountry) = (creditor.postalCode, creditor.town, creditor.country)
        }
        values.amount = slip.amount ?? ""
        values.currency = slip.currency ?? "CHF"
        values.referenceType = slip.referenceType == "ESR" ? "QRR" : (slip.referenceType ?? "NON")
        values.reference = slip.reference ?? ""
        values.message = slip.message ?? ""
        values.executionDate = today.description
        values.from = PaymentFavourites.scan
        return values
    }

    static func kinds(_ selected: String, _ context: ServiceContext) -> [SelectOption] {
        PaymentDraft.Kind.allCases.map { SelectOption(value: $0.rawValue, label: context.text("payments_kind_\($0.rawValue)"), selected: $0.rawValue == selected) }
    }

    static func debitAccounts(_ accounts: [PaymentAccount], selected: String) -> [SelectOption] {
        accounts.compactMap { account in
            account.id.map { SelectOption(value: $0.uuidString, label: "\(account.name) (\(account.currency))", selected: $0.uuidString == selected) }
        }
    }

    static func referenceTypes(_ selected: String, _ context: ServiceContext) -> [SelectOption] {
        ["QRR", "SCOR", "NON"].map { SelectOption(value: $0, label: context.text("payments_reference_\($0)"), selected: $0 == selected) }
    }
}
