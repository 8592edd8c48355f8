import ScanbookCore

extension UserFacingError {
    /// A refused CSV import: each listed problem as `key` ("Line {line}: {reason}"), then how many
    /// more there were.
    init(csv problems: CSVTable.Problems, key: String) {
        var listed = problems.list.map { LocalizedProblem(key: key, arguments: ["line": "\($0.line)", "reason": $0.reason]) }
        if problems.unlisted > 0 { listed.append(LocalizedProblem(key: "csv_moreProblems", arguments: ["count": "\(problems.unlisted)"])) }
        self.init(.unprocessableEntity, listed)
    }
}
