import Fluent
import Foundation
import ScanbookCore
import Vapor

extension PaymentPresentation {
    static func templatesPage(_ context: ServiceContext, filter: TemplateFilter, editing: PaymentTemplate?, form: TemplateForm?, errors: [String]) async throws -> TemplatesView {
        let folderFilter = filter.folder
        let nameFilter = filter.q ?? ""
        let folders = try await PaymentTemplateService.folders(on: context)
        let templates = try await PaymentTemplateService.list(folder: folderFilter, name: nameFilter, on: context)
        let folderNames = Dictionary(folders.compactMap { folder in folder.id.map { ($0, folder.name) } }, uniquingKeysWith: { first, _ in first })
        let accounts = try await PaymentAccountService.all(on: context)
        var values = editing.map(Self.form) ?? PaymentFormValues()
        var name = editing?.name ?? ""
        var folder = editing?.$folder.id?.uuidString ?? ""
        if let form {
            values = Self.form(PaymentForm(template: form))
            name = String((form.name ?? "").prefix(PaymentTemplateService.maximumNameLength))
            folder = form.folder ?? ""
        }
        return TemplatesView(
            templates: try templates.map { template in
                let id = try template.requireID()
                return .init(
                    name: template.name,
                    detail: [template.beneficiaryName, accountText(template.beneficiaryAccount), template.amount.isEmpty ? "" : "\(template.currency) \(template.amount)"]
                        .filter { !$0.isEmpty }.joined(separator: " · "),
                    folder: template.$folder.id.flatMap { folderNames[$0] } ?? "",
                    useURL: PaymentsURL.index.path + "?template=\(id.uuidString)#new-payment",
                    editURL: PaymentsURL.template(id: id).path, deleteURL: PaymentsURL.deleteTemplate(id: id).path
                )
            },
            folders: try folders.map { item in
                let id = try item.requireID()
                return .init(name: item.name, filterURL: PaymentsURL.templates.path + "?folder=\(id.uuidString)",
                             deleteURL: PaymentsURL.deleteFolder(id: id).path, selected: folderFilter == id.uuidString)
            },
            folderOptions: [SelectOption(value: "", label: context.text("payments_folder_none"), selected: folder.isEmpty)]
                + folders.compactMap { item in item.id.map { SelectOption(value: $0.uuidString, label: item.name, selected: $0.uuidString == folder) } },
            query: String(nameFilter.prefix(PaymentTemplateService.maximumNameLength)), selectedFolder: folderFilter ?? "",
            form: values, name: name,
            saveURL: editing?.id.map { PaymentsURL.template(id: $0).path } ?? PaymentsURL.templates.path, editing: editing != nil,
            kinds: kinds(values.kind, context), debitAccounts: debitAccounts(accounts, selected: values.debitAccount),
            referenceTypes: referenceTypes(values.referenceType, context), errors: errors
        )
    }

    static func form(_ template: PaymentTemplate) -> PaymentFormValues {
        var values = PaymentFormValues()
        values.kind = template.kind
        values.debitAccount = template.$debitAccount.id?.uuidString ?? ""
        (values.beneficiaryName, values.beneficiaryStreet, values.beneficiaryBuildingNumber) = (template.beneficiaryName, template.beneficiaryStreet, template.beneficiaryBuildingNumber)
        (values.beneficiaryPostalCode, values.beneficiaryTown, values.beneficiaryCountry) = (template.beneficiaryPostalCode, template.beneficiaryTown, template.beneficiaryCountry)
        values.beneficiaryAccount = template.beneficiaryAccount
        values.amount = template.amount
        values.currency = template.currency
        values.referenceType = template.referenceType.isEmpty ? "NON" : template.referenceType
        values.reference = template.reference
        values.message = template.message
        if let id = template.id { values.from = PaymentFavourites.templateKey(id) }
        return values
    }

    static func form(_ entry: WhitelistEntry) -> PaymentFormValues {
        var values = PaymentFormValues()
        values.kind = entry.account.count == 9 ? PaymentDraft.Kind.esr.rawValue : PaymentDraft.Kind.bank.rawValue
        let address = entry.address
        (values.beneficiaryName, values.beneficiaryStreet, values.beneficiaryBuildingNumber) = (address.name, address.street, address.buildingNumber)
        (values.beneficiaryPostalCode, values.beneficiaryTown, values.beneficiaryCountry) = (address.postalCode, address.town, address.country)
        values.beneficiaryAccount = entry.account
        return values
    }

    /// The values `?template=`, `?whitelist=` or `?kind=` start the new-payment form with.
    static func startingForm(_ context: ServiceContext, start: PaymentStart) async throws -> PaymentFormValues? {
        if let id = start.template {
            return form(try await PaymentTemplate.find(id, ownedBy: context))
        }
        if let id = start.whitelist {
            return form(try await WhitelistService.find(id, on: context))
        }
        if let kind = start.kind.flatMap(PaymentDraft.Kind.init(rawValue:)) {
            var values = PaymentFormValues()
            values.kind = kind.rawValue
            return values
        }
        return nil
    }

    static func favourites(_ context: ServiceContext) async throws -> [FavouriteTile] {
        let ownerID = try context.requireUser().requireID()
        return try await PaymentFavourites.ordered(ownerID: ownerID, on: context.db).map { entry in
            let (label, url): (String, String)
            if let template = entry.template, let id = template.id {
                (label, url) = (template.name, PaymentsURL.index.path + "?template=\(id.uuidString)#new-payment")
            } else if entry.key == PaymentFavourites.scan {
                (label, url) = (context.text("payments_favourite_scan"), PaymentsURL.index.path + "#slip")
            } else {
                let kind = String(entry.key.dropFirst("kind:".count))
                (label, url) = (context.text("payments_kind_\(kind)"), PaymentsURL.index.path + "?kind=\(kind)#new-payment")
            }
            return FavouriteTile(key: entry.key, label: label, url: url, uses: entry.uses, pinned: entry.pinned)
        }
    }
}

extension PaymentForm {
    /// A template's fields in a payment form's shape (for showing them in the same fields).
    init(template: TemplateForm) {
        self.init(
            kind: template.kind, debitAccount: template.debitAccount.flatMap(UUID.init(uuidString:)), beneficiaryName: template.beneficiaryName,
            beneficiaryStreet: template.beneficiaryStreet, beneficiaryBuildingNumber: template.beneficiaryBuildingNumber,
            beneficiaryPostalCode: template.beneficiaryPostalCode, beneficiaryTown: template.beneficiaryTown,
            beneficiaryCountry: template.beneficiaryCountry, beneficiaryAccount: template.beneficiaryAccount, amount: template.amount,
            currency: template.currency, referenceType: template.referenceType, reference: template.reference, message: template.message,
            executionDate: nil
        )
    }
}
