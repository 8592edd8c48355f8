import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Builds the forms pages' view models from the records.
enum FormPresentation {
    static func index(_ context: ServiceContext, name: String = "", description: String = "", errors: [String]) async throws -> FormIndexView {
        var rows: [FormIndexView.Row] = []
        for (template, access) in try await FormTemplateService.all(on: context) {
            let id = try template.requireID()
            rows.append(FormIndexView.Row(
                name: template.name, url: FormsURL.template(id: id).path, access: context.text("forms_access_\(access.name)"),
                pages: try await FormPage.query(on: context.db).filter(\.$template.$id == id).count(),
                scans: try await FormScan.query(on: context.db).filter(\.$template.$id == id).count()
            ))
        }
        let invitations = try await FormInvitationService.pending(for: context).map { pending in
            FormIndexView.Invitation(
                text: context.text("forms_invitation", ["owner": pending.ownerName, "name": pending.templateName,
                                                        "access": context.text("forms_access_\(pending.invitation.canEdit ? "edit" : "read")")]),
                acceptAction: FormsURL.acceptInvitation(invitation: try pending.invitation.requireID()).path,
                declineAction: FormsURL.declineInvitation(invitation: try pending.invitation.requireID()).path
            )
        }
        return FormIndexView(templates: rows, invitations: invitations, createAction: FormsURL.index.path, importAction: FormsURL.importFolder.path,
                             name: name, description: description, errors: errors)
    }

    static func template(_ template: FormTemplate, access: FormAccess, _ context: ServiceContext, linksText: String? = nil, rosterText: String? = nil, errors: [String]) async throws -> FormTemplateView {
        let id = try template.requireID()
        let pages = try await FormTemplateService.pages(of: template, on: context.db)
        let regions = template.regions
        func types(_ selected: FormRegionType) -> [FormTemplateView.Option] {
            FormRegionType.allCases.map { .init(value: $0.rawValue, label: context.text("forms_type_\($0.rawValue)"), selected: $0 == selected) }
        }
        let pageViews = pages.map { page in
            FormTemplateView.PageView(
                number: page.number, imageURL: FormsURL.pageImage(id: id, page: page.number).path, photoURL: FormsURL.pagePhoto(id: id, page: page.number).path,
                width: page.width, height: page.height, corners: page.corners,
                retakeAction: FormsURL.page(id: id, page: page.number).path, cornersAction: FormsURL.pageCorners(id: id, page: page.number).path,
                deleteAction: FormsURL.deletePage(id: id, page: page.number).path,
                regions: regions.filter { $0.page == page.number }.map {
                    .init(name: $0.name, type: $0.type.rawValue, x: $0.rect.x, y: $0.rect.y, w: $0.rect.width, h: $0.rect.height, cells: $0.cells ?? 1)
                }
            )
        }
        let sharings = access == .owner ? try await FormTemplateService.sharings(of: template, on: context.db) : []
        let roster = template.roster
        return FormTemplateView(
            id: id.uuidString, name: template.name, description: template.description, access: context.text("forms_access_\(access.name)"),
            canEdit: access >= .edit, isOwner: access == .owner,
            gradeSteps: [(1, "0.1"), (2, "0.2"), (5, "0.5"), (10, "1.0")].map { .init(value: "\($0.0)", label: $0.1, selected: $0.0 == template.checkedGradeStep) },
            updateAction: FormsURL.template(id: id).path, deleteAction: FormsURL.delete(id: id).path, addPageAction: FormsURL.pages(id: id).path,
            pages: pageViews, regionsAction: FormsURL.regions(id: id).path,
            regions: regions.map { .init(name: $0.name, types: types($0.type), page: $0.page, x: $0.rect.x, y: $0.rect.y, w: $0.rect.width, h: $0.rect.height, cells: $0.cells.map(String.init) ?? "") },
            newRegionTypes: types(.unknown),
            linksAction: FormsURL.links(id: id).path, linksText: linksText ?? FormLinkText.format(template.links),
            rosterAction: FormsURL.roster(id: id).path, rosterText: rosterText ?? template.rosterCSV ?? "", rosterCount: roster?.students.count ?? 0,
            rosterSources: try await FormTemplateService.all(on: context).compactMap { other in
                guard other.template.id != id, let csv = other.template.rosterCSV else { return nil }
                let count = (try? Roster.parseCSV(csv).get())?.students.count ?? 0
                return .init(value: try other.template.requireID().uuidString, label: "\(other.template.name) (\(count))", selected: false)
            },
            shareAction: FormsURL.shares(id: id).path,
            shares: try sharings.map { sharing in
                let dto = try FormShareDTO(sharing)
                let access = context.text("forms_access_\(dto.access)")
                return .init(email: dto.email, access: dto.state == "invited" ? context.text("forms_invited_state", ["access": access]) : access,
                             deleteAction: FormsURL.deleteShare(id: id, share: dto.id).path)
            },
            scansURL: FormsURL.scans(id: id).path, scanAction: FormsURL.scans(id: id).path, pageCount: pages.count,
            exportURL: FormsURL.export(id: id).path, errors: errors
        )
    }

