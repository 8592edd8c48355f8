import ScanbookCore

/// Every Core parser and rule that outside input reaches. A parser added later is fuzzed by
/// adding it here: the CI test and `make bench` both run this list.
public enum ParserTargets {
    public static let all: [FuzzTarget] = receipts + meters + platform + money + PaymentTargets.all + FormTargets.all

    static let receipts: [FuzzTarget] = [
        FuzzTarget("AmountParser.amounts(in:)", seeds: ["Total CHF 12.50", "RM 65. 20", "1.234,50 EUR", "-0.02 rounding", "TOTAL 7.0o2", "l2.5O"]) { input, _ in
            let line = FuzzTarget.text(input)
            for match in AmountParser.amounts(in: line) where match.amount.minorUnits.magnitude >= 100_000_000 {
                return "amount \(match.amount) beyond what a receipt line may hold"
            }
            _ = (AmountParser.lostDecimalMark(in: line), AmountParser.spaceForDecimalMark(in: line), AmountParser.strayDigit(in: line))
            return nil
        },
        FuzzTarget("Amount(typed:)", seeds: ["12", "12.5", "12,50", "1'234.50", "1.234,50", "CHF 12.50", "€ 3"]) { input, _ in
            guard let amount = Amount(typed: FuzzTarget.text(input)) else { return nil }
            return amount.minorUnits < 0 || !Amount.bookable.contains(amount.hundredths) ? "typed amount \(amount) out of range" : nil
        },
        FuzzTarget("TypedNumber", seeds: ["1,5", "1.234", "12,345", "1'234.50", "1.234,50", "1 234,50", "-3,5", "0.123"]) { input, _ in
            let text = FuzzTarget.text(input)
            for mark in [DecimalMark.comma, .point] {
                guard let number = TypedNumber(text, mark: mark) else { continue }
                // What the page shows as read must read back as the same number.
                if TypedNumber(number.plain, mark: .point) != number { return "\(text) read as \(number.plain), which does not read back" }
            }
            return nil
        },
        FuzzTarget("DateParser", seeds: ["Datum: 12.03.2024", "25/12/2018", "2024-02-29", "1300372018", "12- 01-19", "Date 27032018"]) { input, _ in
            let line = FuzzTarget.text(input)
            for match in DateParser.dates(in: line) where !(1900...2199).contains(match.date.year) {
                return "date \(match.date) outside 1900–2199"
            }
            if let date = DateParser.separatorsReadAsDigits(line), !(1900...2199).contains(date.year) { return "date \(date) outside 1900–2199" }
            return nil
        },
        FuzzTarget("CalendarDate(iso:) and YearMonth", seeds: ["2025-06-26", "2199-12-31", "1900-01-01", "2025-06"]) { input, _ in
            let text = FuzzTarget.text(input)
            if let date = CalendarDate(iso: text) {
                guard date.description == text else { return "\(text) reads back as \(date)" }
                guard CalendarDate(dayNumber: date.dayNumber) == date else { return "day number of \(date) does not round-trip" }
                _ = (date.adding(days: Int.max), date.adding(days: Int.min))
            }
            if let month = YearMonth(text) { _ = (month.next, month.previous, month.firstDay, month.lastDay) }
            return nil
        },
        FuzzTarget("ReceiptExtractor", seeds: ["MIGROS\nTotal CHF 12.50\nBar 20.00\nRückgeld 7.50\nMwSt 8.1% 0.94", "SUBTOTAL 10.00\nGST 6% 0.60\nTOTAL RM 10.60\n12/01/2019"]) { input, _ in
            let lines = FuzzTarget.text(input).split(separator: "\n").map(String.init)
            let result = ReceiptExtractor().extract(lines: lines)
            if let total = result.total, !Amount.bookable.contains(total.hundredths) { return "total \(total) out of range" }
            _ = MerchantGuess.from(lines)
            for line in lines.prefix(5) { _ = TotalKeywords.learnablePhrase(fromLine: line) }
            return nil
        },
        FuzzTarget("MerchantMatcher", seeds: ["Migros Zürich", "COOP", "TEO HENG STATIONERY & BOOKS"]) { input, maker in
            let name = FuzzTarget.text(input)
            _ = MerchantMatcher().closest(to: name, among: [maker.text(maximumPieces: 12), name, ""])
            _ = MerchantGuess.normalizedKey(name)
            return nil
        },
    ]

