import Vapor

/// A user-facing problem named by catalogue key, so the same failure reads in the user's language
/// on a web page and in an API response.
struct LocalizedProblem: Sendable, Equatable {
    let key: String
    var arguments: [String: String] = [:]
}

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

    func messages(for request: Request) -> [String] {
        problems.map { request.text($0.key, $0.arguments) }
    }

    /// For callers that answer with an error instead of re-rendering a form.
    func abort(for request: Request) -> Abort {
        Abort(status, headers: headers, reason: messages(for: request).joined(separator: " "))
    }
}
