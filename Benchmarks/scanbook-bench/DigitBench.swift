import Crypto
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

/// The digit reader on the part of `meter-digits-train` that training never sees (md5 of the file
/// name % 100 < 15, the rule in `train_digits.py`). A reading of label x.f is correct when it is x
/// for f ≤ 2, x+1 for f ≥ 8, and either for f in 3…7. Also: digits per second on one core (decode +
/// resize + inference, as `scanbook digits` does), and Tesseract (PSM 10) on the same digits.
enum DigitBench {
    struct Sample {
        let path: String
        let tenths: Int
    }

    static func heldBack(_ name: String) -> Bool {
        let digest = Insecure.MD5.hash(data: Data(name.utf8))
        // The digest as one big number modulo 100: fold the bytes most significant first.
        return digest.reduce(0) { ($0 * 256 + Int($1)) % 100 } < 15
    }

    static func correct(_ digit: Int, tenths: Int) -> Bool {
        let low = tenths / 10 % 10, high = (tenths / 10 + 1) % 10, fraction = tenths % 10
        if fraction <= 2 { return digit == low }
        if fraction >= 8 { return digit == high }
        return digit == low || digit == high
    }

    static func run(directory: String, tesseractSample: Int, into table: inout BenchTable) async throws {
        let manager = FileManager.default
        var samples: [Sample] = []
        for folder in try manager.contentsOfDirectory(atPath: directory).sorted() {
            guard let label = Double(folder) else { continue }
            for file in try manager.contentsOfDirectory(atPath: directory + "/" + folder).sorted() where file.hasSuffix(".jpg") && heldBack(file) {
                samples.append(Sample(path: directory + "/" + folder + "/" + file, tenths: Int((label * 10).rounded())))
            }
        }
        let files = try samples.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0.path))) }
        let set = "meter-digits-train, held-back \(samples.count) digits"
        for (secondOpinion, label) in [(false, "Digit reader"), (true, "Digit reader with its second opinion (as strips are read)")] {
            let reader = try DigitModels.reader(named: "meter", secondOpinion: secondOpinion)
            let start = ContinuousClock.now
            var digits: [Int] = []
            for bytes in files {
                digits.append(Int(try reader.read(try Image.decode(bytes)).value) ?? -1)
            }
            let seconds = Double((ContinuousClock.now - start).milliseconds) / 1000
            let right = zip(samples, digits).filter { correct($1, tenths: $0.tenths) }.count
            table.add("\(label): accuracy (x.3–x.7 either neighbour)", ReceiptBench.share(right, samples.count), dataSet: set)
            table.add("\(label): throughput, one core (decode + resize + inference)", String(format: "%.0f digits/s", Double(samples.count) / seconds), dataSet: set)
        }

        // Tesseract on a spread of the same digits: enlarged 4×, one character.
        guard tesseractSample > 0 else { return }
        let pool = TesseractPool(threads: 1)
        defer { pool.shutdown() }
        let step = max(1, samples.count / tesseractSample)
        var tesseractRight = 0, tesseractTotal = 0
        for index in stride(from: 0, to: samples.count, by: step) {
            let image = try Image.decode(files[index]).grayscale()
            let large = try image.resized(width: image.width * 4, height: image.height * 4)
            let text = try await pool.recognize(large, options: OCROptions(languages: "eng", pageSegmentation: .singleCharacter)).text
            let digit = text.first(where: { $0.isASCII && $0.isNumber }).flatMap { Int(String($0)) } ?? -1
            tesseractTotal += 1
            if correct(digit, tenths: samples[index].tenths) { tesseractRight += 1 }
        }
        table.add("Tesseract baseline accuracy (PSM 10, eng, 4× enlarged)", ReceiptBench.share(tesseractRight, tesseractTotal), dataSet: "every \(step). of the same held-back digits")
    }
}
