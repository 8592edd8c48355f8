extension CalendarDate {
    /// Days since 1970-01-01 (negative before), so intervals are a subtraction.
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `dayNumber` days after 1970-01-01; nil outside the supported years.
    public init?(dayNumber: Int) {
        // 1900-01-01 is day −25,567 and 2199-12-31 day 84,005; anything else is refused before
        // the arithmetic below could overflow.
        guard (-25_567...84_005).contains(dayNumber) else { return nil }
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    public func adding(days: Int) -> CalendarDate? { dayNumber.adding(checked: days).flatMap(CalendarDate.init(dayNumber:)) }

    /// The UTC day of a moment given as seconds since 1970 (Foundation's `timeIntervalSince1970`).
    public init?(utcDayOfSecondsSince1970 seconds: Double) {
        let days = (seconds / 86_400).rounded(.down)
        guard days.isFinite, abs(days) < 1e9 else { return nil }
        self.init(dayNumber: Int(days))
    }
}