    static let meters: [FuzzTarget] = [
        FuzzTarget("MeterCounter.parse/format", seeds: ["12345.6", "12345,6", "12'345.6", "0", "99999.9", "000123"]) { input, maker in
            let digits = Int.random(in: 1...12, using: &maker.random)
            guard let counter = MeterCounter(digits: digits, decimals: Int.random(in: 0...min(4, digits - 1), using: &maker.random)) else { return nil }
            guard let steps = counter.parse(FuzzTarget.text(input)) else { return nil }
            guard (0..<counter.rollover).contains(steps) else { return "\(steps) outside the counter" }
            return counter.parse(counter.format(steps)) == steps ? nil : "format/parse of \(steps) does not round-trip"
        },
        FuzzTarget("MeterReadingsCSV.decode", seeds: ["date,value\n2025-01-01,100\n2025-02-01,150.5\n", "Datum;Wert\r\n01.03.2025;12,5\r\n", "date,value\n\"2025-01-01\",\"1\"\"0\"\n"]) { input, _ in
            guard let counter = MeterCounter(digits: 8, decimals: 1) else { return nil }
            guard let rows = try? MeterReadingsCSV.decode(FuzzTarget.text(input), counter: counter, maximumRows: 50) else { return nil }
            if rows.count > 50 { return "\(rows.count) rows past the limit" }
            return rows.contains { !(0..<counter.rollover).contains($0.steps) } ? "a value outside the counter" : nil
        },
        FuzzTarget("StripCrop and UnitPrice", seeds: ["150,420,700,160", "0,0,1000,1000", "9223372036854775807,0,10,10", "0.1234", "12,50", "999999.9999"]) { input, maker in
            let text = FuzzTarget.text(input)
            if let crop = StripCrop(text) {
                guard crop.x + crop.width <= 1000, crop.y + crop.height <= 1000 else { return "crop \(crop) leaves the photo" }
                let rect = crop.pixels(width: maker.integer(), height: maker.integer())
                guard rect.width >= 1, rect.height >= 1 else { return "empty pixel crop" }
            }
            if let price = UnitPrice(typed: text) {
                guard UnitPrice(typed: price.description) == price else { return "price \(price) does not round-trip" }
                if let counter = MeterCounter(digits: 12, decimals: 3) { _ = price.cost(ofSteps: maker.integer(), on: counter) }
            }
            return nil
        },
        FuzzTarget("ReadingPlausibility and MeterHistory", seeds: [""]) { _, maker in
            guard let counter = MeterCounter(digits: Int.random(in: 1...12, using: &maker.random), decimals: 0) else { return nil }
            let count = Int.random(in: 0...12, using: &maker.random)
            var time = maker.integer() / 4
            let readings = (0..<count).map { _ in
                time = time.adding(saturating: Int.random(in: 0...100_000_000, using: &maker.random))
                return MeterHistory.Reading(time: time, steps: maker.integer())
            }
            _ = ReadingPlausibility().flags(sequence: readings.map { (day: $0.time / 86_400, steps: $0.steps) }, counter: counter)
            let history = MeterHistory(readings: readings, counter: counter)
            _ = history.intervals.map(\.milliStepsPerDay)
            _ = history.consumption(between: [maker.integer(), maker.integer(), maker.integer()].sorted())
            _ = history.used(at: maker.integer())
            return nil
        },
    ]

