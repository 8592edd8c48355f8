/// The confidence model of a total reading (0–1, shown to the user and used to ask for a check):
/// where a reading starts by how it was found, what moves it, and the ceilings after a correction.
enum TotalConfidence {
    /// Cash − change, on a receipt without a total keyword.
    static let cashMinusChange = 0.6
    /// The largest amount in the lower part, without keyword or change line.
    static let largestAmount = 0.3
    /// A keyword's amount that cash and change confirm over a stronger keyword's.
    static let agreedWithCash = 0.85
    /// A keyword's amount: this, plus `perKeywordWeight` for each point of the keyword's weight.
    static let keywordBase = 0.55
    static let perKeywordWeight = 0.07
    /// Cash − change gives the same amount.
    static let cashAgrees = 0.2
    /// Another keyword line states the same amount.
    static let repeated = 0.1
    /// A larger amount stands beside a keyword nearly as strong: this one may be a partial sum.
    static let largerCandidate = 0.15
    /// At most this sure once the total was moved to cash − change's multiple of 0.05.
    static let afterCashRounding = 0.75
    /// At most this sure once the total was moved to what a rounding line states.
    static let afterRounding = 0.7
    /// At most this sure once a witness (the receipt's sums, its VAT line) replaced the amount read.
    static let afterWitness = 0.7
    /// At most this sure when one of the receipt's sums is one misread digit away from the total.
    static let oneSlipFromASum = 0.7
    /// At most this sure when the total's first digit was read from an "S" (a 5, or a "$"?).
    static let leadingS = 0.7
    /// A keyword reading is never certain and never worthless.
    static let range = 0.1...0.99
    /// OCR's word confidence (0–100) under which the total's digits are doubtful.
    static let doubtfulWordConfidence = 75.0
}
