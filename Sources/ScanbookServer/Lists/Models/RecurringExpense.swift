import Fluent
import Foundation
import ScanbookCore

/// An expense that comes back every week, month or year (rent, a subscription). The maintenance
/// sweep makes each occurrence an ordinary `ListExpense` carrying `recurrence_id` and its date;
/// the unique index on both is what makes an occurrence once however many instances sweep.
final class RecurringExpense: Model, @unchecked Sendable {
    static let schema = "recurring_expenses"

    @ID(key: .id) var id: UUID?
    @Parent(key: "list_id") var list: ShoppingList
    @Field(key: "description") var description: String
    /// Hundredths of the list's currency.
    @Field(key: "amount") var amount: Int
    @Parent(key: "paid_by") var paidBy: User
    /// Members sharing it equally, comma-separated ids; nil: everyone on the list at the time.
    @OptionalField(key: "members") var members: String?
    @Field(key: "frequency") var frequency: Recurrence.Frequency
    @Field(key: "starts_on") var startsOn: String
    @OptionalField(key: "ends_on") var endsOn: String?
    /// The occurrence the next sweep starts looking at; only an optimisation, never the guard.
    @Field(key: "next_index") var nextIndex: Int
    @Parent(key: "added_by") var addedBy: User
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    var recurrence: Recurrence? {
        CalendarDate(iso: startsOn).map { Recurrence(frequency: frequency, start: $0, end: endsOn.flatMap(CalendarDate.init(iso:))) }
    }

    var memberIDs: [UUID]? {
        members.map { $0.split(separator: ",").compactMap { UUID(uuidString: String($0)) } }
    }
}
