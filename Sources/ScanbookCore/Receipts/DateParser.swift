/// Finds dates in receipt text: day-first numeric (`25/12/2018`, `26.06.25`, `1-3-2019`), ISO
/// (`2018-12-25`), and month names in English and German (`25 Dec 2018`, `Dec 25, 2018`,
/// `3. März 2025`). A date glued to other digits (`2018122512`) is not a date; one after a slash
/// or a letter (`80101911/26.06.2025`, `Date:25/12/2018`) is.
public enum DateParser {
    public struct Match: Equatable, Sendable {
        public let date: CalendarDate
        public let offset: Int
    }

    static let months: [String: Int] = [
        "jan": 1, "januar": 1, "january": 1, "jän": 1, "feb": 2, "februar": 2, "february": 2,
        "mar": 3, "mär": 3, "maerz": 3, "märz": 3, "march": 3, "apr": 4, "april": 4, "may": 5, "mai": 5,
        "jun": 6, "juni": 6, "june": 6, "jul": 7, "juli": 7, "july": 7, "aug": 8, "august": 8,
        "sep": 9, "sept": 9, "september": 9, "oct": 10, "okt": 10, "oktober": 10, "october": 10,
        "nov": 11, "november": 11, "dec": 12, "dez": 12, "dezember": 12, "december": 12,
    ]

    public static func dates(in line: String) -> [Match] {
        let characters = closingSeparatorGaps(Array(line))
        var found: [Match] = []
        var index = 0
        while index < characters.count {
            if characters[index].isASCII, characters[index].isNumber, index == 0 || !(characters[index - 1].isASCII && characters[index - 1].isNumber) {
                if let (date, length) = numericDate(characters, at: index) ?? namedDate(characters, at: index) {
                    found.append(Match(date: date, offset: index))
                    index += length
                    continue
                }
            } else if characters[index].isLetter, index == 0 || !characters[index - 1].isLetter,
                      let (date, length) = monthFirstDate(characters, at: index) {
                found.append(Match(date: date, offset: index))
                index += length
                continue
            }
            index += 1
        }
        return found
    }

    /// OCR puts a space after a date's separator ("12- 01-19"): a separator between a digit and a
    /// space followed by a digit loses the space. Offsets stay comparable within a line.
    static func closingSeparatorGaps(_ characters: [Character]) -> [Character] {
        func isDigit(_ index: Int) -> Bool { Self.isDigit(characters, at: index) }
        var result: [Character] = []
        for (index, character) in characters.enumerated() {
            if character == " ", index > 0, "-/.".contains(characters[index - 1]), isDigit(index - 2), isDigit(index + 1) { continue }
            result.append(character)
        }
        return result
    }

    /// Parses a whole string that should be a date (e.g. a label's "25/12/2018").
    public static func parse(_ text: String) -> CalendarDate? {
        dates(in: text).first?.date
    }

    /// A date whose separators OCR lost or read as digits: "1300372018" (13/03/2018, both read as
    /// digits), "060372018" (one lost, one read), "1202/2018" or "27032018" (lost). Only meaningful
    /// beside a date label; nil unless the day, month and year are valid.
    public static func separatorsReadAsDigits(_ line: String) -> CalendarDate? {
        let runs = line.split(whereSeparator: { !($0.isASCII && $0.isNumber) && !"/.-".contains($0) })
        for run in runs {
            let digits = run.compactMap { $0.isNumber ? Int(String($0)) : nil }
            func date(day: Int, month: Int, year: Int) -> CalendarDate? {
                let value = { (range: Range<Int>) in digits[range].reduce(0) { $0 * 10 + $1 } }
                let year = value(year..<year + 4)
                return (1990...2099).contains(year) ? CalendarDate(year: year, month: value(month..<month + 2), day: value(day..<day + 2)) : nil
            }
            switch digits.count {
            case 8: if let found = date(day: 0, month: 2, year: 4) { return found }
            case 9:
                // Which separator was lost is unknown: only a reading that just one way allows.
                let readings = [date(day: 0, month: 3, year: 5), date(day: 0, month: 2, year: 5)].compactMap { $0 }
                if readings.count == 1 { return readings[0] }
            case 10: if let found = date(day: 0, month: 3, year: 6) { return found }
            default: continue
            }
        }
        return nil
    }

    /// Eight digits that may be a date whose separators OCR lost or read as spaces: a word of eight
    /// digits ("27032018"), or digit words split where a day, month and year part ("27 03 2018",
    /// "27 032018") with no further digit word beside them (a phone number's groups).
    public static func eightDigitWords(in line: String) -> [String] {
        let words = line.split(separator: " ")
        func isDigits(_ index: Int) -> Bool { words.indices.contains(index) && words[index].allSatisfy { $0.isASCII && $0.isNumber } }
        var found: [String] = []
        for start in words.indices where isDigits(start) && !isDigits(start - 1) {
            var end = start, length = 0
            var boundaries: [Int] = []
            while isDigits(end), length < 8 {
                length += words[end].count
                boundaries.append(length)
                end += 1
            }
            guard length == 8, !isDigits(end), boundaries.dropLast().allSatisfy({ $0 == 2 || $0 == 4 }) else { continue }
            found.append(words[start..<end].joined())
        }
        return found
    }

    // MARK: - Forms

    private static func digits(_ characters: [Character], _ index: inout Int, max: Int) -> (value: Int, count: Int)? {
        var value = 0, count = 0
        while index < characters.count, count < max, characters[index].isASCII, characters[index].isNumber {
            value = value * 10 + Int(String(characters[index]))!
            count += 1
            index += 1
        }
        return count == 0 ? nil : (value, count)
    }

