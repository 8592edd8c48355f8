/// One thing bought: its name as printed, the quantity and unit price when the receipt states
/// them ("2 x 0,89", "1 X 5.20"), and the line's amount (negative for a discount).
public struct ReceiptItem: Equatable, Sendable, Codable {
    public var name: String
    /// As printed ("2", "0,645 kg" reads as "0.645").
    public var quantity: String?
    public var unitPrice: Amount?
    public var amount: Amount

    public init(name: String, quantity: String? = nil, unitPrice: Amount? = nil, amount: Amount) {
        self.name = name
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.amount = amount
    }
}

/// A receipt's items and whether they add up to what it says they cost.
public struct ReceiptItemList: Equatable, Sendable, Codable {
    public var items: [ReceiptItem]
    /// The items' amounts add up to the receipt's sub-total, its net amount or its total (to the
    /// cent, or to the total's 0.05 rounding): read whole, none lost or read wrong.
    public var addsUp: Bool

    public init(items: [ReceiptItem], addsUp: Bool) {
        self.items = items
        self.addsUp = addsUp
    }

    public static let none = ReceiptItemList(items: [], addsUp: false)

    /// The items' amounts added up, nil on overflow.
    public var sum: Amount? {
        var hundredths = 0
        for item in items {
            let (added, overflow) = hundredths.addingReportingOverflow(item.amount.hundredths)
            guard !overflow else { return nil }
            hundredths = added
        }
        return Amount(minorUnits: hundredths, decimals: 2)
    }
}

extension ReceiptExtractor {
    /// The item lines between the header and the first line naming a sum, tax, payment or total:
    /// a line with a name and an amount is an item; a line of a code, a quantity and prices takes
    /// the name of the name-only line above it (SROIE's two-line items); a quantity line alone
    /// ("2 x 0,89") gives the next item its quantity; a discount line is an item taking money off.
    /// `total`: the receipt's total, which the items should add up to (with the sub-total or net
    /// amount printed above it, when there is one).
    public func items(_ lines: [String], total: Amount?) -> ReceiptItemList {
        let sumWords = ReceiptVocabulary.net + ReceiptVocabulary.partial + ReceiptVocabulary.tax + ReceiptVocabulary.rounding
            + ReceiptVocabulary.tendered + ReceiptVocabulary.change + ReceiptVocabulary.paymentMethods
        let end = min(lines.count, Self.summaryStart(lines))
        var items: [ReceiptItem] = []
        var pendingName: String?
        var pendingQuantity: (quantity: String, unit: Amount)?
        var subtotals: [Amount] = []
        var started = false
        for index in 0..<end {
            let line = lines[index]
            let amounts = AmountParser.amounts(in: line)
            let normalized = TotalKeywords.normalized(Self.glueSplit(line))
            if keywords.weight(of: line) != nil || TotalKeywords.containsAny(normalized, sumWords) {
                // A sub-total or net line is what the items should add up to; the first sum line
                // after the items ends them.
                if TotalKeywords.containsAny(normalized, ReceiptVocabulary.net + ReceiptVocabulary.partial), let value = amounts.last?.amount {
                    subtotals.append(value)
                }
                if started { break }
                continue
            }
            let name = Self.itemName(line, amounts: amounts)
            if TotalKeywords.containsAny(normalized, ReceiptVocabulary.discount), let value = amounts.last?.amount {
                guard started else { continue }
                items.append(ReceiptItem(name: name ?? line, amount: Amount(minorUnits: -abs(value.minorUnits), decimals: value.decimals)))
                continue
            }
            let quantity = Self.quantityAndUnit(line)
            // "2 x 0,89" or "0,645 kg x 2,99 EUR/kg" alone on a line (its last amount the unit
            // price): the quantity of the item below, or of the one above when that has none yet.
            if let quantity, name == nil, let last = amounts.last?.amount, last.hundredths == quantity.unit.hundredths,
               !amounts.dropLast().contains(where: { $0.amount.decimals == 2 }) {
                if let index = items.indices.last, items[index].quantity == nil, pendingName == nil,
                   let count = TypedNumber(quantity.quantity, mark: .point), Self.gives(count, quantity.unit, items[index].amount) {
                    (items[index].quantity, items[index].unitPrice) = (quantity.quantity, quantity.unit)
                } else {
                    pendingQuantity = quantity
                }
                continue
            }
            // A price ends the line (a tax class may follow): "35.5×25.5CM" in a name is no price.
            guard let last = amounts.last?.amount, Self.endsWithPrice(line, amounts) else {
                // A name alone: the next line's prices are its. A line of article codes
                // ("EZ10HD05 - 24") between them changes nothing.
                if let name, Self.hasWord(name) { pendingName = name }
                continue
            }
            guard let itemName = name ?? pendingName else { continue }
            var item = ReceiptItem(name: itemName, amount: last.asHundredths)
            if let quantity {
                (item.quantity, item.unitPrice) = (quantity.quantity, quantity.unit)
            } else if let pending = pendingQuantity {
                (item.quantity, item.unitPrice) = (pending.quantity, pending.unit)
            }
            // A quantity and unit price that do not give the amount were misread: the amount stands.
            if let unit = item.unitPrice, let count = item.quantity.flatMap({ TypedNumber($0, mark: .point) }), !Self.gives(count, unit, item.amount) {
                (item.quantity, item.unitPrice) = (nil, nil)
            }
            items.append(item)
            started = true
            pendingName = nil
            pendingQuantity = nil
        }
        guard !items.isEmpty, let sum = ReceiptItemList(items: items, addsUp: false).sum else { return ReceiptItemList(items: items, addsUp: false) }
        let targets = subtotals + (total.map { [$0] } ?? [])
        let addsUp = targets.contains { target in
            sum.hundredths == target.hundredths || (target.hundredths % 5 == 0 && (sum.hundredths + 2) / 5 * 5 == target.hundredths)
        }
        return ReceiptItemList(items: items, addsUp: addsUp)
    }

