/// Why a template, a roster or a value is refused; the server words it in the user's language.
public enum FormProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case nameMissing
    case duplicateRegion(String)
    case regionNameMissing
    case regionNameInvalid(String)
    case pageOutOfRange(region: String, page: Int)
    case rectInvalid(region: String)
    case cellsOutOfRange(region: String)
    case unknownRegion(String)
    case linkNeedsRegions(String)
    case wrongRegionType(region: String, expected: FormRegionType)
    case gradeScaleEmpty
    case gradeScaleNotAscending
    case gradeOutOfRange(Int)
    case rosterHeader
    case rosterRow(line: Int, reason: String)
    case duplicateStudent(String)
    case linkLine(line: Int, reason: String)

    public var description: String {
        switch self {
        case .nameMissing: "the template has no name"
        case .duplicateRegion(let name): "two regions are named \(name)"
        case .regionNameMissing: "a region has no name"
        case .regionNameInvalid(let name): "region name \(name) is not one word of letters, digits, _ - and ."
        case .pageOutOfRange(let region, let page): "region \(region) is on page \(page), which the template does not have"
        case .rectInvalid(let region): "region \(region) has no area or lies outside its page"
        case .cellsOutOfRange(let region): "region \(region) must have 1 to 40 cells"
        case .unknownRegion(let name): "a link names region \(name), which does not exist"
        case .linkNeedsRegions(let kind): "a \(kind) link needs at least two regions"
        case .wrongRegionType(let region, let expected): "region \(region) must be of type \(expected.rawValue)"
        case .gradeScaleEmpty: "the grade scale has no steps"
        case .gradeScaleNotAscending: "the grade scale's points must rise from step to step"
        case .gradeOutOfRange(let tenths): "grade \(Double(tenths) / 10) is outside 1.0–6.0"
        case .rosterHeader: "the roster's header must be studentNumber,name,group"
        case .rosterRow(let line, let reason): "roster line \(line): \(reason)"
        case .duplicateStudent(let number): "student number \(number) appears twice in the roster"
        case .linkLine(let line, let reason): "link line \(line): \(reason)"
        }
    }
}

/// Several problems found at once (a roster's rows).
public struct FormProblems: Error, Equatable, Sendable {
    public let problems: [FormProblem]

    public init(_ problems: [FormProblem]) {
        self.problems = problems
    }
}
