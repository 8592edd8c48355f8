import Fluent
import ScanbookCore
import Vapor

/// A meter the user reads: its counter (digits, decimals), unit, optional price per unit, and a
/// reference photo that later photos are compared with to tell which meter they show.
final class Meter: Model, @unchecked Sendable {
    static let schema = "meters"

    enum Kind: String, Codable, Sendable, CaseIterable {
        case electricity, water, gas, heat, other
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "name") var name: String
    @Field(key: "kind") var kind: Kind
    @Field(key: "unit") var unit: String
    @Field(key: "digits") var digits: Int
    @Field(key: "decimals") var decimals: Int
    /// Price per unit in ten-thousandths of the user's currency (`UnitPrice`).
    @OptionalField(key: "price_per_unit") var pricePerUnit: Int?
    /// The photo as the user took it, and the downscaled copy identification compares with.
    @OptionalParent(key: "reference_blob_id") var reference: StoredBlob?
    @OptionalParent(key: "reference_prepared_blob_id") var preparedReference: StoredBlob?
    /// Where the digit strip was on the last photo ("x,y,w,h" in thousandths of the photo), so the
    /// next reading starts from it.
    @OptionalField(key: "strip_crop") var stripCrop: String?
    /// Where the counter is on the reference photo ("x,y,w,h" in thousandths of it): every new
    /// photo is aligned to the reference and this window cut out of it.
    @OptionalField(key: "counter_window") var counterWindow: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(ownerID: UUID, name: String, kind: Kind, unit: String, counter: MeterCounter) {
        self.$owner.id = ownerID
        self.name = name
        self.kind = kind
        self.unit = unit
        self.digits = counter.digits
        self.decimals = counter.decimals
    }

    var counter: MeterCounter {
        // Stored values were validated on the way in.
        MeterCounter(digits: digits, decimals: decimals) ?? MeterCounter(digits: 6, decimals: 0)!
    }

    /// nil when none is known or a stored one is out of range.
    var window: StripCrop? { counterWindow.flatMap(StripCrop.init) }

    /// nil when no price is set, or when a stored price is out of range (it is then shown as unset).
    var price: UnitPrice? { pricePerUnit.flatMap { UnitPrice(tenThousandths: $0) } }
}

/// Photos this table keeps alive (see `ReferencesBlobs`).
extension Meter: ReferencesBlobs { static var blobColumns: [String] { ["reference_blob_id", "reference_prepared_blob_id"] } }

extension Meter: OwnedRecord { static var ownerKey: KeyPath<Meter, ParentProperty<Meter, User>> { \.$owner } }
