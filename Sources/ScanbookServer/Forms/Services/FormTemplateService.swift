import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Templates: creating, listing (own and shared), and every change to regions, links and roster,
/// each checked whole by Core (`FormTemplateFile.problems`) before it is stored.
enum FormTemplateService {
    static let maximumPages = 10
    static let maximumNameLength = 100
    static let maximumDescriptionLength = 1_000
    static let maximumRegions = 200

    /// The user's own templates and those shared with them, by name.
    static func all(on context: ServiceContext) async throws -> [(template: FormTemplate, access: FormAccess)] {
        let userID = try context.requireUser().requireID()
        let own = try await FormTemplate.query(on: context.db).filter(\.$owner.$id == userID).all()
        let shares = try await FormShare.query(on: context.db).filter(\.$user.$id == userID).with(\.$template).all()
        let all = own.map { ($0, FormAccess.owner) } + shares.map { ($0.template, $0.canEdit ? FormAccess.edit : .read) }
        return all.sorted { $0.0.name.localizedCaseInsensitiveCompare($1.0.name) == .orderedAscending }
    }

    /// Everything checked before the template is stored.
    static func create(name: String?, description: String?, gradeStep: Int? = nil, on context: ServiceContext) async throws -> FormTemplate {
        let ownerID = try context.requireUser().requireID()
        let template = FormTemplate(ownerID: ownerID, name: try checkedName(name), description: try checkedDescription(description))
        if let gradeStep { template.gradeStep = try checkedGradeStep(gradeStep) }
        try await template.create(on: context.db)
        return template
    }

    static func update(_ template: FormTemplate, name: String?, description: String?, gradeStep: Int?, on context: ServiceContext) async throws {
        template.name = try checkedName(name)
        template.description = try checkedDescription(description)
        if let gradeStep { template.gradeStep = try checkedGradeStep(gradeStep) }
        try await template.save(on: context.db)
    }

    private static func checkedGradeStep(_ step: Int) throws -> Int {
        guard [1, 2, 5, 10].contains(step) else { throw UserFacingError(.unprocessableEntity, "forms_gradeStepInvalid") }
        return step
    }

    static func pages(of template: FormTemplate, on database: any Database) async throws -> [FormPage] {
        try await FormPage.query(on: database).filter(\.$template.$id == template.requireID()).sort(\.$number).all()
    }

