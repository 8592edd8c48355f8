import Fluent
import Foundation
import ScanbookCore
import Vapor

extension MeterPresentation {
    /// The meters with their last readings and the form for a new one.
    static func listPage(_ context: ServiceContext, form: MeterFormValues, errors: [String]) async throws -> MeterListView {
        let meters = try await MeterService.all(on: context)
        let overview = try await ReadingService.overview(ownerID: try context.requireUser().requireID(), on: context.db)
        let cards = try meters.map { meter in
            let meterID = try meter.requireID()
            let last = overview.latest[meterID]
            return MeterListView.Card(
                name: meter.name, kind: context.text("meters_kind_\(meter.kind.rawValue)"),
                url: MetersURL.meter(id: meter.id).path,
                referenceURL: meter.$reference.id.map { SiteURL.blob(id: $0).path },
                lastValue: last.map { MeterPresentation.value($0.steps, meter, locale: context.locale) },
                lastTaken: last.map { ReadingTime.display($0.takenAt) },
                toReview: overview.toReview[meterID] ?? 0
            )
        }
        return MeterListView(
            meters: cards, kinds: MeterPresentation.kinds(selected: .electricity, context: context), form: form,
            createAction: MetersURL.list.path, readURL: MetersURL.read.path,
            maxUpload: ByteCount(context.scanbookConfig.maxUploadBytes).description, errors: errors
        )
    }

    /// A meter's page: readings with consumption and cost, charts and table of the chosen period, forms.
    static func meterPage(_ meter: Meter, _ context: ServiceContext, query: ConsumptionQuery, form: MeterFormValues?, errors: [String]) async throws -> MeterShowView {
        let locale = context.locale
        let today = context.today
        let period = (try? MeterReport.period(query, today: today)) ?? .last12Months(endingOn: today)
        let report = MeterReport(meter: meter, readings: try await ReadingService.history(meter, on: context.db), period: period)
        let id = try meter.requireID()
        let currency = context.homeCurrency
        func money(_ steps: Int?) -> String {
            steps.flatMap(report.cost).map { Formatting.money($0, locale: locale) + " " + currency } ?? ""
        }
        let rows = try report.rows.reversed().map { row in
            let reading = row.reading
            let readingID = try reading.requireID()
            return MeterShowView.Row(
                id: readingID.uuidString, taken: ReadingTime.display(reading.takenAt), takenInput: ReadingTime.formInput(reading.takenAt),
                value: Formatting.number(meter.counter.format(reading.steps), locale: locale),
                used: row.used.map { Formatting.number(meter.counter.format($0), locale: locale) } ?? "",
                perDay: MeterPresentation.perDay(row.milliPerDay, meter, locale: locale), cost: money(row.used),
                source: context.text("meters_source_\(reading.source.rawValue)"),
                flag: MeterPresentation.flagText(reading.flag, context: context),
                photoURL: reading.$photo.id.map { SiteURL.blob(id: $0).path },
                updateURL: MetersURL.reading(id: id, reading: readingID).path,
                deleteURL: MetersURL.deleteReading(id: id, reading: readingID).path
            )
        }
        let line = MeterPresentation.line(report, locale: locale)
        let chart = MeterPresentation.bars(report, locale: locale)
        let page = MetersURL.meter(id: id)
        let selected = query.period ?? "12m"
        let periods = [("30d", "meters_period_30d"), ("12m", "meters_period_12m")].map { key, label in
            MeterShowView.PeriodLink(label: context.text(label), url: page.path(query: [("period", key)]), active: selected == key)
        }
        return MeterShowView(
            id: id.uuidString, name: meter.name, kindLabel: context.text("meters_kind_\(meter.kind.rawValue)"), unit: meter.unit,
            counter: context.text("meters_counter_description", ["digits": "\(meter.digits)", "decimals": "\(meter.decimals)"]),
            price: meter.price.map { Formatting.number($0.description, locale: locale) }, currency: currency,
            referenceURL: meter.$reference.id.map { SiteURL.blob(id: $0).path },
            window: { let crop = meter.window ?? .centreBand; return .init(x: crop.x, y: crop.y, width: crop.width, height: crop.height) }(),
            windowKnown: meter.window != nil,
            rows: rows, toReview: report.rows.filter { $0.reading.flag != nil }.count,
            linePoints: line.points, lineDots: line.dots, valueRange: line.range, lineChart: line.chart,
            bars: chart.bars, barChart: chart.chart,
            buckets: report.buckets.reversed().map { bucket in
                MeterShowView.BucketRow(
                    label: MeterPresentation.bucketLabel(bucket.start, report.period.granularity),
                    used: bucket.used.map { MeterPresentation.value($0, meter, locale: locale) } ?? "–", cost: money(bucket.used)
                )
            },
            periods: periods,
            customFrom: report.period.firstDay?.description ?? "",
            customTo: report.period.lastDay?.description ?? "",
            periodTotal: MeterPresentation.value(report.totalUsed, meter, locale: locale), periodCost: meter.price == nil ? nil : money(report.totalUsed),
            form: form ?? MeterPresentation.form(meter), kinds: MeterPresentation.kinds(selected: meter.kind, context: context),
            nowInput: ReadingTime.formInput(context.now), valueExample: meter.counter.format(0),
            links: .init(
                list: MetersURL.list.path, read: MetersURL.read.path, update: page.path,
                reference: MetersURL.reference(id: id).path, window: MetersURL.window(id: id).path, readings: MetersURL.readings(id: id).path,
                export: MetersURL.export(id: id).path, importCSV: MetersURL.importCSV(id: id).path,
                delete: MetersURL.delete(id: id).path, page: page.path
            ),
            errors: errors
        )
    }
}
