import Foundation
import ScanbookCore
import Vapor

/// A meter's history worked out for a period: consumption per day or month, its total and cost,
/// and per reading what was used since the previous one. Shared by the page and the API.
struct MeterReport {
    struct Row {
        let reading: MeterReading
        /// Since the previous reading; nil for the first or when the counter went down.
        let used: Int?
        /// Steps per day ×1000.
        let milliPerDay: Int?
    }

    struct Bucket {
        let start: CalendarDate
        let used: Int?
    }

    let meter: Meter
    let rows: [Row]
    let period: ConsumptionPeriod
    let buckets: [Bucket]
    let history: MeterHistory

    /// A reading flagged as implausible and not yet confirmed counts nowhere (consumption, cost,
    /// charts, the next reading's use) until the person says it is right or corrects it: one
    /// misread 99999.9 must not make a year's consumption.
    init(meter: Meter, readings: [MeterReading], period: ConsumptionPeriod) {
        self.meter = meter
        self.period = period
        let counter = meter.counter
        let counted = readings.filter { $0.flag == nil }
        history = MeterHistory(readings: counted.map { .init(time: Int($0.takenAt.timeIntervalSince1970), steps: $0.steps) }, counter: counter)
        var rows: [Row] = []
        var last: MeterReading?
        for reading in readings {
            guard reading.flag == nil else { rows.append(Row(reading: reading, used: nil, milliPerDay: nil)); continue }
            defer { last = reading }
            guard let previous = last else { rows.append(Row(reading: reading, used: nil, milliPerDay: nil)); continue }
            let interval = MeterHistory.Interval(
                from: .init(time: Int(previous.takenAt.timeIntervalSince1970), steps: previous.steps),
                to: .init(time: Int(reading.takenAt.timeIntervalSince1970), steps: reading.steps),
                consumption: .between(previous.steps, reading.steps, on: counter)
            )
            rows.append(Row(reading: reading, used: interval.consumption.steps, milliPerDay: interval.milliStepsPerDay))
        }
        self.rows = rows
        buckets = zip(period.starts, history.consumption(between: period.boundarySeconds)).map { Bucket(start: $0, used: $1) }
    }

    var totalUsed: Int { buckets.compactMap(\.used).reduce(0, +) }

    func cost(_ steps: Int) -> Amount? { meter.price?.cost(ofSteps: steps, on: meter.counter) }

    /// The period a page asks for (`?period=30d|12m|custom&from=&to=`); 12 months by default.
    static func period(_ query: ConsumptionQuery, today: CalendarDate) throws(UserFacingError) -> ConsumptionPeriod {
        // A date sent must read, whichever period it goes with.
        for text in [query.from, query.to].compactMap({ $0 }) where CalendarDate(iso: text) == nil {
            throw UserFacingError(.badRequest, "meters_invalidPeriod")
        }
        switch query.period ?? "12m" {
        case "30d": return .last30Days(endingOn: today)
        case "12m": return .last12Months(endingOn: today)
        case "custom":
            // Both read already (above); a custom period without both is understood, and refused.
            guard let from = query.from.flatMap(CalendarDate.init(iso:)), let to = query.to.flatMap(CalendarDate.init(iso:)) else {
                throw UserFacingError(.unprocessableEntity, "meters_invalidPeriod")
            }
            // Two dates that read but make no period (the end before the start): understood, refused.
            guard let period = ConsumptionPeriod.custom(from: from, to: to) else { throw UserFacingError(.unprocessableEntity, "meters_invalidPeriod") }
            return period
        default:
            throw UserFacingError(.badRequest, "meters_invalidPeriod")
        }
    }
}
