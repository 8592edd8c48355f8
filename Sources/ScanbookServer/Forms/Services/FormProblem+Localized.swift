import ScanbookCore

extension FormProblem {
    /// The problem in the user's language (the command line prints Core's English `description`).
    var localized: LocalizedProblem {
        switch self {
        case .nameMissing: LocalizedProblem(key: "forms_nameRequired")
        case .duplicateRegion(let name): LocalizedProblem(key: "forms_problem_duplicateRegion", arguments: ["region": name])
        case .regionNameMissing: LocalizedProblem(key: "forms_problem_regionNameMissing")
        case .regionNameInvalid(let name): LocalizedProblem(key: "forms_problem_regionNameInvalid", arguments: ["region": name])
        case .pageOutOfRange(let region, let page): LocalizedProblem(key: "forms_problem_pageOutOfRange", arguments: ["region": region, "page": "\(page)"])
        case .rectInvalid(let region): LocalizedProblem(key: "forms_problem_rectInvalid", arguments: ["region": region])
        case .cellsOutOfRange(let region): LocalizedProblem(key: "forms_problem_cellsOutOfRange", arguments: ["region": region])
        case .unknownRegion(let name): LocalizedProblem(key: "forms_problem_unknownRegion", arguments: ["region": name])
        case .linkNeedsRegions(let kind): LocalizedProblem(key: "forms_problem_linkNeedsRegions", arguments: ["kind": kind])
        case .wrongRegionType(let region, let expected):
            LocalizedProblem(key: "forms_problem_wrongRegionType", arguments: ["region": region, "type": expected.rawValue])
        case .gradeScaleEmpty: LocalizedProblem(key: "forms_problem_gradeScaleEmpty")
        case .gradeScaleNotAscending: LocalizedProblem(key: "forms_problem_gradeScaleNotAscending")
        case .gradeOutOfRange(let tenths): LocalizedProblem(key: "forms_problem_gradeOutOfRange", arguments: ["grade": FormValueRules.formatGrade(tenths)])
        case .rosterHeader: LocalizedProblem(key: "forms_problem_rosterHeader")
        case .rosterRow(let line, let reason): LocalizedProblem(key: "forms_problem_rosterRow", arguments: ["line": "\(line)", "reason": reason])
        case .duplicateStudent(let number): LocalizedProblem(key: "forms_problem_duplicateStudent", arguments: ["number": number])
        case .linkLine(let line, let reason): LocalizedProblem(key: "forms_problem_linkLine", arguments: ["line": "\(line)", "reason": reason])
        }
    }
}