    /// The words before the line's first amount or quantity, without codes (article numbers,
    /// barcodes), tax classes ("A", "S", "*") and stray punctuation; nil when no word of two
    /// letters is left.
    static func itemName(_ line: String, amounts: [AmountParser.Match]) -> String? {
        let characters = Array(line)
        let cut = min(amounts.first?.offset ?? characters.count, characters.count)
        let head = String(characters[..<cut])
        var words = head.split(whereSeparator: \.isWhitespace).map(String.init)
        // An article number or barcode before the name is no part of it.
        while let first = words.first, first.count >= 4, first.allSatisfy(\.isNumber) { words.removeFirst() }
        // A tax class after it ("A", "*", "S") neither.
        while let last = words.last, last.count == 1, !(last.first?.isNumber ?? true) { words.removeLast() }
        // Units, a currency or the quantity's "x" alone make no name.
        guard words.contains(where: { word in word.filter(\.isLetter).count >= 2 && !nonNames.contains(word.lowercased().filter(\.isLetter)) }) else { return nil }
        var name = words.joined(separator: " ")
        while let last = name.last, !last.isLetter && !last.isNumber && last != ")" && last != "%" { name.removeLast() }
        while let first = name.first, !first.isLetter && !first.isNumber { name.removeFirst() }
        guard name.contains(where: \.isLetter), name.filter(\.isLetter).count >= 2 else { return nil }
        return name
    }

    /// The line's last amount has two decimals and nothing but a tax class (a letter, a symbol or
    /// one digit: Aldi Nord, dm, Migros and Coop print "5.90 2"), a currency or a symbol after it.
    static func endsWithPrice(_ line: String, _ amounts: [AmountParser.Match]) -> Bool {
        guard let last = amounts.last, last.amount.decimals == 2 else { return false }
        let characters = Array(line)
        var end = min(characters.count, last.offset)
        // Past the amount's own characters.
        while end < characters.count, characters[end].isNumber || ".,'-".contains(characters[end]) || characters[end] == " " && end == last.offset { end += 1 }
        let rest = String(characters[end...]).trimmingWhitespace()
        return rest.count <= 2 && !rest.contains(where: \.isNumber) || rest.count == 1 && rest.first?.isASCII == true && rest.first?.isNumber == true
            || nonNames.contains(rest.lowercased()) || ["€", "$"].contains(rest)
    }

    /// A word of three letters in a row: a name, not an article code ("EZ10HD05").
    static func hasWord(_ text: String) -> Bool {
        var run = 0
        for character in text {
            run = character.isLetter ? run + 1 : 0
            if run >= 3 { return true }
        }
        return false
    }

    /// Words that are units or currencies, never an item's name.
    static let nonNames: Set<String> = ["kg", "g", "l", "st", "stk", "pcs", "pc", "x", "eur", "chf", "rm", "usd", "gbp", "eurkg", "chfkg"]

    /// "2 x 0,89", "1 X 5.20", "3 @ 1.50", "0,645 kg x 2,99 EUR/kg": the quantity and the unit price.
    static func quantityAndUnit(_ line: String) -> (quantity: String, unit: Amount)? {
        // Most lines have no multiplication sign: they are passed over without the regex engine,
        // which took a sixth of finding a receipt's fields.
        guard line.unicodeScalars.contains(where: { "xX×@*".unicodeScalars.contains($0) }),
              let match = line.firstMatch(of: /(\d{1,4}(?:[.,]\d{1,3})?)\s*(?:kg|g|l|st|stk|pcs|pc)?\s*[xX×@*]\s*(?:[A-Za-z€$]{1,3}\s*)?(\d{1,6}[.,]\d{2})/) else { return nil }
        guard let unit = AmountParser.amounts(in: String(match.output.2)).first?.amount else { return nil }
        return (String(match.output.1).replacing(",", with: "."), unit.asHundredths)
    }

    /// quantity × unit price = amount, to the cent (weighed goods round to the cent or to 0.05).
    static func gives(_ quantity: TypedNumber, _ unit: Amount, _ amount: Amount) -> Bool {
        guard let thousandths = quantity.scaled(to: 3) else { return false }
        let (product, overflow) = thousandths.multipliedReportingOverflow(by: unit.hundredths)
        guard !overflow else { return false }
        // In hundred-thousandths of the currency: within a cent (weighed goods round either way),
        // or 2.5 cents for an amount rounded to 0.05.
        let (target, tooLarge) = amount.hundredths.multipliedReportingOverflow(by: 1_000)
        guard !tooLarge else { return false }
        let difference = product.subtractingReportingOverflow(target)
        guard !difference.overflow else { return false }
        return difference.partialValue.magnitude <= 1_000 || (difference.partialValue.magnitude <= 2_500 && amount.hundredths % 5 == 0)
    }
}
