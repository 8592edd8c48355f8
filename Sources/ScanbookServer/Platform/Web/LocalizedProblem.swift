import Vapor

/// A user-facing problem named by catalogue key, so the same failure reads in the user's language
/// on a web page and in an API response.
struct LocalizedProblem: Sendable, Equatable {
    let key: String
    var arguments: [String: String] = [:]
    /// Arguments that are catalogue keys themselves (a field's name), put in the same language.
    var localizedArguments: [String: String] = [:]
    /// The name of the form input the problem is about, so a page can show it beside that input.
    var field: String? = nil

    /// The sentence in the wording's language: a page's, an API request's, an XML request's.
    func text(in wording: some Wording) -> String {
        var all = arguments
        for (name, key) in localizedArguments { all[name] = wording.text(key, [:]) }
        return wording.text(key, all)
    }
}

/// Anything that puts a catalogue key into one language: a request (the user's language) or an
/// XML service's `<Language>` (`ServiceLanguage`).
protocol Wording {
    func text(_ key: String, _ arguments: [String: String]) -> String
}

extension Request: Wording {}

/// A request that cannot be carried out as asked; nothing was changed.
struct UserFacingError: Error, Sendable {
    let status: HTTPStatus
    let problems: [LocalizedProblem]
    var headers: HTTPHeaders = [:]

    init(_ status: HTTPStatus, _ problems: [LocalizedProblem], headers: HTTPHeaders = [:]) {
        self.status = status
        self.problems = problems
        self.headers = headers
    }

    init(_ status: HTTPStatus, _ key: String, _ arguments: [String: String] = [:]) {
        self.init(status, [LocalizedProblem(key: key, arguments: arguments)])
    }

    func messages(for wording: some Wording) -> [String] {
        problems.map { $0.text(in: wording) }
    }

    /// For callers that answer with an error instead of re-rendering a form.
    func abort(for request: Request) -> Abort {
        Abort(status, headers: headers, reason: messages(for: request).joined(separator: " "))
    }
}
