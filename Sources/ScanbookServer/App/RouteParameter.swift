import Foundation
import Vapor

/// The named parameters of route paths. The URL enums print a link with the id itself or, when a
/// route is registered, the pattern with this name; handlers read the value back by the same case,
/// so a name is written once.
enum RouteParameter: String, Sendable {
    case blob = "blobID", capture = "captureID", category = "categoryID", expense = "expenseID"
    case invitation = "invitationID", item = "itemID", keyword = "keywordID", list = "listID"
    case meter = "meterID", photo = "photoID", reading = "readingID", receipt = "receiptID"
    case token = "tokenID", user = "userID", account = "accountID", payment = "paymentID", file = "fileID"
    case entry = "entryID", template = "templateID", folder = "folderID"
    case page = "pageNumber", scan = "scanID", share = "shareID", region = "regionIndex"
    /// Not ids: an invited address, a month "2025-06", the secret of a password reset link.
    case email, month, resetToken
}

extension Optional where Wrapped == UUID {
    /// The id itself in a link, or the route parameter when registering the route.
    func pathComponent(_ parameter: RouteParameter) -> PathComponent {
        map { .constant($0.uuidString) } ?? .parameter(parameter.rawValue)
    }
}

extension Request {
    /// The id a route parameter names, nil when it is not a UUID (the handler answers 404).
    func id(_ parameter: RouteParameter) -> UUID? {
        parameters.get(parameter.rawValue, as: UUID.self)
    }

    /// A route parameter as text (`email`, `month`).
    func text(_ parameter: RouteParameter) -> String? {
        parameters.get(parameter.rawValue)
    }
}