    /// An ASCII digit at `index`; false past either end.
    private static func isDigit(_ characters: [Character], at index: Int) -> Bool {
        characters.indices.contains(index) && characters[index].isASCII && characters[index].isNumber
    }

    private static func endsCleanly(_ characters: [Character], _ index: Int) -> Bool {
        !isDigit(characters, at: index)
    }

    private static func year(_ value: Int, digits count: Int) -> Int? {
        switch count {
        case 4: value
        case 2: value < 70 ? 2000 + value : 1900 + value
        default: nil
        }
    }

    private static func numericDate(_ characters: [Character], at start: Int) -> (CalendarDate, Int)? {
        var index = start
        guard let first = digits(characters, &index, max: 4), index < characters.count else { return nil }
        let separator = characters[index]
        guard "./-".contains(separator) else { return nil }
        index += 1
        guard let second = digits(characters, &index, max: 2), index < characters.count, characters[index] == separator else { return nil }
        index += 1
        let third: (value: Int, count: Int)
        if let glued = yearRunIntoTime(characters, &index) {
            third = glued
        } else {
            guard let read = digits(characters, &index, max: 4), endsCleanly(characters, index) else { return nil }
            third = read
        }
        if first.count == 4 {
            // ISO order: year, month, day.
            guard third.count <= 2, let date = CalendarDate(year: first.value, month: second.value, day: third.value) else { return nil }
            return (date, index - start)
        }
        guard first.count <= 2, let year = year(third.value, digits: third.count) else { return nil }
        // Day first (Europe, Malaysia); month first only when day-first is impossible.
        if let date = CalendarDate(year: year, month: second.value, day: first.value) { return (date, index - start) }
        if let date = CalendarDate(year: year, month: first.value, day: second.value) { return (date, index - start) }
        // OCR reads a leading 0 as 6, 8 or 9 ("19/62/2018", "92/02/2018", "87.05.25").
        if let date = CalendarDate(year: year, month: leadingZeroRepaired(second), day: leadingZeroRepaired(first)) { return (date, index - start) }
        return nil
    }

    /// "09/02/201811:40", "29-01-1820:38": the space between a date and its time of day lost, so
    /// the year's digits run into the hour's. A run of three to six digits right before ":MM" is a
    /// year (four digits when the run has five or more, else two) and an hour; a year is never
    /// followed by a colon. In an ISO date the same run is the day's digits and the hour's.
    /// `index` ends after the year (or day).
    private static func yearRunIntoTime(_ characters: [Character], _ index: inout Int) -> (value: Int, count: Int)? {
        func isDigit(_ at: Int) -> Bool { Self.isDigit(characters, at: at) }
        var colon = index
        while isDigit(colon), colon - index <= 6 { colon += 1 }
        guard (3...6).contains(colon - index), characters.indices.contains(colon), characters[colon] == ":",
              isDigit(colon + 1), isDigit(colon + 2), !isDigit(colon + 3) else { return nil }
        var yearEnd = index, hourEnd = index + (colon - index >= 5 ? 4 : 2), minuteEnd = colon + 1
        guard let year = digits(characters, &yearEnd, max: hourEnd - index), let hour = digits(characters, &hourEnd, max: 2),
              let minute = digits(characters, &minuteEnd, max: 2), hour.value <= 23, minute.value <= 59 else { return nil }
        index = yearEnd
        return year
    }

    private static func leadingZeroRepaired(_ number: (value: Int, count: Int)) -> Int {
        number.count == 2 && [6, 8, 9].contains(number.value / 10) ? number.value % 10 : number.value
    }

    private static func monthWord(_ characters: [Character], _ index: inout Int) -> Int? {
        var word = ""
        while index < characters.count, characters[index].isLetter { word.append(characters[index]); index += 1 }
        if index < characters.count, characters[index] == "." { index += 1 }
        return months[word.lowercased()]
    }

    private static func skipSpaces(_ characters: [Character], _ index: inout Int, allowing extra: String = "") {
        while index < characters.count, characters[index] == " " || extra.contains(characters[index]) { index += 1 }
    }

    /// "25 Dec 2018", "25-DEC-18", "3. März 2025".
    private static func namedDate(_ characters: [Character], at start: Int) -> (CalendarDate, Int)? {
        var index = start
        guard let day = digits(characters, &index, max: 2) else { return nil }
        skipSpaces(characters, &index, allowing: ".-/")
        guard let month = monthWord(characters, &index) else { return nil }
        skipSpaces(characters, &index, allowing: ",.-/")
        guard let yearDigits = digits(characters, &index, max: 4), endsCleanly(characters, index),
              let year = year(yearDigits.value, digits: yearDigits.count),
              let date = CalendarDate(year: year, month: month, day: day.value) else { return nil }
        return (date, index - start)
    }

    /// "Dec 25, 2018", "December 25 2018".
    private static func monthFirstDate(_ characters: [Character], at start: Int) -> (CalendarDate, Int)? {
        var index = start
        guard let month = monthWord(characters, &index) else { return nil }
        skipSpaces(characters, &index)
        guard let day = digits(characters, &index, max: 2) else { return nil }
        skipSpaces(characters, &index, allowing: ",")
        guard let yearDigits = digits(characters, &index, max: 4), yearDigits.count == 4, endsCleanly(characters, index),
              let date = CalendarDate(year: yearDigits.value, month: month, day: day.value) else { return nil }
        return (date, index - start)
    }
}
