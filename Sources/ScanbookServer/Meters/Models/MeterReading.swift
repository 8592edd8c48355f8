import Fluent
import Vapor

/// One reading of a meter: the counter value in steps (`MeterCounter`), when it was taken, and how
/// it came in. A reading that looks wrong is kept but `flag`ged until the user reviews it.
final class MeterReading: Model, @unchecked Sendable {
    static let schema = "meter_readings"

    enum Source: String, Codable, Sendable {
        case photo, manual, `import`
    }

    /// Why a reading waits for review (`ReadingPlausibility.Flag`).
    enum Flag: String, Codable, Sendable {
        case lowerThanBefore, unusualRate, sameDay
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "meter_id") var meter: Meter
    @Field(key: "steps") var steps: Int
    @Field(key: "taken_at") var takenAt: Date
    @Field(key: "source") var source: Source
    @OptionalParent(key: "photo_blob_id") var photo: StoredBlob?
    @OptionalField(key: "confidence") var confidence: Double?
    @OptionalField(key: "flag") var flag: Flag?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(meterID: UUID, steps: Int, takenAt: Date, source: Source) {
        self.$meter.id = meterID
        self.steps = steps
        self.takenAt = takenAt
        self.source = source
    }
}

/// Photos this table keeps alive (see `ReferencesBlobs`).
extension MeterReading: ReferencesBlobs { static var blobColumns: [String] { ["photo_blob_id"] } }
