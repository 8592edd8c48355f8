import Vapor

extension Request {
    /// A form's change, the way every page handles one: `body` makes the change (and may flash a
    /// message) and names the page to go to, which the browser is sent to (303, so a reload does not
    /// repeat it); when the change is refused (`UserFacingError`), `showAgain` renders the form's page
    /// with the problems and the refusal's status, and nothing was changed.
    func change(
        _ body: () async throws -> any SitePath,
        showAgain: (_ errors: [String], _ status: HTTPStatus) async throws -> Response
    ) async throws -> Response {
        do {
            return redirect(to: try await body().path, redirectType: .normal)
        } catch let error as UserFacingError {
            return try await showAgain(error.messages(for: self), error.status)
        }
    }
}

extension Request {
    /// `change(_:showAgain:)` for a form that shows each problem beside the input it names.
    func change(
        _ body: () async throws -> any SitePath,
        showForm: (_ errors: FormErrors, _ status: HTTPStatus) async throws -> Response
    ) async throws -> Response {
        do {
            return redirect(to: try await body().path, redirectType: .normal)
        } catch let error as UserFacingError {
            return try await showForm(FormErrors(error, for: self), error.status)
        }
    }
}
