import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Templates in one level of folders: kept fields for payments made again. The fields typed are
/// checked as far as they go (an account, an amount); a payment made from one is checked whole.
enum PaymentTemplateService {
    static let maximumNameLength = 70
    static let shown = 500

    /// `folder`: only that folder's ("none": those in no folder); `name`: containing this text.
    static func list(folder: String?, name: String?, on context: ServiceContext) async throws -> [PaymentTemplate] {
        let ownerID = try context.requireUser().requireID()
        var query = PaymentTemplate.query(on: context.db).filter(\.$owner.$id == ownerID)
        if folder == "none" {
            query = query.filter(\.$folder.$id == nil)
        } else if let folder, !folder.isEmpty {
            guard let id = UUID(uuidString: folder) else { throw UserFacingError(.badRequest, "payments_folderUnknown") }
            query = query.filter(\.$folder.$id == id)
        }
        let templates = try await query.sort(\.$name).limit(shown).all()
        let needle = (name ?? "").trimmingCharacters(in: .whitespaces).prefix(maximumNameLength)
        guard !needle.isEmpty else { return templates }
        return templates.filter { $0.name.localizedCaseInsensitiveContains(needle) || $0.beneficiaryName.localizedCaseInsensitiveContains(needle) }
    }

    static func folders(on context: ServiceContext) async throws -> [PaymentTemplateFolder] {
        let ownerID = try context.requireUser().requireID()
        return try await PaymentTemplateFolder.query(on: context.db).filter(\.$owner.$id == ownerID).sort(\.$name).all()
    }

