/// What was used between two readings of one counter, allowing for the counter rolling over.
public enum Consumption: Equatable, Sendable {
    /// Used this many steps.
    case used(Int)
    /// The counter passed its maximum and started again at 0.
    case rolledOver(Int)
    /// Lower than before without a believable rollover: a misread or a replaced meter.
    case decreased(by: Int)

    /// A rollover is believed only when the previous value was in the counter's top tenth and the
    /// new one in its bottom tenth; anything else that goes down is a decrease to review.
    public static func between(_ previous: Int, _ current: Int, on counter: MeterCounter) -> Consumption {
        // Stored values are bounded when they are saved, but a row is still outside data: the
        // differences are checked, and a rollover is believed only within the counter's range.
        if current >= previous { return .used(current.subtractingChecked(previous) ?? Int.max) }
        let tenth = counter.rollover / 10
        if previous < counter.rollover, previous >= counter.rollover - tenth, current >= 0, current < tenth {
            return .rolledOver(counter.rollover - previous + current)
        }
        return .decreased(by: previous.subtractingChecked(current) ?? Int.max)
    }

    public var steps: Int? {
        switch self {
        case .used(let steps), .rolledOver(let steps): steps
        case .decreased: nil
        }
    }
}

/// Whether a new reading should be saved as it is or shown for review first.
public struct ReadingPlausibility: Sendable {
    /// A daily rate above this many times the usual (median) daily rate is flagged.
    public var maximumRateFactor: Double

    public init(maximumRateFactor: Double = 5) {
        self.maximumRateFactor = maximumRateFactor
    }

    public enum Flag: Equatable, Sendable {
        case lowerThanBefore(by: Int)
        /// Steps per day now, and the usual steps per day (both ×1000 to stay integral).
        case unusualRate(milliStepsPerDay: Int, usualMilliStepsPerDay: Int)
        case sameDayAsPrevious
    }

    /// `history`: earlier readings (day number, steps) in time order; `new`: the reading to check.
    public func flags(history: [(day: Int, steps: Int)], new: (day: Int, steps: Int), counter: MeterCounter) -> [Flag] {
        flags(sequence: history + [new], counter: counter).last ?? []
    }
}

extension ReadingPlausibility {
    /// The flags of every reading of `sequence` (time order) against the readings before it, as
    /// `flags(history:new:counter:)` would give them one by one, in O(n log n) plus the sorted
    /// insertions of the rates: an import of 10,000 rows checks each against its own past.
    public func flags(sequence: [(day: Int, steps: Int)], counter: MeterCounter) -> [[Flag]] {
        var result: [[Flag]] = []
        result.reserveCapacity(sequence.count)
        var rates: [Int] = []  // sorted rates between consecutive readings so far
        // A flagged reading waits for review and counts nowhere: later readings are checked
        // against the last one that counts, so one misread does not flag the right ones after it.
        var base: (day: Int, steps: Int)?
        for new in sequence {
            guard let last = base else { result.append([]); base = new; continue }
            let found = flags(last: last, new: new, usualRates: rates, counter: counter)
            result.append(found)
            guard found.isEmpty else { continue }
            if let span = new.day.subtractingChecked(last.day), span > 0, let steps = Consumption.between(last.steps, new.steps, on: counter).steps {
                let rate = steps.multiplied(by: 1000, dividedBy: span) ?? Int.max
                rates.insert(rate, at: Self.insertionIndex(of: rate, in: rates))
            }
            base = new
        }
        return result
    }

    private func flags(last: (day: Int, steps: Int), new: (day: Int, steps: Int), usualRates rates: [Int], counter: MeterCounter) -> [Flag] {
        let consumption = Consumption.between(last.steps, new.steps, on: counter)
        guard let used = consumption.steps else {
            if case .decreased(let by) = consumption { return [.lowerThanBefore(by: by)] }
            return []
        }
        guard let days = new.day.subtractingChecked(last.day) else { return [] }
        guard days > 0 else { return used > 0 ? [.sameDayAsPrevious] : [] }
        guard rates.count >= 2 else { return [] }
        let usual = rates[rates.count / 2]
        let rate = used.multiplied(by: 1000, dividedBy: days) ?? Int.max
        if usual > 0, Double(rate) > Double(usual) * maximumRateFactor {
            return [.unusualRate(milliStepsPerDay: rate, usualMilliStepsPerDay: usual)]
        }
        return []
    }

    private static func insertionIndex(of value: Int, in sorted: [Int]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
