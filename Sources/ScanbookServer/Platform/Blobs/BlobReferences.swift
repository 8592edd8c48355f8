import Fluent
import Vapor

/// A model whose table keeps stored blobs alive. Each module declares its own columns, next to its
/// model, and `Application.blobReferences` lists the models; the sweep removes only blobs that no
/// declared column names.
protocol ReferencesBlobs: Model {
    static var blobColumns: [String] { get }
}

struct BlobReference: Sendable, Hashable {
    let table: String
    let column: String
}

extension Application {
    /// Every column, of every module, that refers to a row of `blobs`.
    var blobReferences: [BlobReference] {
        let models: [any ReferencesBlobs.Type] = [User.self, Capture.self, Receipt.self, Meter.self, MeterReading.self]
        return models.flatMap { model in model.blobColumns.map { BlobReference(table: model.schema, column: $0) } }
    }
}
