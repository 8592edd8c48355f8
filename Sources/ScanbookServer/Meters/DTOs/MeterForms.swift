import Foundation
import ScanbookCore
import Vapor

/// A meter's fields as the page's form and the API send them; numbers arrive as text from forms
/// and are checked by `MeterService`, so both get the same messages. A nil field stays as it is.
struct MeterChanges: Content {
    var name: String?
    var kind: String?
    var unit: String?
    var digits: String?
    var decimals: String?
    /// Price per unit as typed ("0.2735"); "" removes it.
    var pricePerUnit: String?
    /// The counter window on the reference photo ("x,y,w,h" in thousandths); "" forgets it.
    var window: String?

    init(name: String? = nil, kind: String? = nil, unit: String? = nil, digits: String? = nil, decimals: String? = nil,
         pricePerUnit: String? = nil, window: String? = nil) {
        (self.name, self.kind, self.unit, self.digits, self.decimals, self.pricePerUnit, self.window) = (name, kind, unit, digits, decimals, pricePerUnit, window)
    }
}

/// The create form's photo, decoded beside its `MeterChanges`.
struct ReferenceUpload: Content {
    var reference: File?
}

/// The API's JSON for a meter: numbers as numbers.
struct MeterInput: Content {
    var name: String?
    var kind: String?
    var unit: String?
    var digits: Int?
    var decimals: Int?
    var pricePerUnit: String?
    var counterWindow: String?

    var changes: MeterChanges {
        MeterChanges(
            name: name, kind: kind, unit: unit, digits: digits.map(String.init), decimals: decimals.map(String.init),
            pricePerUnit: pricePerUnit, window: counterWindow
        )
    }
}

/// A new or corrected reading. `takenAt` is "2025-06-26T07:30" (what `datetime-local` sends,
/// read as UTC), full ISO 8601, or a date alone; nil means now for a new reading.
struct ReadingInput: Content {
    var value: String?
    var takenAt: String?
    /// The meter photo the value was read from (an id of the user's stored photos).
    var photo: String?
    var confidence: Double?
    /// Where the strip was on the photo ("x,y,w,h" thousandths): remembered for the next reading.
    var crop: String?
    /// The user looked at a flagged reading and it is right.
    var reviewed: Bool?
}

struct PhotoUploadForm: Content {
    var photo: File?
}

/// Reading the counter: the meter, where the strip is, and optionally a separate photo of it.
struct StripReadForm: Content {
    var meter: String?
    /// The crop in thousandths of the photo, as the overlay's fields send it.
    var x: Int?
    var y: Int?
    var w: Int?
    var h: Int?
    var strip: File?

    var crop: StripCrop? {
        guard let x, let y, let w, let h else { return nil }
        return StripCrop(x: x, y: y, width: w, height: h)
    }
}


/// `?period=30d|12m|custom&from=2025-01-01&to=2025-03-31`
struct ConsumptionQuery: Content {
    var period: String?
    var from: String?
    var to: String?
}

/// `?meter=…&uncertain=1` after a photo was matched.
struct ReadPhotoQuery: Content {
    var meter: String?
    var uncertain: String?
    /// The best guess when uncertain: listed first, not chosen.
    var guess: String?
    /// How far the first candidate led the second, in percent.
    var lead: Int?
}
