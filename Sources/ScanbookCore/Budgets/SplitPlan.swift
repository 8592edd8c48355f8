/// A receipt's amount divided over categories. Valid when every part is positive, no category
/// appears twice and the parts add up exactly to the total.
public struct SplitPlan<CategoryID: Hashable & Sendable>: Sendable {
    public struct Part: Sendable, Equatable where CategoryID: Equatable {
        public let category: CategoryID
        public let hundredths: Int

        public init(category: CategoryID, hundredths: Int) {
            self.category = category
            self.hundredths = hundredths
        }
    }

    public enum Problem: Error, Equatable, Sendable {
        case empty
        case notPositive
        case repeatedCategory
        /// The parts add up to `sum` instead of `total` (both in hundredths).
        case doesNotAddUp(sum: Int, total: Int)
    }

    public let parts: [Part]

    public init(parts: [Part], total: Int) throws(Problem) {
        guard !parts.isEmpty else { throw .empty }
        guard parts.allSatisfy({ $0.hundredths > 0 }) else { throw .notPositive }
        guard Set(parts.map(\.category)).count == parts.count else { throw .repeatedCategory }
        let sum = parts.map(\.hundredths).saturatingSum()
        guard sum == total else { throw .doesNotAddUp(sum: sum, total: total) }
        self.parts = parts
    }

    /// The whole total on one category.
    public static func single(_ category: CategoryID, total: Int) -> [Part] {
        [Part(category: category, hundredths: total)]
    }
}
