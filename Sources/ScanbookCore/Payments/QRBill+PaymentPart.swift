/// The payment part with receipt of a QR-bill as an SVG drawing in millimetres, laid out as the
/// Swiss Implementation Guidelines give it (section 3.4–3.7): A6 landscape (210 × 105 mm), the
/// receipt 62 mm wide on the left, the payment part with the 46 mm QR code and its Swiss cross,
/// titles 11 pt, headings 6/8 pt bold, values 8/10 pt, empty-field corner marks, the scissors
/// lines. Fonts: Liberation Sans (metric twin of Arial), then Arial, Helvetica, Frutiger.
public struct QRBillPaymentPart: Sendable {
    public let bill: QRBill
    /// The QR symbol of `bill.payload` (error correction M, no quiet zone).
    public let code: QRMatrix
    public let language: QRBill.Language

    public init(bill: QRBill, code: QRMatrix, language: QRBill.Language) {
        self.bill = bill
        self.code = code
        self.language = language
    }

    public static let widthMillimetres = 210.0
    public static let heightMillimetres = 105.0

    public var svg: String {
        let labels = QRBill.Labels(language)
        var drawing = Drawing()
        drawing.separators()
        receipt(labels, into: &drawing)
        paymentPart(labels, into: &drawing)
        let title = XMLWriter.escaped("\(labels.paymentPart) · \(labels.receipt)")
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"210mm\" height=\"105mm\" viewBox=\"0 0 210 105\" role=\"img\" aria-label=\"\(title)\">"
            + "<rect width=\"210\" height=\"105\" fill=\"#fff\"/>"
            + "<g font-family=\"Liberation Sans, Arial, Helvetica, Frutiger, sans-serif\" fill=\"#000\">" + drawing.body + "</g></svg>"
    }

    // MARK: The two parts

    private func receipt(_ labels: QRBill.Labels, into drawing: inout Drawing) {
        let left = 5.0
        drawing.text(labels.receipt, x: left, y: 5 + Point.mm(11) * 0.8, size: 11, bold: true)
        // Headings 6 pt, values 8 pt, 9 pt line spacing, 52 mm wide.
        var column = Column(left: left, width: 52, top: 12, headingSize: 6, valueSize: 8, lineSpacing: 9)
        column.section(labels.account, [formattedAccount] + Self.lines(of: bill.creditor), into: &drawing)
        if let reference = formattedReference { column.section(labels.reference, [reference], into: &drawing) }
        column.payer(bill.debtor, labels, emptyField: (width: 52, height: 20), into: &drawing)
        amount(labels, left: left, top: 68, headingSize: 6, valueSize: 8, amountOffset: 12, box: (x: 27, width: 30, height: 10), into: &drawing)
        drawing.text(labels.acceptancePoint, x: 57, y: 82 + Point.mm(6) + 1, size: 6, bold: true, anchorEnd: true)
    }

    private func paymentPart(_ labels: QRBill.Labels, into drawing: inout Drawing) {
        let left = 67.0
        drawing.text(labels.paymentPart, x: left, y: 5 + Point.mm(11) * 0.8, size: 11, bold: true)
        drawing.qrCode(code, x: left, y: 17, size: 46)
        amount(labels, left: left, top: 68, headingSize: 8, valueSize: 10, amountOffset: 15, box: (x: 78, width: 40, height: 15), into: &drawing)

        // Information: headings 8 pt, values 10 pt, 11 pt line spacing, 87 mm wide.
        var column = Column(left: 118, width: 87, top: 5, headingSize: 8, valueSize: 10, lineSpacing: 11)
        column.section(labels.account, [formattedAccount] + Self.lines(of: bill.creditor), into: &drawing)
        if let reference = formattedReference { column.section(labels.reference, [reference], into: &drawing) }
        let additional = [bill.isNotification ? labels.doNotUse : nil, bill.message, bill.billInformation]
            .compactMap { $0 }.filter { !$0.isEmpty }
        if !additional.isEmpty { column.section(labels.additionalInformation, additional, into: &drawing) }
        column.payer(bill.debtor, labels, emptyField: (width: 65, height: 25), into: &drawing)
        // Alternative schemes: 7 pt at the foot of the payment part.
        for (index, scheme) in bill.alternativeSchemes.prefix(2).enumerated() {
            drawing.text(String(scheme.prefix(90)), x: left, y: 93 + Double(index) * Point.mm(8), size: 7)
        }
    }

