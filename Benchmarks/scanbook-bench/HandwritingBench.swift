import Foundation
import ScanbookCore
import ScanbookOCR

/// The handwritten-digit model on the part of MNIST's training set it never trained on
/// (md5("mnist-train-i") % 100 < 15, the rule in `digit_corpus.load_mnist`), as printed (white on
/// black) and inverted (ink on paper); and digits per second on one core (inference on 28×28).
enum HandwritingBench {
    /// `directory` holds the uncompressed IDX files (`make bench` unpacks them into .build/mnist).
    static func run(directory: String, into table: inout BenchTable) throws {
        let images = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/train-images-idx3-ubyte")))
        let labels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/train-labels-idx1-ubyte")))
        func integer(_ bytes: [UInt8], at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard images.count >= 16, labels.count >= 8 else { return }
        let count = integer(images, at: 4), side = integer(images, at: 8)
        guard side == 28, images.count >= 16 + count * 784, labels.count >= 8 + count else { return }
        let indices = (0..<count).filter { DigitBench.heldBack("mnist-train-\($0)") }
        let reader = try DigitModels.reader(named: "handwritten")
        let set = "mnist-train, held-back \(indices.count) digits"
        for (inverted, label) in [(false, "as printed (white on black)"), (true, "inverted (dark ink on paper)")] {
            let cells = indices.map { index -> [UInt8] in
                let pixels = Array(images[(16 + index * 784)..<(16 + (index + 1) * 784)])
                return inverted ? pixels.map { 255 - $0 } : pixels
            }
            let start = ContinuousClock.now
            let readings = cells.map { reader.read(gray: $0) }
            let seconds = Double((ContinuousClock.now - start).milliseconds) / 1000
            let right = zip(indices, readings).filter { Int($1.value) == Int(labels[8 + $0]) }.count
            table.add("Handwritten digits, \(label): accuracy", ReceiptBench.share(right, indices.count), dataSet: set)
            table.add("Handwritten digits, \(label): throughput, one core (inference)", String(format: "%.0f digits/s", Double(indices.count) / seconds), dataSet: set)
        }
    }
}