    static func scans(_ template: FormTemplate, access: FormAccess, _ context: ServiceContext, errors: [String]) async throws -> FormScansView {
        let id = try template.requireID()
        // One query and one review per scan serve both the table and the grades.
        let file = template.file(pages: try await FormTemplateService.pages(of: template, on: context.db))
        let scans = try await FormScanService.all(of: template, on: context.db)
        let reviewed = scans.map { (scan: $0, review: FormScanService.review($0, file: file, template: template)) }
        let regions = template.regions
        return FormScansView(
            name: template.name, templateURL: FormsURL.template(id: id).path, canEdit: access >= .edit, scanAction: FormsURL.scans(id: id).path,
            pageCount: file.pages.count, csvURL: FormsURL.resultsCSV(id: id).path, columns: regions.map(\.name),
            rows: try reviewed.map { scan, review in
                .init(url: FormsURL.scan(id: id, scan: try scan.requireID()).path, values: regions.map { review.values[$0.name] ?? "" },
                      student: review.student.map { "\($0.name) (\($0.studentNumber))" } ?? "",
                      state: context.text("forms_state_\(scan.state.rawValue)"), ok: scan.state == .read && review.ok,
                      reading: scan.state == .reading, reviewed: scan.reviewed)
            },
            grades: FormResultTable.grades(file, rows: FormScanService.rows(reviewed)).map { .init(studentNumber: $0.studentNumber, name: $0.name, group: $0.group, points: $0.points, grade: $0.grade, ok: $0.ok) },
            pending: scans.filter { $0.state == .reading }.count,
            pendingNote: context.text("forms_scans_pending", ["count": "\(scans.filter { $0.state == .reading }.count)"]), errors: errors
        )
    }

    static func scan(_ scan: FormScan, of template: FormTemplate, access: FormAccess, _ context: ServiceContext, typed: [String: String]? = nil, errors: [String]) async throws -> FormScanView {
        let id = try template.requireID(), scanID = try scan.requireID()
        let file = template.file(pages: try await FormTemplateService.pages(of: template, on: context.db))
        let review = FormScanService.review(scan, file: file, template: template)
        let read = Dictionary((scan.reading?.result.regions ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let failing = Set(review.links.filter { !$0.ok }.flatMap(\.regions) + review.problems.map(\.region))
        let values = typed ?? scan.values
        return FormScanView(
            templateName: template.name, backURL: FormsURL.scans(id: id).path, canEdit: access >= .edit, state: scan.state.rawValue,
            saveAction: FormsURL.scan(id: id, scan: scanID).path, deleteAction: FormsURL.deleteScan(id: id, scan: scanID).path,
            regions: template.regions.enumerated().map { index, region in
                let reading = read[region.name]
                return .init(
                    name: region.name, type: context.text("forms_type_\(region.type.rawValue)"), value: values[region.name] ?? "",
                    read: reading?.value ?? "", confidence: reading.map { "\(percent($0.confidence)) %" } ?? "",
                    unsure: (reading?.confidence ?? 1) < 0.8, chosenByLinks: reading?.chosenByLinks ?? false, failing: failing.contains(region.name),
                    cropURL: FormsURL.regionCrop(id: id, scan: scanID, region: index).path
                )
            },
            links: review.links.map { .init(ok: $0.ok, message: $0.ok ? $0.regions.joined(separator: ", ") + " ✓" : $0.message) },
            student: review.student.map { "\($0.name) (\($0.studentNumber)\($0.group.isEmpty ? "" : ", " + $0.group))" } ?? "",
            ok: review.ok, reviewed: scan.reviewed, errors: errors
        )
    }

    /// 0–100 from a stored 0–1 (a damaged row shows 0, never traps).
    static func percent(_ share: Double) -> Int {
        share.isFinite ? Int((min(max(share, 0), 1) * 100).rounded()) : 0
    }
}