    /// The information column of either part: headed sections of wrapped values, written downwards.
    private struct Column {
        let left: Double, width: Double
        var y: Double
        let headingSize: Double, valueSize: Double, lineSpacing: Double

        init(left: Double, width: Double, top: Double, headingSize: Double, valueSize: Double, lineSpacing: Double) {
            (self.left, self.width, self.y) = (left, width, top)
            (self.headingSize, self.valueSize, self.lineSpacing) = (headingSize, valueSize, Point.mm(lineSpacing))
        }

        mutating func section(_ heading: String, _ lines: [String], into drawing: inout Drawing) {
            y += Point.mm(headingSize)
            drawing.text(heading, x: left, y: y, size: headingSize, bold: true)
            for line in lines.flatMap({ QRBillPaymentPart.wrap($0, width: width, size: valueSize) }) {
                y += lineSpacing
                drawing.text(line, x: left, y: y, size: valueSize)
            }
            y += lineSpacing * 0.6
        }

        /// The debtor, or a field with corner marks for the payer to fill in.
        mutating func payer(_ debtor: QRBill.Address?, _ labels: QRBill.Labels, emptyField: (width: Double, height: Double), into drawing: inout Drawing) {
            if let debtor {
                section(labels.payableBy, QRBillPaymentPart.lines(of: debtor), into: &drawing)
            } else {
                y += Point.mm(headingSize)
                drawing.text(labels.payableByNameAddress, x: left, y: y, size: headingSize, bold: true)
                drawing.cornerMarks(x: left, y: y + 1.5, width: emptyField.width, height: emptyField.height)
            }
        }
    }

    private func amount(_ labels: QRBill.Labels, left: Double, top: Double, headingSize: Double, valueSize: Double, amountOffset: Double,
                        box: (x: Double, width: Double, height: Double), into drawing: inout Drawing) {
        let headingY = top + Point.mm(headingSize)
        drawing.text(labels.currency, x: left, y: headingY, size: headingSize, bold: true)
        drawing.text(labels.amount, x: left + amountOffset, y: headingY, size: headingSize, bold: true)
        let valueY = headingY + Point.mm(valueSize + 3)
        drawing.text(bill.currency, x: left, y: valueY, size: valueSize)
        if let amount = bill.amount {
            drawing.text(Self.formattedAmount(amount.hundredths), x: left + amountOffset, y: valueY, size: valueSize)
        } else {
            drawing.cornerMarks(x: box.x, y: headingY + 1, width: box.width, height: box.height)
        }
    }

    // MARK: What the fields print as

    private var formattedAccount: String { IBAN(bill.account)?.formatted ?? bill.account }

    private var formattedReference: String? {
        bill.reference.flatMap { QRBill.printed(reference: $0, type: bill.referenceType) }
    }

    /// Name, street and number, postal code and town (the country before the postal code when it
    /// is not Switzerland or Liechtenstein).
    static func lines(of address: QRBill.Address) -> [String] {
        let street = [address.street, address.buildingNumber].filter { !$0.isEmpty }.joined(separator: " ")
        let place = (["CH", "LI"].contains(address.country) ? "" : address.country + "-") + address.postalCode + " " + address.town
        return [address.name, street, place].filter { !$0.allSatisfy { $0 == " " } }
    }

    /// 1234567.5 → "1 234 567.50": a space between thousands, a point before the hundredths.
    public static func formattedAmount(_ hundredths: Int) -> String {
        let whole = String(hundredths / 100)
        let cents = hundredths % 100
        var grouped = ""
        for (index, digit) in whole.enumerated() {
            if index > 0, (whole.count - index) % 3 == 0 { grouped.append(" ") }
            grouped.append(digit)
        }
        return grouped + "." + (cents < 10 ? "0" : "") + String(cents)
    }

