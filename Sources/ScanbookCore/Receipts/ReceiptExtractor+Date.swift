/// The purchase date printed on the receipt.
extension ReceiptExtractor {
    func findDate(_ lines: [String]) -> CalendarDate? {
        func isLabelled(_ line: String) -> Bool {
            TotalKeywords.containsAny(TotalKeywords.normalized(line), ReceiptVocabulary.dateLabels)
        }
        // A "Date" label or a time of day beside it ("12-02-2018 11:34:45") says the line is the
        // receipt's time stamp, so its date is the purchase date.
        func isStamped(_ line: String) -> Bool { isLabelled(line) || (line.contains(":") && line.contains(/\d:\d\d/)) }
        // On a time stamp, a date after `latestDate` has a misread year ("Date: 31/03/2078",
        // "12-02-2618 11:34"); elsewhere it is as likely no date at all ("12.22.50").
        func checked(_ date: CalendarDate, stamped: Bool) -> CalendarDate? {
            if stamped { return yearSlipRepaired(date) }
            if let latestDate, date > latestDate { return nil }
            return date
        }
        func dates(in line: String) -> [CalendarDate] {
            DateParser.dates(in: line).compactMap { checked($0.date, stamped: isStamped(line)) }
        }
        for preferred in [isLabelled, isStamped] {
            if let found = lines.lazy.filter(preferred).map(dates).first(where: { !$0.isEmpty }) { return found.first }
        }
        if let anywhere = lines.lazy.compactMap({ dates(in: $0).first }).first { return anywhere }
        // Only on a time stamp ("25032018 13:11:54"): separators OCR read as digits ("Date: 1300372018").
        if let stamped = lines.lazy.filter(isStamped).compactMap({ line in
            DateParser.separatorsReadAsDigits(line).flatMap { checked($0, stamped: true) }
        }).first { return stamped }
        // Elsewhere only eight digits that read as a day, month and year of the last ten years
        // before the receipt was read ("27032018 No. CS-20242", "27 03 2018 No : CS-20243").
        guard let latestDate else { return nil }
        return lines.lazy.flatMap { DateParser.eightDigitWords(in: $0) }
            .compactMap { DateParser.separatorsReadAsDigits($0) }
            .first { $0 <= latestDate && $0.year >= latestDate.year - 10 }
    }

    /// `date`, or when it lies after `latestDate` its reading with one digit of the year
    /// changed ("2078" for "2018"), if exactly one such year lies in the ten years before.
    func yearSlipRepaired(_ date: CalendarDate) -> CalendarDate? {
        guard let latestDate, date > latestDate else { return date }
        let years = Self.oneSlipReadings(of: date.year).filter { (latestDate.year - 10...latestDate.year).contains($0) && $0 >= 1000 }
        guard years.count == 1, let year = years.first,
              let repaired = CalendarDate(year: year, month: date.month, day: date.day), repaired <= latestDate else { return nil }
        return repaired
    }
}
