/// Reads one digit cell with a `DigitModel`: plain Swift, no native code, a few hundred thousand
/// multiply-adds per digit.
public struct DigitReader: Sendable {
    public let model: DigitModel

    public init(model: DigitModel) throws(DigitModel.Problem) {
        self.model = try model.validated()
    }

    public struct Reading: Sendable, Equatable, Codable {
        /// The most likely class ("0"…"9" for digit models).
        public let value: String
        /// Its probability (0–1).
        public let confidence: Double
        /// The runner-up and its probability: for a drum between two digits, the other one.
        public let second: String
        public let secondConfidence: Double
    }

    /// `pixels`: gray values 0–255, row by row, exactly `inputWidth` × `inputHeight` of them.
    public func read(gray pixels: [UInt8]) -> Reading {
        precondition(pixels.count == model.inputWidth * model.inputHeight, "resize the cell to the model's input size first")
        var values = Self.standardized(pixels)
        var channels = 1, height = model.inputHeight, width = model.inputWidth
        for layer in model.layers {
            switch layer.type {
            case "conv3x3":
                values = Self.convolve(values, channels: channels, height: height, width: width, layer: layer)
                channels = layer.outputChannels!
            case "relu":
                for index in values.indices where values[index] < 0 { values[index] = 0 }
            case "maxpool2":
                values = Self.maxPool(values, channels: channels, height: height, width: width)
                height /= 2
                width /= 2
            case "dense":
                values = Self.dense(values, layer: layer)
            default:
                break  // rejected by validation
            }
        }
        let probabilities = Self.softmax(values)
        let ranked = probabilities.indices.sorted { probabilities[$0] > probabilities[$1] }
        return Reading(
            value: model.classes[ranked[0]], confidence: Double(probabilities[ranked[0]]),
            second: model.classes[ranked[1]], secondConfidence: Double(probabilities[ranked[1]])
        )
    }

    /// Zero mean, unit deviation per image, as in training: lighting differs between meters.
    static func standardized(_ pixels: [UInt8]) -> [Float] {
        let values = pixels.map { Float($0) / 255 }
        let mean = values.reduce(0, +) / Float(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Float(values.count)
        let deviation = max(variance.squareRoot(), 1e-3)
        return values.map { ($0 - mean) / deviation }
    }

    /// 3×3, "same" padding with zeros; weights [out][in][dy][dx]. Each input plane is copied once
    /// into a zero border; output rows then use the padded stride too, so every weight is one long
    /// contiguous multiply-add (the two border columns of each row are computed and dropped).
    static func convolve(_ input: [Float], channels: Int, height: Int, width: Int, layer: DigitModel.Layer) -> [Float] {
        let outputs = layer.outputChannels!, weights = layer.weights!, bias = layer.bias!
        let stride = width + 2, plane = (height + 2) * stride, span = height * stride
        var padded = [Float](repeating: 0, count: channels * plane)
        for channel in 0..<channels {
            for y in 0..<height {
                for x in 0..<width {
                    padded[channel * plane + (y + 1) * stride + x + 1] = input[(channel * height + y) * width + x]
                }
            }
        }
        var wide = [Float](repeating: 0, count: span)
        var output = [Float](repeating: 0, count: outputs * height * width)
        padded.withUnsafeBufferPointer { padded in
            weights.withUnsafeBufferPointer { weights in
                wide.withUnsafeMutableBufferPointer { wide in
                    for out in 0..<outputs {
                        for index in 0..<span { wide[index] = bias[out] }
                        for channel in 0..<channels {
                            for dy in 0..<3 {
                                for dx in 0..<3 {
                                    let weight = weights[((out * channels + channel) * 3 + dy) * 3 + dx]
                                    let source = padded.baseAddress! + channel * plane + dy * stride + dx
                                    // Covers the rows of the output; the last row stops 2 short of the plane's end.
                                    for index in 0..<(span - 2) { wide[index] += weight * source[index] }
                                }
                            }
                        }
                        for y in 0..<height {
                            for x in 0..<width { output[(out * height + y) * width + x] = wide[y * stride + x] }
                        }
                    }
                }
            }
        }
        return output
    }

    static func maxPool(_ input: [Float], channels: Int, height: Int, width: Int) -> [Float] {
        let outHeight = height / 2, outWidth = width / 2
        var output = [Float](repeating: 0, count: channels * outHeight * outWidth)
        for channel in 0..<channels {
            let base = channel * height * width
            for y in 0..<outHeight {
                for x in 0..<outWidth {
                    let top = base + 2 * y * width + 2 * x
                    output[(channel * outHeight + y) * outWidth + x] = max(input[top], input[top + 1], input[top + width], input[top + width + 1])
                }
            }
        }
        return output
    }

    /// weights [out][in].
    static func dense(_ input: [Float], layer: DigitModel.Layer) -> [Float] {
        let outputs = layer.outputs!, inputs = layer.inputs!, weights = layer.weights!, bias = layer.bias!
        var output = bias
        input.withUnsafeBufferPointer { input in
            weights.withUnsafeBufferPointer { weights in
                for out in 0..<outputs {
                    var sum: Float = 0
                    let row = out * inputs
                    for index in 0..<inputs { sum += weights[row + index] * input[index] }
                    output[out] += sum
                }
            }
        }
        return output
    }

    static func softmax(_ values: [Float]) -> [Float] {
        let top = values.max() ?? 0
        let exponentials = values.map { exponential($0 - top) }
        let sum = exponentials.reduce(0, +)
        return exponentials.map { $0 / sum }
    }

    /// e^x for x ≤ 0 without Foundation: 2^(x·log2 e), the integer part as an exponent, the
    /// fraction by a Taylor polynomial of 2^f (relative error < 1e-6, plenty for a softmax).
    static func exponential(_ x: Float) -> Float {
        let scaled = max(x, -80) * 1.442_695_04
        let whole = scaled.rounded(.down)
        let f = (scaled - whole) * 0.693_147_18  // back to natural units, 0 ≤ f < ln 2
        var term: Float = 1, sum: Float = 1
        for n in 1...8 {
            term *= f / Float(n)
            sum += term
        }
        return Float(sign: .plus, exponent: Int(whole), significand: sum)
    }
}
