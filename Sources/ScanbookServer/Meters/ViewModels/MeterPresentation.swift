import Fluent
import Foundation
import ScanbookCore
import Vapor

/// How meter figures read on a page: values with the user's decimal mark, charts, rows.
enum MeterPresentation {
    static let chartWidth = 600.0
    static let chartHeight = 160.0

    /// "2 meters · 1 reading to review" on the home tile, once the module is in use.
    static func homeFigure(_ request: Request) async throws -> String? {
        let meters = try await MeterService.all(on: request)
        guard !meters.isEmpty else { return nil }
        let toReview = try await MeterReading.query(on: request.db).filter(\.$meter.$id ~~ meters.compactMap(\.id)).filter(\.$flag != nil).count()
        return request.text(toReview > 0 ? "meters_home_review" : "meters_home", ["meters": "\(meters.count)", "review": "\(toReview)"])
    }

    static func value(_ steps: Int, _ meter: Meter, locale: String) -> String {
        let formatted = Formatting.number(meter.counter.format(steps), locale: locale)
        return meter.unit.isEmpty ? formatted : "\(formatted) \(meter.unit)"
    }

    static func kinds(selected: Meter.Kind?, request: Request) -> [SelectOption] {
        Meter.Kind.allCases.map { SelectOption(value: $0.rawValue, label: request.text("meters_kind_\($0.rawValue)"), selected: $0 == selected) }
    }

    static func form(_ meter: Meter) -> MeterFormValues {
        MeterFormValues(name: meter.name, unit: meter.unit, digits: "\(meter.digits)", decimals: "\(meter.decimals)", pricePerUnit: meter.price?.description ?? "")
    }

    static func form(_ changes: MeterChanges) -> MeterFormValues {
        var values = MeterFormValues()
        values.name = changes.name ?? ""
        values.unit = changes.unit ?? ""
        values.digits = changes.digits ?? values.digits
        values.decimals = changes.decimals ?? values.decimals
        values.pricePerUnit = changes.pricePerUnit ?? ""
        return values
    }

    static func flagText(_ flag: MeterReading.Flag?, request: Request) -> String? {
        flag.map { request.text("meters_flag_\($0.rawValue)") }
    }

    /// Per day with at most three decimals ("12.345"), from steps per day ×1000.
    static func perDay(_ milliSteps: Int?, _ meter: Meter, locale: String) -> String {
        guard let milliSteps else { return "" }
        var divisor = 1000
        for _ in 0..<meter.decimals { divisor *= 10 }
        let whole = milliSteps / divisor
        let fraction = String(milliSteps % divisor * 1000 / divisor)
        return Formatting.number("\(whole).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)", locale: locale)
    }

    /// The readings as a line (value over time) with a dot per reading.
    static func line(_ report: MeterReport, locale: String) -> (points: String, dots: [ChartDot], range: String) {
        let readings = report.history.readings
        let geometry = ChartGeometry(width: chartWidth, height: chartHeight)
        let points = geometry.line(readings.map { (x: $0.time, y: $0.steps) })
        let dots = zip(points, readings).map { point, reading in
            ChartDot(x: point.x, y: point.y, label: Formatting.number(report.meter.counter.format(reading.steps), locale: locale))
        }
        let steps = readings.map(\.steps)
        func formatted(_ value: Int) -> String { Formatting.number(report.meter.counter.format(value), locale: locale) }
        let range = steps.min().flatMap { low in steps.max().map { high in "\(formatted(low)) – \(formatted(high))" } } ?? ""
        return (points.map { "\($0.x),\($0.y)" }.joined(separator: " "), dots, range)
    }

    /// Consumption bars of the period with a label under every few bars.
    static func bars(_ report: MeterReport, locale: String) -> (bars: [MeterShowView.Bar], labels: [ChartLabel]) {
        let geometry = ChartGeometry(width: chartWidth, height: chartHeight)
        let shapes = geometry.bars(report.buckets.map(\.used))
        let labelEvery = max(1, report.buckets.count / 6)
        var bars: [MeterShowView.Bar] = []
        var labels: [ChartLabel] = []
        for (index, (shape, bucket)) in zip(shapes, report.buckets).enumerated() {
            let label = bucketLabel(bucket.start, report.period.granularity)
            if let shape, let used = bucket.used {
                bars.append(.init(x: shape.x, y: shape.y, width: shape.width, height: shape.height, label: label, value: value(used, report.meter, locale: locale)))
            }
            if index % labelEvery == 0 {
                labels.append(ChartLabel(x: chartWidth * Double(index) / Double(max(1, report.buckets.count)), text: label))
            }
        }
        return (bars, labels)
    }

    static func bucketLabel(_ start: CalendarDate, _ granularity: ConsumptionPeriod.Granularity) -> String {
        granularity == .month ? YearMonth(start).description : start.description
    }
}
