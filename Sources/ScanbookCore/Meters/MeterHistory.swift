/// The readings of one meter in time order and what was used between them. Consumption over any
/// period comes from a running total of steps used, interpolated linearly between readings, so
/// the parts of a period always add up to the whole and no reading is counted twice.
public struct MeterHistory: Sendable {
    public struct Reading: Sendable, Equatable {
        /// Seconds since 1970 (UTC).
        public let time: Int
        public let steps: Int

        public init(time: Int, steps: Int) {
            self.time = time
            self.steps = steps
        }
    }

    public struct Interval: Sendable, Equatable {
        public let from: Reading
        public let to: Reading
        public let consumption: Consumption

        public init(from: Reading, to: Reading, consumption: Consumption) {
            self.from = from
            self.to = to
            self.consumption = consumption
        }

        /// Steps per day ×1000 (integral), nil when no time passed, the counter went down or the
        /// rate is beyond what an `Int` holds (a 12-digit counter read one second apart).
        public var milliStepsPerDay: Int? {
            guard let seconds = to.time.subtractingChecked(from.time), seconds > 0, let steps = consumption.steps else { return nil }
            return steps.multiplied(by: 86_400_000, dividedBy: seconds)
        }
    }

    public let counter: MeterCounter
    public let readings: [Reading]
    /// Steps used from the first reading up to each reading; a decrease (misread or a replaced
    /// meter) counts as nothing used, and the count goes on from the new value.
    private let usedSoFar: [Int]

    public init(readings: [Reading], counter: MeterCounter) {
        self.counter = counter
        self.readings = readings.sorted { ($0.time, $0.steps) < ($1.time, $1.steps) }
        var total = 0
        var running: [Int] = []
        for (index, reading) in self.readings.enumerated() {
            if index > 0 {
                // Stored readings are not trusted to stay small: the running total saturates.
                total = total.adding(saturating: Consumption.between(self.readings[index - 1].steps, reading.steps, on: counter).steps ?? 0)
            }
            running.append(total)
        }
        usedSoFar = running
    }

    public var intervals: [Interval] {
        zip(readings, readings.dropFirst()).map { Interval(from: $0, to: $1, consumption: .between($0.steps, $1.steps, on: counter)) }
    }

    /// Steps used since the first reading at `time`; nil outside the readings' span.
    public func used(at time: Int) -> Int? {
        guard let first = readings.first, let last = readings.last, time >= first.time, time <= last.time else { return nil }
        // The last reading at or before `time`.
        var low = 0
        var high = readings.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if readings[middle].time <= time { low = middle } else { high = middle - 1 }
        }
        guard low + 1 < readings.count, readings[low].time < time,
              let span = readings[low + 1].time.subtractingChecked(readings[low].time),
              let elapsed = time.subtractingChecked(readings[low].time)
        else { return usedSoFar[low] }
        let added = usedSoFar[low + 1] - usedSoFar[low]
        // elapsed < span, so the share is at most `added`; the product is taken in 128 bits.
        let share = added.multiplied(by: elapsed, dividedBy: span, roundingHalfAway: true) ?? added
        return usedSoFar[low].adding(saturating: share)
    }

    /// Steps used in each period between consecutive `boundaries` (ascending times): the part of
    /// the period the readings cover, nil where they cover none of it.
    public func consumption(between boundaries: [Int]) -> [Int?] {
        guard let first = readings.first?.time, let last = readings.last?.time else {
            return Array(repeating: nil, count: max(0, boundaries.count - 1))
        }
        return zip(boundaries, boundaries.dropFirst()).map { start, end in
            let from = max(start, first)
            let to = min(end, last)
            guard from < to, let before = used(at: from), let after = used(at: to) else { return nil }
            return after.subtractingChecked(before)
        }
    }
}
