import Foundation
import Vapor

/// The kind of a module's record another module may act on. The owning module names its kinds
/// (`extension RecordKind { static let receipt = … }`); nothing shared gains a case per module.
struct RecordKind: RawRepresentable, Hashable, Sendable {
    let rawValue: String
    init(rawValue: String) { self.rawValue = rawValue }
    init(_ rawValue: String) { self.rawValue = rawValue }
}

/// One record, as the module showing it names it to the others.
struct RecordReference: Sendable {
    let kind: RecordKind
    let id: UUID
}

/// An action a module offers on another module's record: one small form on that record's page
/// (Lists offers "share this receipt on a list" on a receipt), or a link to what the module made of
/// it (the expense the receipt became). It comes from the offering module, so it disappears with
/// that module, and the page showing it knows nothing of it.
struct RecordAction: Encodable, Sendable {
    /// POST changes something (and carries the CSRF token); GET opens a page to choose more.
    enum Method: String, Encodable, Sendable {
        case get, post
    }

    struct Link: Encodable, Sendable {
        let text: String
        let url: String
    }

    struct Field: Encodable, Sendable {
        let name: String
        let value: String
    }

    /// A choice the person makes before sending (which list).
    struct Choice: Encodable, Sendable {
        let name: String
        let options: [SelectOption]
    }

    /// The form's element id (pages, scripts and tests find it by).
    let id: String
    let title: String
    let button: String
    /// Where the form posts; the offering module's route.
    let url: String
    let fields: [Field]
    /// None or one.
    let choices: [Choice]
    var method: Method = .post
    /// Shown instead of the form when `button` is empty.
    var link: Link?
}

extension Application {
    /// What the enabled modules offer on `record`, in module order.
    func actions(on record: RecordReference, _ context: ServiceContext) async throws -> [RecordAction] {
        var actions: [RecordAction] = []
        for module in modules { actions += try await module.actions(on: record, context) }
        return actions
    }
}
