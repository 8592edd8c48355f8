import Fluent
import Foundation
import Vapor
@testable import ScanbookServer

// A module made only to prove what adding one takes: this folder, and one line that lists it
// (`config.modules = Application.standardModules + [NotesModule()]` in `ThrowawayModuleTests`).
// Nothing shared gains a case: its name, route parameter, texts and API part are its own.

extension Module {
    static let notes = Module("notes")
}

extension RouteParameter {
    static let note = RouteParameter("noteID")
}

enum NotesURL: ModuleURL {
    static let module = Module.notes
    case index

    var pagePathComponents: [PathComponent] { [] }
}

enum NotesAPIRoute: APIPath {
    case note(id: UUID?)

    var routePathComponents: [PathComponent] {
        switch self {
        case .note(let id): ["notes", id.pathComponent(.note)]
        }
    }
}

/// A note with a photo: its column keeps the photo's blob alive.
final class Note: Model, Content, @unchecked Sendable {
    static let schema = "notes"
    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "text") var text: String
    @Parent(key: "photo_id") var photo: StoredBlob

    init() {}

    init(ownerID: UUID, text: String, photoID: UUID) {
        $owner.id = ownerID
        self.text = text
        $photo.id = photoID
    }
}

extension Note: ReferencesBlobs { static var blobColumns: [String] { ["photo_id"] } }
extension Note: OwnedRecord { static var ownerKey: KeyPath<Note, ParentProperty<Note, User>> { \.$owner } }

struct CreateNotes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Note.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("text", .string, .required)
            .field("photo_id", .uuid, .required, .references(StoredBlob.schema, .id))
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Note.schema).delete()
    }
}

struct NotesModule: ScanbookModule {
    static let resourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources")

    var menuEntry: Module? { .notes }
    var resources: ModuleResources? {
        ModuleResources(locales: Self.resourceDirectory.appendingPathComponent("Locales"), openAPI: Self.resourceDirectory.appendingPathComponent("notes.yaml"))
    }
    var migrations: [any Migration] { [CreateNotes()] }
    var blobReferences: [any ReferencesBlobs.Type] { [Note.self] }

    func registerRoutes(_ routes: ModuleRoutes) {
        routes.pages.get(NotesURL.index.pathComponents) { request in
            try await request.renderPage("Shell/coming-soon", title: "module_notes",
                                         content: ComingSoonView(module: request.text("module_notes"), summary: request.text("notes_intro")),
                                         activeModule: .notes)
        }
        routes.api.get(NotesAPIRoute.note(id: nil).pathComponents) { request in
            try await Note.find(request.id(.note), ownedBy: request)
        }
    }
}
