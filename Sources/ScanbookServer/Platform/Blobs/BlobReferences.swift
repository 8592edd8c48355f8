import Fluent
import Vapor

/// A model whose table keeps stored blobs alive. Each module declares its own columns, next to its
/// model, and names the model in its `ScanbookModule.blobReferences`; the sweep removes only blobs
/// that no declared column names (disabled modules' included).
protocol ReferencesBlobs: Model {
    static var blobColumns: [String] { get }
}

struct BlobReference: Sendable, Hashable {
    let table: String
    let column: String
}

extension Application {
    /// Every column, of every module (served or not), that refers to a row of `blobs`.
    var blobReferences: [BlobReference] {
        allModules.flatMap(\.blobReferences).flatMap { model in model.blobColumns.map { BlobReference(table: model.schema, column: $0) } }
    }
}
