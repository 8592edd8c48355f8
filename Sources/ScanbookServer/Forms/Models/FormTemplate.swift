import Fluent
import Foundation
import ScanbookCore
import Vapor

/// A form a teacher photographed once and marked up: regions and links (kept as the template
/// file's JSON, checked by Core's `FormTemplateFile.problems` whenever they change), the roster
/// as CSV, and the grade step. Pages are `FormPage` rows; sharing is `FormShare`.
final class FormTemplate: Model, @unchecked Sendable {
    static let schema = "form_templates"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "name") var name: String
    @Field(key: "description") var description: String
    /// `[FormRegion]` as JSON, in template order.
    @Field(key: "regions") var regionsJSON: String
    /// `[FormLink]` as JSON.
    @Field(key: "links") var linksJSON: String
    /// `studentNumber,name,group` CSV, checked on the way in.
    @OptionalField(key: "roster") var rosterCSV: String?
    /// Grades allowed, in tenths (5: steps of 0.5).
    @Field(key: "grade_step") var gradeStep: Int
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(ownerID: UUID, name: String, description: String) {
        self.$owner.id = ownerID
        self.name = name
        self.description = description
        self.regionsJSON = "[]"
        self.linksJSON = "[]"
        self.gradeStep = 5
    }

    /// Stored values were checked on the way in; a row that no longer decodes reads as empty
    /// rather than stopping the page.
    var regions: [FormRegion] { (try? JSONDecoder().decode([FormRegion].self, from: Data(regionsJSON.utf8))) ?? [] }
    var links: [FormLink] { (try? JSONDecoder().decode([FormLink].self, from: Data(linksJSON.utf8))) ?? [] }
    var roster: Roster? { rosterCSV.flatMap { try? Roster.parseCSV($0).get() } }
    /// 1, 2, 5 or 10 tenths.
    var checkedGradeStep: Int { [1, 2, 5, 10].contains(gradeStep) ? gradeStep : 5 }

    /// The template as Core sees it, with its pages' sizes.
    func file(pages: [FormPage]) -> FormTemplateFile {
        FormTemplateFile(
            name: name, description: description.isEmpty ? nil : description,
            pages: pages.map { FormTemplateFile.Page(image: "page\($0.number).jpg", width: $0.width, height: $0.height) },
            regions: regions, links: links, roster: rosterCSV == nil ? nil : "roster.csv"
        )
    }
}
