import Fluent
import Foundation
import ScanbookCore
import Vapor

/// How meter figures read on a page: values with the user's decimal mark, charts, rows.
enum MeterPresentation {
    static let chartHeight = 140.0

    /// "2 meters · 1 reading to review" on the home tile, once the module is in use.
    static func homeFigure(_ context: ServiceContext) async throws -> String? {
        let meters = try await MeterService.all(on: context)
        guard !meters.isEmpty else { return nil }
        let toReview = try await MeterReading.query(on: context.db).filter(\.$meter.$id ~~ meters.compactMap(\.id)).filter(\.$flag != nil).count()
        let figure = context.text("meters_home", ["count": "\(meters.count)"])
        return toReview > 0 ? context.text("meters_home_review", ["meters": figure, "count": "\(toReview)"]) : figure
    }

    static func value(_ steps: Int, _ meter: Meter, locale: String) -> String {
        let formatted = Formatting.number(meter.counter.format(steps), locale: locale)
        return meter.unit.isEmpty ? formatted : "\(formatted) \(meter.unit)"
    }

    static func kinds(selected: Meter.Kind?, context: ServiceContext) -> [SelectOption] {
        Meter.Kind.allCases.map { SelectOption(value: $0.rawValue, label: context.text("meters_kind_\($0.rawValue)"), selected: $0 == selected) }
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

    static func flagText(_ flag: MeterReading.Flag?, context: ServiceContext) -> String? {
        flag.map { context.text("meters_flag_\($0.rawValue)") }
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

    /// The readings as a line (value over time) with a dot per reading, on a value axis with round
    /// ticks and the first, middle and last day under it.
    static func line(_ report: MeterReport, locale: String) -> (chart: AxisChart, points: String, dots: [ChartDot], range: String) {
        let readings = report.history.readings
        func formatted(_ value: Int) -> String { Formatting.number(report.meter.counter.format(value), locale: locale) }
        let steps = readings.map(\.steps)
        let ticks = steps.min().flatMap { low in steps.max().map { ChartGeometry.ticks(low: low, high: $0, count: 4) } } ?? []
        let tickTexts = ticks.map { (value: $0, text: formatted($0)) }
        let geometry = AxisChart.geometry(tickTexts: tickTexts.map(\.text), plotHeight: chartHeight)
        let points = geometry.line(readings.map { (x: $0.time, y: $0.steps) }, yDomain: ticks.first.flatMap { low in ticks.last.map { low...$0 } })
        let dots = zip(points, readings).map { point, reading in
            ChartDot(x: point.x, y: point.y, label: "\(ReadingTime.display(Date(timeIntervalSince1970: Double(reading.time)))): \(formatted(reading.steps))")
        }
        var labels: [AxisChart.Label] = []
        if let first = readings.first, let last = readings.last {
            func day(_ time: Int) -> String { ReadingTime.day(Date(timeIntervalSince1970: Double(time))) }
            if first.time == last.time {
                labels = [.init(x: geometry.width / 2, text: day(first.time), anchor: "middle")]
            } else {
                labels = [.init(x: 0, text: day(first.time), anchor: "start"), .init(x: geometry.width, text: day(last.time), anchor: "end")]
                let middle = first.time / 2 + last.time / 2
                if geometry.width >= 3 * AxisChart.textWidth(day(middle)) + 16 {
                    labels.insert(.init(x: geometry.x(middle, low: first.time, high: last.time), text: day(middle), anchor: "middle"), at: 1)
                }
            }
        }
        let range = steps.min().flatMap { low in steps.max().map { high in "\(formatted(low)) – \(formatted(high))" } } ?? ""
        return (AxisChart(ticks: tickTexts, geometry: geometry, labels: labels), points.map { "\($0.x),\($0.y)" }.joined(separator: " "), dots, range)
    }

    /// Consumption bars of the period on an axis from zero, with a label under every few bars.
    static func bars(_ report: MeterReport, locale: String) -> (chart: AxisChart, bars: [MeterShowView.Bar]) {
        let used = report.buckets.map(\.used)
        let ticks = ChartGeometry.ticks(low: 0, high: max(1, used.compactMap { $0 }.max() ?? 1), count: 4)
        let tickTexts = ticks.map { (value: $0, text: Formatting.number(report.meter.counter.format($0), locale: locale)) }
        let geometry = AxisChart.geometry(tickTexts: tickTexts.map(\.text), plotHeight: chartHeight)
        let shapes = geometry.bars(used, top: ticks.last)
        let texts = report.buckets.map { bucketLabel($0.start, report.period.granularity) }
        let labelEvery = geometry.labelEvery(texts.count, labelWidth: texts.map(AxisChart.textWidth).max() ?? 0)
        let slot = geometry.width / Double(max(1, texts.count))
        var bars: [MeterShowView.Bar] = []
        var labels: [AxisChart.Label] = []
        for (index, (shape, bucket)) in zip(shapes, report.buckets).enumerated() {
            if let shape, let used = bucket.used {
                bars.append(.init(x: shape.x, y: shape.y, width: shape.width, height: shape.height, label: texts[index], value: value(used, report.meter, locale: locale)))
            }
            if index % labelEvery == 0 {
                labels.append(.init(x: ((Double(index) + 0.5) * slot * 10).rounded() / 10, text: texts[index], anchor: "middle"))
            }
        }
        return (AxisChart(ticks: tickTexts, geometry: geometry, labels: labels), bars)
    }

    static func bucketLabel(_ start: CalendarDate, _ granularity: ConsumptionPeriod.Granularity) -> String {
        granularity == .month ? YearMonth(start).description : start.description
    }
}