    /// A change to a template, one at a time per template (PostgreSQL: an advisory lock; SQLite
    /// writes one at a time anyway), on the template and its pages as they are now: two page
    /// uploads at once get pages N+1 and N+2, and regions saved meanwhile are not overwritten.
    static func changing<T: Sendable>(
        _ templateID: UUID, on context: ServiceContext, _ body: @escaping @Sendable (any Database, [FormPage], FormTemplate) async throws -> T
    ) async throws -> T {
        do {
            return try await context.db.writeTransaction { database in
                try await database.lockUntilCommit(templateID)
                guard let fresh = try await FormTemplate.find(templateID, on: database) else { throw Abort(.notFound) }
                let pages = try await FormPage.query(on: database).filter(\.$template.$id == templateID).sort(\.$number).all()
                return try await body(database, pages, fresh)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw UserFacingError(.conflict, "forms_pagesChanged")
        }
    }

    /// Replaces the regions; the links must still name existing regions of the right types.
    static func setRegions(_ regions: [FormRegion], of template: FormTemplate, on context: ServiceContext) async throws {
        guard regions.count <= maximumRegions else { throw UserFacingError(.unprocessableEntity, "forms_tooManyRegions", ["maximum": "\(maximumRegions)"]) }
        _ = try await changing(try template.requireID(), on: context) { database, pages, fresh in
            var file = fresh.file(pages: pages)
            file.regions = regions
            try check(file)
            fresh.regionsJSON = try json(regions)
            try await fresh.save(on: database)
            return true
        }
    }

    static func setLinks(_ links: [FormLink], of template: FormTemplate, on context: ServiceContext) async throws {
        _ = try await changing(try template.requireID(), on: context) { database, pages, fresh in
            var file = fresh.file(pages: pages)
            file.links = links
            try check(file)
            fresh.linksJSON = try json(links)
            try await fresh.save(on: database)
            return true
        }
    }

    static func setLinks(text: String, of template: FormTemplate, on context: ServiceContext) async throws {
        switch FormLinkText.parse(text) {
        case .success(let links): try await setLinks(links, of: template, on: context)
        case .failure(let found): throw problems(found.problems)
        }
    }

    /// An empty text removes the roster.
    static func setRoster(csv: String, of template: FormTemplate, on context: ServiceContext) async throws {
        let text = csv.trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.isEmpty, case .failure(let found) = Roster.parseCSV(text) { throw problems(found.problems) }
        template.rosterCSV = text.isEmpty ? nil : text + "\n"
        try await template.save(on: context.db)
    }

    /// The same class for another exam: a copy of a roster from a template the user may read (a
    /// copy, so editing one roster leaves the other as it was).
    static func copyRoster(from sourceID: UUID, to template: FormTemplate, on context: ServiceContext) async throws {
        let (source, _) = try await FormTemplate.find(sourceID, needing: .read, on: context)
        guard let roster = source.rosterCSV else { throw UserFacingError(.unprocessableEntity, "forms_rosterNone") }
        template.rosterCSV = roster
        try await template.save(on: context.db)
    }

    /// What the owner sees of one person the template is shared with: someone who accepted
    /// (`share`), or an address still invited (`invitation`).
    enum Sharing: Sendable {
        case share(FormShare, email: String)
        case invitation(FormInvitation)
    }

    /// Invites an address to the template, to read or to edit; inviting it again changes the access
    /// offered (or, once accepted, given). The answer is the same whether or not the address has an
    /// account: an invitation, accepted by whoever signs in with that address.
    static func share(_ template: FormTemplate, email rawEmail: String?, canEdit: Bool, on context: ServiceContext) async throws -> Sharing {
        guard let email = try? EmailAddress(rawEmail ?? "") else { throw UserFacingError(.unprocessableEntity, "forms_shareInvalidEmail") }
        let owner = try context.requireUser()
        guard email.value != owner.email else { throw UserFacingError(.unprocessableEntity, "forms_shareWithOwner") }
        let templateID = try template.requireID()
        return try await context.db.writeTransaction { database in
            try await database.lockUntilCommit(templateID)
            // Someone who accepted before: the owner saw them accept, so changing their access tells nothing new.
            if let share = try await FormShare.query(on: database).filter(\.$template.$id == templateID)
                .join(User.self, on: \FormShare.$user.$id == \User.$id).filter(User.self, \.$email == email.value).first() {
                share.canEdit = canEdit
                try await share.save(on: database)
                return .share(share, email: email.value)
            }
            if let invitation = try await FormInvitation.query(on: database).filter(\.$template.$id == templateID).filter(\.$email == email.value).first() {
                invitation.canEdit = canEdit
                try await invitation.save(on: database)
                return .invitation(invitation)
            }
            let invitation = FormInvitation(templateID: templateID, email: email.value, canEdit: canEdit)
            try await invitation.create(on: database)
            return .invitation(invitation)
        }
    }

    /// Everyone the template is shared with or offered to, accepted ones first.
    static func sharings(of template: FormTemplate, on database: any Database) async throws -> [Sharing] {
        let templateID = try template.requireID()
        let shares = try await FormShare.query(on: database).filter(\.$template.$id == templateID).with(\.$user).all()
        let invitations = try await FormInvitation.query(on: database).filter(\.$template.$id == templateID).sort(\.$createdAt).all()
        return shares.map { .share($0, email: $0.user.email) } + invitations.map { .invitation($0) }
    }

    /// Ends a share, or withdraws an invitation, by its id.
    static func unshare(_ template: FormTemplate, share id: UUID?, on context: ServiceContext) async throws {
        let templateID = try template.requireID()
        guard let id else { throw Abort(.notFound) }
        if let share = try await FormShare.query(on: context.db).filter(\.$id == id).filter(\.$template.$id == templateID).first() {
            try await share.delete(on: context.db)
        } else if let invitation = try await FormInvitation.query(on: context.db).filter(\.$id == id).filter(\.$template.$id == templateID).first() {
            try await invitation.delete(on: context.db)
        } else {
            throw Abort(.notFound)
        }
    }

    /// The template with its pages, shares, scans and their pages (photos go with the blob sweep).
    static func delete(_ template: FormTemplate, on context: ServiceContext) async throws {
        try await context.db.writeTransaction { database in
            let id = try template.requireID()
            let scans = try await FormScan.query(on: database).filter(\.$template.$id == id).all().compactMap(\.id)
            if !scans.isEmpty { try await FormScanPage.query(on: database).filter(\.$scan.$id ~~ scans).delete() }
            try await FormScan.query(on: database).filter(\.$template.$id == id).delete()
            try await FormShare.query(on: database).filter(\.$template.$id == id).delete()
            try await FormInvitation.query(on: database).filter(\.$template.$id == id).delete()
            try await FormPage.query(on: database).filter(\.$template.$id == id).delete()
            try await template.delete(on: database)
        }
    }

    static func check(_ file: FormTemplateFile) throws {
        let found = file.problems()
        guard found.isEmpty else { throw problems(found) }
    }

    /// Core's problems in the user's language (a roster row's or link line's own reason stays English).
    static func problems(_ problems: [FormProblem]) -> UserFacingError {
        UserFacingError(.unprocessableEntity, problems.prefix(10).map(\.localized))
    }

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    private static func checkedName(_ raw: String?) throws -> String {
        let name = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw UserFacingError(.unprocessableEntity, "forms_nameRequired") }
        guard !raw.exceedsDocumentedLength(maximumNameLength) else { throw UserFacingError(.unprocessableEntity, "forms_nameTooLong", ["maximum": "\(maximumNameLength)"]) }
        return name
    }

    private static func checkedDescription(_ raw: String?) throws -> String {
        let text = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !raw.exceedsDocumentedLength(maximumDescriptionLength) else { throw UserFacingError(.unprocessableEntity, "forms_descriptionTooLong", ["maximum": "\(maximumDescriptionLength)"]) }
        return text
    }
}
