import Vapor

/// A page's CSV upload (meter readings, exchange rates): one file field.
struct CSVImportForm: Content {
    var file: File?
}
