import Foundation

struct MeterListView: Encodable {
    struct Card: Encodable {
        let name: String
        let kind: String
        let url: String
        let referenceURL: String?
        let lastValue: String?
        let lastTaken: String?
        let toReview: Int
    }

    let meters: [Card]
    let kinds: [SelectOption]
    let form: MeterFormValues
    let createAction: String
    let readURL: String
    let maxUpload: String
    let errors: [String]
}

/// What the meter form shows (typed values survive a refused submission).
struct MeterFormValues: Encodable {
    var name = ""
    var unit = ""
    var digits = "6"
    var decimals = "0"
    var pricePerUnit = ""
}

struct MeterShowView: Encodable {
    struct Row: Encodable {
        let id: String
        let taken: String
        let takenInput: String
        let value: String
        let used: String
        let perDay: String
        let cost: String
        let source: String
        let flag: String?
        let photoURL: String?
        let updateURL: String
        let deleteURL: String
    }

    struct Bar: Encodable {
        let x: Double
        let y: Double
        let width: Double
        let height: Double
        let label: String
        let value: String
    }

    struct BucketRow: Encodable {
        let label: String
        let used: String
        let cost: String
    }

    struct PeriodLink: Encodable {
        let label: String
        let url: String
        let active: Bool
    }

    let id: String
    let name: String
    let kindLabel: String
    let unit: String
    let counter: String
    let price: String?
    let currency: String
    let referenceURL: String?
    /// The counter window on the reference photo, in thousandths (the centre band until one is known).
    let window: MeterReadView.Crop
    let windowKnown: Bool
    let rows: [Row]
    let toReview: Int
    let linePoints: String
    let lineDots: [ChartDot]
    let valueRange: String
    let lineChart: AxisChart
    let bars: [Bar]
    let barChart: AxisChart
    /// The chart's figures as a table (per day or per month).
    let buckets: [BucketRow]
    let periods: [PeriodLink]
    let customFrom: String
    let customTo: String
    let periodTotal: String
    let periodCost: String?
    let form: MeterFormValues
    let kinds: [SelectOption]
    let nowInput: String
    let valueExample: String
    let links: Links
    let errors: [String]

    struct Links: Encodable {
        let list: String
        let read: String
        let update: String
        let reference: String
        let window: String
        let readings: String
        let export: String
        let importCSV: String
        let delete: String
        let page: String
    }
}

struct ChartDot: Encodable {
    let x: Double
    let y: Double
    let label: String
}

struct MeterDeleteView: Encodable {
    let name: String
    let readings: Int
    let action: String
    let back: String
}

struct MeterReadView: Encodable {
    struct Crop: Encodable {
        let x: Int
        let y: Int
        let width: Int
        let height: Int
    }

    struct Digit: Encodable {
        let digit: Int
        let read: Int
        let second: Int
        let percent: Int
        let weak: Bool
    }

    struct Result: Encodable {
        /// What the field holds: the value read, or nothing when the reading is unsure.
        let value: String
        let readValue: String
        let unsure: Bool
        /// Every digit is sure, but the value does not fit the meter's history.
        let implausible: Bool
        /// How the strip was found in a whole photo; nil when it was marked by hand.
        let method: String?
        let digits: [Digit]
        let confidence: Double
        let percent: Int
        let saveAction: String
        let takenInput: String
        let meterName: String
        let unit: String
        let previous: String?
    }

    let hasMeters: Bool
    let photoURL: String?
    let photoID: String?
    let meters: [SelectOption]
    let proposed: String?
    let uncertain: Bool
    /// The most likely meter when asking.
    let guess: String?
    /// How far the first candidate led the second, in percent.
    let lead: Int?
    let crop: Crop
    let cropText: String
    let uploadAction: String
    let readAction: String?
    let result: Result?
    /// Read surely from the whole photo: marking the strip by hand is folded away.
    let autoRead: Bool
    let listURL: String
    let maxUpload: String
    let errors: [String]
}
