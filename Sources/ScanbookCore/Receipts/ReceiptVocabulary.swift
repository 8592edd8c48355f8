/// The words receipts use, one list per concept, English, German and Malay side by side. Every
/// stage of the extractor asks here, so a word added for one receipt counts everywhere it means
/// the same thing. Phrases are matched as whole words on normalized text (`TotalKeywords.normalized`).
enum ReceiptVocabulary {
    /// A line about rounding to 0.05: the adjustment ("Rounding Adj -0.02", "Rundung 0.05") or the
    /// total after it.
    static let rounding = ["rounding", "rounded", "round adj", "rundung"]
    /// Phrases that name the total after rounding, so the line states the total itself.
    static let roundedTotal = ["rounded total", "total rounded", "after rounding"]

    /// Names of sales taxes.
    static let tax = ["gst", "tax", "vat", "mwst", "mehrwertsteuer", "ust", "tva", "iva"]
    /// "Total incl. GST", "inkl. MwSt", "inclusive", "with tax": the tax is part of the amount.
    static func statesTaxIncluded(_ text: String) -> Bool {
        ["incl", "inkl", "clusive"].contains(where: text.contains) || TotalKeywords.containsPhrase(text, "inc")
            || TotalKeywords.containsAny(text, ["with gst", "with tax", "with vat", "mit mwst"])
    }
    /// "excl.", "exklusive": the amount before tax.
    static func statesTaxExcluded(_ text: String) -> Bool {
        text.contains("excl") || text.contains("exkl")
    }
    /// Column titles of a tax summary beside the tax's name ("GST Rate", "Code", "MwSt-Satz").
    static let taxColumn = ["rate", "code", "satz"]

    /// The amount before taxes and charges.
    static let net = ["subtotal", "sub total", "zwischensumme", "netto", "excl", "excluding", "exclusive", "exkl"]
    /// Lines that look like a total but are a part of one or a count.
    static let partial = ["subtotal", "sub total", "sub-total", "zwischensumme", "total qty", "total quantity", "total item", "items", "qty", "before"]
    /// Added on top of the net amount.
    static let charges = tax + ["service charge", "svc chg", "srv chg", "service"]
    /// Taken off the net amount.
    static let discount = ["discount", "rabatt", "disc"]
    /// Money off or points that never state the total.
    static let savings = ["discount", "rabatt", "saving", "savings", "adjustment", "points", "punkte"]

    /// Money handed over ("Cash 50.00", "Bar", "Gegeben").
    static let handedOver = ["cash", "bar", "tunai", "tendered", "paid", "bezahlt", "gegeben"]
    /// A line about paying: money handed over, or "Payment 50.00". Not a disqualifier: "Total to
    /// pay 9.00" states the total.
    static let tendered = handedOver + ["pay", "payment"]
    /// Payment methods printed beside the amount paid.
    static let paymentMethods = ["kartenzahlung", "visa", "mastercard"]
    /// Money given back.
    static let change = ["change", "rückgeld", "ruckgeld", "wechselgeld", "baki", "retour"]

    /// A tax summary's heading ("GST Summary", "MwSt-Zusammenfassung"), as a word's ending.
    static let summaryHeadings = ["summary", "zusammenfassung"]
    /// The label of the purchase date.
    static let dateLabels = ["date", "datum", "tarikh", "dated"]

    /// Printed currency marks and their ISO 4217 codes. Marks of letters only ("RM", "FR.") count
    /// only as a word of their own or right before a number, never inside a word ("FORM", "FRAU").
    static let currencies: [(symbol: String, code: String)] = [
        ("CHF", "CHF"), ("SFR", "CHF"), ("FR.", "CHF"), ("EUR", "EUR"), ("€", "EUR"), ("MYR", "MYR"), ("RM", "MYR"),
        ("USD", "USD"), ("US$", "USD"), ("SGD", "SGD"), ("S$", "SGD"), ("GBP", "GBP"), ("£", "GBP"), ("$", "USD"),
    ]
    static let wordCurrencyMarks: Set<String> = ["RM", "FR."]
}
