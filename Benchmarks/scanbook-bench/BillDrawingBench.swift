import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookRendering
import ScanbookVision

/// Issue 44: drawing an issued QR-bill's payment part (QR code, SVG layout, then PDF and a
/// 300 dpi PNG through librsvg and cairo), and reading the PNG back as a photo would be.
enum BillDrawingBench {
    static func run(count: Int, into table: inout BenchTable) throws {
        let bill = QRBill(
            account: "CH9300762011623852957", creditor: .init(name: "Turnverein Seeblick", street: "Seeweg", buildingNumber: "4", postalCode: "8800", town: "Thalwil", country: "CH"),
            amount: Amount(hundredths: 12_000), currency: "CHF", debtor: .init(name: "Hans Meier", street: "Dorfstrasse", buildingNumber: "3", postalCode: "8802", town: "Kilchberg", country: "CH"),
            referenceType: .creditor, reference: QRBill.issuedReference(.creditor, invoiceNumber: 1), message: "Jahresbeitrag 2027", billInformation: "//S1/10/1/11/261127"
        )
        var svg: [Duration] = [], pdf: [Duration] = [], png: [Duration] = [], read: [Duration] = []
        var readBack = 0
        let clock = ContinuousClock()
        for _ in 0..<count {
            var drawing = ""
            svg.append(try clock.measure {
                drawing = QRBillPaymentPart(bill: bill, code: try QRCodeWriter.encode(bill.payload), language: .de).svg
            })
            pdf.append(try clock.measure { _ = try SVGRenderer.render(drawing, as: .pdf) })
            var picture: [UInt8] = []
            png.append(try clock.measure { picture = try SVGRenderer.render(drawing, as: .png(pixelsPerMillimetre: 12)) })
            var slips: [Slip] = []
            // The reader's QR path, as for a photo of a bill.
            read.append(try clock.measure {
                slips = try BarcodeReader.decode(try Image.decode(picture)).filter { $0.symbology == .qrCode }.compactMap { Slip.fromQRCode($0.payload) }
            })
            if slips.first?.reference == bill.reference, slips.first?.amount == "120.00" { readBack += 1 }
        }
        let dataSet = "one generated bill (SCOR, debtor, message), drawn \(count) times"
        table.add("QR-bill drawn: SVG (code and layout), median", median(svg), dataSet: dataSet)
        table.add("QR-bill drawn: PDF, median", median(pdf), dataSet: dataSet)
        table.add("QR-bill drawn: PNG at 300 dpi, median", median(png), dataSet: dataSet)
        table.add("Drawn PNG read back as a photo, median", median(read), dataSet: dataSet)
        table.add("Drawn bills read back exactly", "\(readBack)/\(count)", dataSet: dataSet)
    }

    private static func median(_ durations: [Duration]) -> String {
        let sorted = durations.sorted()
        guard !sorted.isEmpty else { return "-" }
        let middle = sorted[sorted.count / 2]
        return String(format: "%.1f ms", Double(middle.components.attoseconds) / 1e15 + Double(middle.components.seconds) * 1_000)
    }
}
