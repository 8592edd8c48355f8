/// A scanned form's values checked again (after reading, and after each correction on the review
/// page): each value by its type's rule, the links, and the student found in the roster.
public struct FormReview: Equatable, Sendable {
    public struct Problem: Equatable, Sendable {
        public let region: String
        public let reason: String
    }

    /// The values as stored (normalized where the rule allows).
    public let values: [String: String]
    public let problems: [Problem]
    public let links: [FormCheck.LinkResult]
    public let student: Roster.Student?
    /// Every value valid, every link holds, and the student found when the template asks for one.
    public let ok: Bool

    public init(template: FormTemplateFile, values raw: [String: String], roster: Roster?, gradeStep: Int = 5) {
        var values: [String: String] = [:], problems: [Problem] = []
        for region in template.regions {
            let text = raw[region.name] ?? ""
            switch FormValueRules.normalize(text, type: region.type, gradeStep: gradeStep) {
            case .value(let normalized): values[region.name] = normalized
            case .invalid(let reason):
                values[region.name] = text
                problems.append(Problem(region: region.name, reason: reason))
            }
        }
        let student = Self.student(in: values, template: template, roster: roster)
        self.values = values
        self.problems = problems
        self.links = FormCheck.evaluate(template.links, values: values)
        self.student = student
        let asksForStudent = roster != nil && template.regions.contains { $0.type == .studentNumber || $0.type == .name }
        self.ok = problems.isEmpty && links.allSatisfy(\.ok) && (student != nil || !asksForStudent)
    }

    /// By the student number first, then by the closest roster name.
    public static func student(in values: [String: String], template: FormTemplateFile, roster: Roster?) -> Roster.Student? {
        guard let roster else { return nil }
        for region in template.regions where region.type == .studentNumber {
            if let student = roster.student(number: values[region.name] ?? "") { return student }
        }
        for region in template.regions where region.type == .name {
            if let match = roster.closestStudent(toName: values[region.name] ?? "") { return match.student }
        }
        return nil
    }
}

/// A template's results as a table: the CSV export (the region names in template order, then
/// `studentNumber,name,group,ok`) and the grade table.
public enum FormResultTable {
    public struct Row: Sendable {
        public let values: [String: String]
        public let student: Roster.Student?
        public let ok: Bool

        public init(values: [String: String], student: Roster.Student?, ok: Bool) {
            self.values = values
            self.student = student
            self.ok = ok
        }
    }

    public static func csv(_ template: FormTemplateFile, rows: [Row]) -> String {
        var table = CSVTable(header: template.regions.map(\.name) + ["studentNumber", "name", "group", "ok"])
        for row in rows {
            let cells: [CSVTable.Cell] = template.regions.map { .text(row.values[$0.name] ?? "") }
                + [.text(row.student?.studentNumber ?? ""), .text(row.student?.name ?? ""), .text(row.student?.group ?? ""), .text(row.ok ? "yes" : "no")]
            table.append(cells)
        }
        return table.text
    }

    public struct GradeRow: Equatable, Sendable {
        public let studentNumber: String
        public let name: String
        public let group: String
        public let points: String
        public let grade: String
        public let ok: Bool
    }

    /// One row per form, by name: points and grade from the grade-scale link (the first one), or
    /// from the first points and grade regions when the template has no scale.
    public static func grades(_ template: FormTemplateFile, rows: [Row]) -> [GradeRow] {
        var pointsRegion = template.regions.last { $0.type == .points }?.name
        var gradeRegion = template.regions.first { $0.type == .grade }?.name
        for link in template.links {
            if case .gradeScale(let points, let grade, _) = link { pointsRegion = points; gradeRegion = grade; break }
        }
        let numberRegion = template.regions.first { $0.type == .studentNumber }?.name
        let nameRegion = template.regions.first { $0.type == .name }?.name
        let groupRegion = template.regions.first { $0.type == .seminarGroup }?.name
        return rows.map { row in
            GradeRow(
                studentNumber: row.student?.studentNumber ?? numberRegion.flatMap { row.values[$0] } ?? "",
                name: row.student?.name ?? nameRegion.flatMap { row.values[$0] } ?? "",
                group: row.student?.group ?? groupRegion.flatMap { row.values[$0] } ?? "",
                points: pointsRegion.flatMap { row.values[$0] } ?? "",
                grade: gradeRegion.flatMap { row.values[$0] } ?? "",
                ok: row.ok
            )
        }.sorted { ($0.name, $0.studentNumber) < ($1.name, $1.studentNumber) }
    }
}