    static func addFolder(_ form: FolderForm, on context: ServiceContext) async throws -> PaymentTemplateFolder {
        let ownerID = try context.requireUser().requireID()
        let name = try checkedName(form.name, missing: "payments_folderNameRequired")
        let folder = PaymentTemplateFolder(ownerID: ownerID, name: name)
        do {
            try await folder.create(on: context.db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw UserFacingError(.conflict, "payments_folderExists", ["name": name])
        }
        return folder
    }

    /// The folder's templates stay, outside any folder.
    static func deleteFolder(_ folder: PaymentTemplateFolder, on context: ServiceContext) async throws {
        let folderID = try folder.requireID()
        try await context.db.writeTransaction { database in
            try await PaymentTemplate.query(on: database).filter(\.$folder.$id == folderID).set(\.$folder.$id, to: nil).update()
            try await folder.delete(on: database)
        }
    }

    static func save(_ form: TemplateForm, into template: PaymentTemplate? = nil, on context: ServiceContext) async throws -> PaymentTemplate {
        let ownerID = try context.requireUser().requireID()
        let before = try template.map(PaymentTemplateDTO.init)
        let template = template ?? PaymentTemplate()
        template.$owner.id = ownerID
        var problems: [LocalizedProblem] = []
        do { template.name = try checkedName(form.name, missing: "payments_templateNameRequired") } catch let error as UserFacingError { problems += error.problems }
        let text = PaymentForm.field
        template.kind = try PaymentForm.checkedKind(form.kind).rawValue
        template.$folder.id = nil
        if let text = form.folder, !text.isEmpty {
            guard let folderID = UUID(uuidString: text), try await PaymentTemplateFolder.query(on: context.db).filter(\.$id == folderID).filter(\.$owner.$id == ownerID).count() == 1 else {
                throw UserFacingError(.unprocessableEntity, "payments_folderUnknown")
            }
            template.$folder.id = folderID
        }
        template.$debitAccount.id = nil
        if let text = form.debitAccount, !text.isEmpty {
            guard let accountID = UUID(uuidString: text), try await PaymentAccount.owned(accountID, by: context) != nil else { throw UserFacingError(.unprocessableEntity, "payments_accountRequired") }
            template.$debitAccount.id = accountID
        }
        (template.beneficiaryName, template.beneficiaryStreet, template.beneficiaryBuildingNumber) = (text(form.beneficiaryName), text(form.beneficiaryStreet), text(form.beneficiaryBuildingNumber))
        (template.beneficiaryPostalCode, template.beneficiaryTown) = (text(form.beneficiaryPostalCode), text(form.beneficiaryTown))
        template.beneficiaryCountry = text(form.beneficiaryCountry).uppercased()
        template.beneficiaryAccount = text(form.beneficiaryAccount)
        if !template.beneficiaryAccount.isEmpty {
            switch PaymentDraft.storedAccount(template.beneficiaryAccount) {
            case .success(let stored): template.beneficiaryAccount = stored
            case .failure(let problem): problems += PaymentProblems.localized([problem])
            }
        }
        template.amount = text(form.amount)
        if !template.amount.isEmpty {
            if let amount = Amount(typed: template.amount), amount.hundredths > 0, amount.hundredths <= QRBill.maximumHundredths {
                template.amount = Amount(minorUnits: amount.hundredths, decimals: 2).description
            } else {
                problems += PaymentProblems.localized([PaymentProblem(.amount, .wrongFormat)])
            }
        }
        template.currency = text(form.currency).isEmpty ? "CHF" : String(text(form.currency).uppercased().prefix(3))
        template.referenceType = text(form.referenceType).uppercased()
        template.reference = text(form.reference)
        template.message = String(text(form.message).prefix(140))
        guard problems.isEmpty else { throw UserFacingError(.unprocessableEntity, problems) }
        return try await context.db.writeTransaction { database in
            try await template.save(on: database)
            guard let written = try await PaymentTemplate.find(try template.requireID(), on: database) else { throw Abort(.notFound) }
            try await AuditLog.record(before == nil ? "template.create" : "template.update", subject: "template \(try written.requireID())",
                                      before: before, after: try PaymentTemplateDTO(written), on: database, context: context)
            return written
        }
    }

    /// "Save this payment as a template".
    static func save(_ payment: Payment, name: String?, folder: String?, on context: ServiceContext) async throws -> PaymentTemplate {
        var form = TemplateForm(name: name, folder: folder)
        form.kind = payment.kind
        form.debitAccount = payment.$debitAccount.id.uuidString
        (form.beneficiaryName, form.beneficiaryStreet, form.beneficiaryBuildingNumber) = (payment.beneficiaryName, payment.beneficiaryStreet, payment.beneficiaryBuildingNumber)
        (form.beneficiaryPostalCode, form.beneficiaryTown, form.beneficiaryCountry) = (payment.beneficiaryPostalCode, payment.beneficiaryTown, payment.beneficiaryCountry)
        form.beneficiaryAccount = payment.beneficiaryAccount
        form.amount = payment.amount.description
        form.currency = payment.currency
        form.referenceType = payment.referenceType == "ESR" ? "QRR" : payment.referenceType
        form.reference = payment.reference
        form.message = payment.message
        return try await save(form, on: context)
    }

    static func delete(_ template: PaymentTemplate, on context: ServiceContext) async throws {
        let key = PaymentFavourites.templateKey(try template.requireID())
        let ownerID = template.$owner.id
        try await context.db.writeTransaction { database in
            try await PaymentFavourite.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$key == key).delete()
            guard let row = try await PaymentTemplate.find(try template.requireID(), on: database) else { throw Abort(.notFound) }
            try await row.delete(on: database)
            try await AuditLog.record("template.delete", subject: "template \(try row.requireID())", before: try PaymentTemplateDTO(row),
                                      after: Optional<PaymentTemplateDTO>.none, on: database, context: context)
        }
    }

    private static func checkedName(_ name: String?, missing: String) throws -> String {
        let trimmed = (name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { throw UserFacingError(.unprocessableEntity, missing) }
        if name.exceedsDocumentedLength(maximumNameLength) { throw UserFacingError(.unprocessableEntity, "field_tooLong", ["maximum": "\(maximumNameLength)"]) }
        return trimmed
    }
}