    /// Breaks a value into lines that fit `width` millimetres at `size` points, at spaces where it
    /// can; Liberation Sans averages about 0.55 em per character.
    static func wrap(_ text: String, width: Double, size: Double) -> [String] {
        let perLine = max(8, Int(width / (Point.mm(size) * 0.55)))
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ") {
            var word = Substring(word)
            while word.count > perLine {
                if !current.isEmpty { lines.append(current); current = "" }
                lines.append(String(word.prefix(perLine)))
                word = word.dropFirst(perLine)
            }
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= perLine {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

extension QRBill {
    /// A reference in the groups it is printed in (QRR: 2 + 5 × 5 digits, SCOR: groups of four);
    /// nil for an empty one or type NON.
    public static func printed(reference: String, type: ReferenceType) -> String? {
        guard !reference.isEmpty else { return nil }
        switch type {
        case .qr: return (try? QRReference.parse(reference).get())?.formatted ?? reference
        case .creditor: return (try? CreditorReference.parse(reference).get())?.formatted ?? reference
        case .none: return nil
        }
    }
}

/// Typographic points in millimetres.
private enum Point {
    static func mm(_ points: Double) -> Double { points * 25.4 / 72 }
}

/// SVG elements in millimetres, numbers written with two decimals.
private struct Drawing {
    var body = ""

    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let fraction = magnitude % 100
        let decimals = fraction == 0 ? "" : fraction % 10 == 0 ? "." + String(fraction / 10) : "." + (fraction < 10 ? "0" : "") + String(fraction)
        return sign + String(magnitude / 100) + decimals
    }

    mutating func text(_ text: String, x: Double, y: Double, size: Double, bold: Bool = false, anchorEnd: Bool = false) {
        body += "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(Point.mm(size)))\""
            + (bold ? " font-weight=\"bold\"" : "") + (anchorEnd ? " text-anchor=\"end\"" : "")
            + ">" + XMLWriter.escaped(text) + "</text>"
    }

    /// The corner marks of a field left for the payer to fill in (0.75 pt lines, 3 mm long).
    mutating func cornerMarks(x: Double, y: Double, width: Double, height: Double) {
        let n = Self.number, arm = 3.0, right = x + width, bottom = y + height
        let path = "M\(n(x)) \(n(y + arm))V\(n(y))H\(n(x + arm))"
            + "M\(n(right - arm)) \(n(y))H\(n(right))V\(n(y + arm))"
            + "M\(n(x)) \(n(bottom - arm))V\(n(bottom))H\(n(x + arm))"
            + "M\(n(right - arm)) \(n(bottom))H\(n(right))V\(n(bottom - arm))"
        body += "<path d=\"\(path)\" fill=\"none\" stroke=\"#000\" stroke-width=\"\(n(Point.mm(0.75)))\"/>"
    }

    /// The code scaled to `size` millimetres, with the 7 mm Swiss cross at its centre.
    mutating func qrCode(_ code: QRMatrix, x: Double, y: Double, size: Double) {
        let scale = size / Double(code.side)
        body += "<g transform=\"translate(\(Self.number(x)) \(Self.number(y))) scale(\(scale))\" shape-rendering=\"crispEdges\">"
            + "<path d=\"\(code.pathData())\"/></g>"
        // The cross: a white 7 mm square, a black 6.5 mm square, a white cross of arms 1.17 × 3.89 mm.
        let n = Self.number, crossX = x + (size - 7) / 2, crossY = y + (size - 7) / 2
        body += "<rect x=\"\(n(crossX))\" y=\"\(n(crossY))\" width=\"7\" height=\"7\" fill=\"#fff\"/>"
            + "<rect x=\"\(n(crossX + 0.25))\" y=\"\(n(crossY + 0.25))\" width=\"6.5\" height=\"6.5\" fill=\"#000\"/>"
            + "<rect x=\"\(n(crossX + 2.92))\" y=\"\(n(crossY + 1.56))\" width=\"1.17\" height=\"3.89\" fill=\"#fff\"/>"
            + "<rect x=\"\(n(crossX + 1.56))\" y=\"\(n(crossY + 2.92))\" width=\"3.89\" height=\"1.17\" fill=\"#fff\"/>"
    }

    /// The dashed lines along which the bill is cut from an A4 invoice, scissors on the one between
    /// receipt and payment part (DejaVu has the symbol).
    mutating func separators() {
        let dash = "stroke=\"#000\" stroke-width=\"0.2\" stroke-dasharray=\"1 0.8\""
        body += "<line x1=\"0\" y1=\"0.1\" x2=\"210\" y2=\"0.1\" \(dash)/><line x1=\"62\" y1=\"0\" x2=\"62\" y2=\"105\" \(dash)/>"
        body += "<text x=\"63.3\" y=\"6\" font-size=\"3.5\" font-family=\"DejaVu Sans, sans-serif\" transform=\"rotate(90 62 5)\">✂</text>"
    }
}