    static let platform: [FuzzTarget] = [
        FuzzTarget("ImageDimensions and UploadPolicy", seeds: [
            "\u{89}PNG\r\n\u{1A}\n\0\0\0\rIHDR\0\0\0\u{10}\0\0\0\u{10}\u{8}\u{2}\0\0\0",
            "\u{FF}\u{D8}\u{FF}\u{E0}\0\u{10}JFIF\0\u{1}\u{1}\0\0\u{1}\0\u{1}\0\0\u{FF}\u{C0}\0\u{11}\u{8}\0\u{30}\0\u{40}\u{3}\u{1}\u{22}\0\u{2}\u{11}\u{1}\u{3}\u{11}\u{1}",
        ]) { input, _ in
            if let dimensions = ImageDimensions(header: input), dimensions.pixels < 0 { return "negative pixel count" }
            _ = try? UploadPolicy(maximumBytes: 1_000_000, minimumSide: 32).check(input)
            return nil
        },
        FuzzTarget("MultipartCheck", seeds: [
            "--XX\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue\r\n--XX--\r\n",
            "--XX\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x.png\"\r\nContent-Type: image/png\r\n\r\n\u{0}\u{1}\r\n--XX--\r\n",
        ]) { input, maker in
            _ = MultipartCheck.problem(in: input, boundary: maker.random.next() % 4 == 0 ? maker.text(maximumPieces: 6) : "XX")
            return nil
        },
        FuzzTarget("XMLBudget", seeds: [
            "<?xml version=\"1.0\"?><Document xmlns=\"urn:x\"><A b='1' c=\"2\">t<!-- c --><![CDATA[<x>]]></A><B/></Document>",
            "<a b=1 c d=\"e\" / >", "<a><b><c><d>",
        ]) { input, _ in
            var budget = XMLBudget.paymentMessages
            budget.maximumAttributesPerElement = 4
            budget.maximumDepth = 3
            budget.maximumElements = 6
            guard let violation = budget.violation(in: input) else { return nil }
            // A refusal must name a real excess: the whole document under the limit is never refused for size.
            if case .tooLarge = violation, input.count <= budget.maximumBytes { return "refused \(input.count) bytes as too large" }
            return nil
        },
        FuzzTarget("JSONBudget", seeds: [#"{"a": [1, "x\"]", {"b": null}]}"#, "[[[[", "\"\\\""]) { input, _ in
            let budget = JSONBudget(maximumDepth: 3, maximumValues: 8)
            guard let violation = budget.violation(in: input) else { return nil }
            // Depth can only pass the limit at an opening bracket, so a body without one is never too deep.
            if violation == .tooDeep(maximum: 3), !input.contains(UInt8(ascii: "[")) && !input.contains(UInt8(ascii: "{")) { return "too deep without a bracket" }
            return nil
        },
        FuzzTarget("FormURLEncodedCheck", seeds: ["csrf=abc&email=a%40b.c&password=S%C3%B6mmer+2025", "a[b][c]=1&a[]=2", "q=%zz"]) { input, _ in
            _ = FormURLEncodedCheck.problem(in: input)
            return nil
        },
        FuzzTarget("EmailAddress and PasswordPolicy", seeds: ["Anna@Example.org ", "a@b", "x@y..z", "Sommer2025!", "pässwört ß"]) { input, _ in
            let text = FuzzTarget.text(input)
            if let email = try? EmailAddress(text), email.value.utf8.count > 254 { return "address longer than 254 bytes accepted" }
            _ = PasswordPolicy.standard.violations(of: text)
            return nil
        },
        FuzzTarget("IPAddress and ClientAddress", seeds: ["192.0.2.1", "2001:db8::1", "[::1]", "::ffff:10.0.0.1", "10.0.0.0/8", "fe80::1%eth0"]) { input, maker in
            let text = FuzzTarget.text(input)
            if let address = IPAddress(text), IPAddress(address.description) != address { return "\(text) does not round-trip" }
            if let range = IPAddressRange(text), let network = IPAddress(range.network.description), !range.contains(network) {
                return "range \(range) does not contain its own network"
            }
            _ = ClientAddress.resolve(peer: IPAddress("10.0.0.1"), forwardedFor: [text, maker.text(maximumPieces: 8)], trusted: IPAddressRange("10.0.0.0/8").map { [$0] } ?? [])
            return nil
        },
        FuzzTarget("LoginThrottle", seeds: [""]) { _, maker in
            let failures = (0..<Int.random(in: 0...40, using: &maker.random)).map { _ in Double(maker.integer()) }
            let decision = LoginThrottle.standard.decision(.init(accountFromAddress: failures, address: failures.reversed(), account: []), now: Double(maker.integer()))
            if case .wait(let seconds) = decision, !(seconds > 0 && seconds <= 15 * 60) { return "wait of \(seconds) s" }
            return nil
        },
    ]

    static let money: [FuzzTarget] = [
        FuzzTarget("ExpenseSplit input and parts", seeds: ["33.34", "33,34 %", "50", "12.50", "3"]) { input, maker in
            let text = FuzzTarget.text(input)
            let members = Array(0..<Int.random(in: 1...7, using: &maker.random))
            let mode = ExpenseSplit<Int>.Mode.allCases.randomElement(using: &maker.random) ?? .equal
            guard let split = try? ExpenseSplit<Int>(mode: mode, values: members.map { ($0, $0 == 0 ? text : maker.text(maximumPieces: 5)) }) else { return nil }
            guard let parts = try? split.parts(of: maker.integer()) else { return nil }
            return parts.map(\.1).saturatingSum() == parts.map(\.1).reduce(0, &+) ? nil : "parts overflow"
        },
        FuzzTarget("SettleUp, BudgetSummary and charts", seeds: [""]) { _, maker in
            let people = Int.random(in: 0...16, using: &maker.random)
            var balances: [Int: Int] = [:]
            for person in 0..<people { balances[person] = maker.integer() }
            // Mostly balanced, as a list's are; sometimes not, as a saturated sum could leave them.
            if people > 0, Bool.random(using: &maker.random) {
                let others = balances.filter { $0.key != 0 }.values.reduce(0) { $0.adding(saturating: $1) }
                balances[0] = others == Int.min ? Int.max : -others
            }
            let plan = SettleUp.plan(balances)
            if plan.contains(where: { $0.amount <= 0 }) { return "a transfer of \(plan.first { $0.amount <= 0 }?.amount ?? 0)" }
            let summary = BudgetSummary<Int>(
                categories: (0..<3).map { .init(id: $0, name: "c\($0)", budget: Bool.random(using: &maker.random) ? maker.integer() : nil) },
                spending: (0..<5).map { _ in .init(category: Int.random(in: 0...4, using: &maker.random), amount: maker.integer()) },
                uncategorizedName: "other"
            )
            _ = (summary.totalSpent, summary.totalRemaining, summary.chartScale, summary.rows.map { ($0.remaining, $0.percentUsed) })
            let chart = ChartGeometry(width: 600, height: 180)
            _ = chart.line((0..<4).map { _ in (x: maker.integer(), y: maker.integer()) })
            _ = chart.bars((0..<4).map { _ in Bool.random(using: &maker.random) ? maker.integer() : nil })
            let ticks = ChartGeometry.ticks(low: maker.integer(), high: maker.integer())
            if ticks.isEmpty || ticks.count > 6 { return "\(ticks.count) axis ticks" }
            _ = chart.line([(x: 0, y: maker.integer())], yDomain: ticks[0]...ticks[ticks.count - 1])
            return nil
        },
    ]
}
