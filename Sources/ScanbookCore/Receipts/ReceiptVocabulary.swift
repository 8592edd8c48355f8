/// The words receipts use, one list per concept, every language side by side, from
/// `ReceiptLexicon` (the data files). Every stage of the extractor asks here, so a word added for
/// one receipt counts everywhere it means the same thing. Phrases are matched as whole words on
/// normalized text (`TotalKeywords.normalized`).
enum ReceiptVocabulary {
    private static let lexicon = ReceiptLexicon.standard

    /// A line about rounding to 0.05: the adjustment ("Rounding Adj -0.02", "Rundung 0.05") or the
    /// total after it.
    static let rounding = lexicon["rounding"]
    /// Phrases that name the total after rounding, so the line states the total itself.
    static let roundedTotal = lexicon["rounded-total"]

    /// Names of sales taxes.
    static let tax = lexicon["tax"]
    /// "Total incl. GST", "inkl. MwSt", "inclusive", "with tax", "TTC": the tax is part of the amount.
    static func statesTaxIncluded(_ text: String) -> Bool {
        lexicon["tax-included-stem"].contains(where: text.contains) || TotalKeywords.containsAny(text, lexicon["tax-included"])
    }
    /// "excl.", "exklusive": the amount before tax.
    static func statesTaxExcluded(_ text: String) -> Bool {
        lexicon["tax-excluded-stem"].contains(where: text.contains)
    }
    /// Column titles of a tax summary beside the tax's name ("GST Rate", "Code", "MwSt-Satz").
    static let taxColumn = lexicon["tax-column"]

    /// The amount before taxes and charges.
    static let net = lexicon["net"]
    /// Lines that look like a total but are a part of one or a count.
    static let partial = lexicon["partial"]
    /// Added on top of the net amount.
    static let charges = tax + lexicon["charges"]
    /// Taken off the net amount.
    static let discount = lexicon["discount"]
    /// Money off or points that never state the total.
    static let savings = lexicon["savings"]

    /// Money handed over ("Cash 50.00", "Bar", "Gegeben").
    static let handedOver = lexicon["handed-over"]
    /// A line about paying: money handed over, or "Payment 50.00". Not a disqualifier: "Total to
    /// pay 9.00" states the total.
    static let tendered = handedOver + lexicon["paying"]
    /// Payment methods printed beside the amount paid.
    static let paymentMethods = lexicon["payment-method"]
    /// Money given back.
    static let change = lexicon["change"]

    /// A tax summary's heading ("GST Summary", "MwSt-Zusammenfassung"), as a word's ending.
    static let summaryHeadings = lexicon["summary-heading"]
    /// The label of the purchase date.
    static let dateLabels = lexicon["date-label"]
    /// Words of the lines worth a second look, matched inside words.
    static let secondLook = lexicon["second-look-stem"]

    /// Company forms (GmbH, AG, Sdn Bhd, Ltd) and shop words that mark the merchant's line.
    static let companyForms = lexicon["company-form"]
    /// Lines that name the company's registration, not the company.
    static let registration = lexicon["registration"]
    /// "Owned by" before the owning company's name, longest first ("dimiliki oleh" before "dimiliki").
    static let ownerPrefixes = lexicon["owner-prefix"].sorted { $0.count > $1.count }
    /// Lines at the top that are not the merchant: document titles, and what some tills print above
    /// the name (thanks and store policies, "Goods sold are not returnable"; who served, "Cashier").
    static let headings = lexicon["heading"] + lexicon["courtesy"] + lexicon["staff"]
    /// Words of an address ("Jalan", "Strasse", "Floor") and of contact lines ("Tel", "Fax").
    static let addressWords = lexicon["address"] + lexicon["contact"]
    /// Endings of compound street names ("Bahnhofstrasse").
    static let addressEndings = lexicon["address-ending"]

    /// Printed currency marks and their ISO 4217 codes (where a mark counts: `marksCurrency`); a bare
    /// "$" names no one currency (`findCurrency` settles it).
    static let currencies: [(symbol: String, code: String)] = [
        ("CHF", "CHF"), ("SFR", "CHF"), ("FR.", "CHF"), ("EUR", "EUR"), ("€", "EUR"), ("MYR", "MYR"), ("RM", "MYR"),
        ("USD", "USD"), ("US$", "USD"), ("SGD", "SGD"), ("S$", "SGD"), ("GBP", "GBP"), ("£", "GBP"),
        ("$", ReceiptExtractor.dollarSign),
    ]
    /// Words only one country's receipts print ("Sdn Bhd": Malaysia), under `[country-<currency>]`,
    /// with the ISO 4217 code of that country's currency.
    static let countryMarks: [(code: String, phrases: [String])] = lexicon.phrases
        .filter { $0.key.hasPrefix("country-") }
        .map { (code: $0.key.dropFirst("country-".count).uppercased(), phrases: $0.value) }
        .sorted { $0.code < $1.code }
}
