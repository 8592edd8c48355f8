import Fluent
import ScanbookCore
import Vapor

/// A photographed (or typed) receipt. While its capture runs it is `reading`; then the extracted
/// fields wait for the user (`review`) until confirmed. Amounts are integer minor units with the
/// receipt's own number of decimals; dates are ISO strings ("2025-06-26"), so months compare as text.
final class Receipt: Model, @unchecked Sendable {
    static let schema = "receipts"

    enum State: String, Codable, Sendable, CaseIterable {
        /// The photo is being read.
        case reading
        /// Read; the user should check the fields.
        case review
        /// Checked by the user.
        case confirmed
        /// Recognition failed; the fields are for the user to type.
        case unreadable
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @OptionalParent(key: "capture_id") var capture: Capture?
    @OptionalParent(key: "image_blob_id") var image: StoredBlob?
    @Field(key: "state") var state: State
    @OptionalField(key: "total_minor") var totalMinor: Int?
    @Field(key: "total_decimals") var totalDecimals: Int
    @OptionalField(key: "currency") var currency: String?
    @OptionalField(key: "purchased_on") var purchasedOn: String?
    @OptionalParent(key: "merchant_id") var merchant: Merchant?
    @OptionalField(key: "note") var note: String?
    /// The OCR lines, newline-separated: shown on the detail page and used to learn keywords.
    @OptionalField(key: "ocr_text") var ocrText: String?
    /// The merchant's name as OCR read it (a correction is remembered for this spelling).
    @OptionalField(key: "merchant_read") var merchantRead: String?
    /// The total as first extracted, so a correction can be recognized as one.
    @OptionalField(key: "extracted_total_minor") var extractedTotalMinor: Int?
    @OptionalField(key: "confidence") var confidence: Double?
    /// The total model's second choice (hundredths), offered when the total is unsure.
    @OptionalField(key: "runner_up_hundredths") var runnerUpHundredths: Int?
    @OptionalField(key: "warranty_until") var warrantyUntil: String?
    /// In another currency than the owner's: the rate recorded for the budget (millionths of the
    /// home currency per unit); nil: the rate table's for the day, if it has one.
    @OptionalField(key: "rate_millionths") var rateMillionths: Int?
    /// The items read add up to the sub-total or total (nil: read before items, or typed in).
    @OptionalField(key: "items_add_up") var itemsAddUp: Bool?
    @Children(for: \.$receipt) var allocations: [ReceiptAllocation]
    @Children(for: \.$receipt) var items: [ReceiptLineItem]
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(ownerID: UUID, captureID: UUID?, imageID: UUID?, state: State) {
        self.$owner.id = ownerID
        self.$capture.id = captureID
        self.$image.id = imageID
        self.state = state
        self.totalDecimals = 2
    }

    var total: Amount? {
        get { totalMinor.map { Amount(minorUnits: $0, decimals: totalDecimals) } }
        set {
            totalMinor = newValue?.minorUnits
            totalDecimals = newValue?.decimals ?? 2
        }
    }

    var purchaseDate: CalendarDate? { purchasedOn.flatMap(CalendarDate.init(iso:)) }

    /// Read with little confidence and not yet confirmed: check the total first.
    var unsureTotal: Bool { state == .review && (confidence ?? 0) < ReceiptExtractor.checkConfidence }
}

/// Photos this table keeps alive (see `ReferencesBlobs`).
extension Receipt: ReferencesBlobs { static var blobColumns: [String] { ["image_blob_id"] } }

extension RecordKind {
    /// A receipt, as other modules' actions name it.
    static let receipt = RecordKind("receipt")
}

extension Receipt: OwnedRecord { static var ownerKey: KeyPath<Receipt, ParentProperty<Receipt, User>> { \.$owner } }
