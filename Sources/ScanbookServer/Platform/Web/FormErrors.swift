/// A refused form's problems as its page shows them: each one that names an input beside that
/// input (`fields`, keyed by the input's name; the page marks it and scrolls to the first), the
/// others above the form (`general`). A long form with its problems only at the top left people
/// searching 2,000 px below for the field meant.
struct FormErrors: Encodable, Sendable {
    var general: [String] = []
    var fields: [String: String] = [:]

    init(general: [String] = []) {
        self.general = general
    }

    init(_ error: UserFacingError, for wording: some Wording) {
        for problem in error.problems {
            let text = problem.text(in: wording)
            guard let field = problem.field else {
                general.append(text)
                continue
            }
            fields[field] = fields[field].map { "\($0) \(text)" } ?? text
        }
    }

    var isEmpty: Bool { general.isEmpty && fields.isEmpty }
}
