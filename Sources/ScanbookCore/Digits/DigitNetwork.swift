/// A validated `DigitModel`'s layers rearranged for fast inference.
///
/// The file stores convolution weights [out][in][dy][dx] and dense weights [out][in] with a
/// convolution's output flattened channel by channel (C×H×W, as the trainer writes it). Here the
/// activations are kept pixel by pixel with their channels together (H×W×C), and every layer's
/// weights are one matrix [input][output] with the outputs padded to a multiple of 32: a 3×3
/// convolution is then that matrix applied to each pixel's 3×3×C patch, a dense layer the same
/// applied once, and each input value updates 32 outputs in four 8-lane registers.
struct DigitNetwork: Sendable {
    struct Kernel: Sendable {
        static let block = 32
        let inputs: Int, outputs: Int
        /// Outputs rounded up to `block`: the row length of `weights` and the length of `bias`.
        let stride: Int
        let weights: [Float]
        let bias: [Float]

        init(inputs: Int, outputs: Int, bias: [Float], weight: (_ input: Int, _ output: Int) -> Float) {
            self.inputs = inputs
            self.outputs = outputs
            stride = (outputs + Self.block - 1) / Self.block * Self.block
            var weights = [Float](repeating: 0, count: inputs * stride)
            for input in 0..<inputs {
                for output in 0..<outputs { weights[input * stride + output] = weight(input, output) }
            }
            self.weights = weights
            self.bias = bias + [Float](repeating: 0, count: stride - outputs)
        }
    }

    enum Step: Sendable {
        case conv(Kernel, height: Int, width: Int)
        case relu
        case maxPool(height: Int, width: Int, channels: Int)
        case dense(Kernel)
    }

    let steps: [Step]

    init(_ model: DigitModel) throws(DigitModel.Problem) {
        var steps: [Step] = []
        var channels = 1, height = model.inputHeight, width = model.inputWidth, flat = false
        for layer in try model.checkedLayers() {
            switch layer {
            case .conv3x3(let inputChannels, let outputChannels, let file, let bias):
                // Patch input index (dy·3 + dx)·C + c  ←  file index ((out·C + c)·3 + dy)·3 + dx.
                let kernel = Kernel(inputs: 9 * inputChannels, outputs: outputChannels, bias: bias) { input, output in
                    let (tap, channel) = input.quotientAndRemainder(dividingBy: inputChannels)
                    return file[((output * inputChannels + channel) * 9) + tap]
                }
                steps.append(.conv(kernel, height: height, width: width))
                channels = outputChannels
            case .relu:
                steps.append(.relu)
            case .maxPool2:
                steps.append(.maxPool(height: height, width: width, channels: channels))
                height /= 2
                width /= 2
            case .dense(let inputs, let outputs, let file, let bias):
                let (planeChannels, planeHeight, planeWidth, isFlat) = (channels, height, width, flat)
                let kernel = Kernel(inputs: inputs, outputs: outputs, bias: bias) { input, output in
                    guard !isFlat else { return file[output * inputs + input] }
                    // Pixel-major input (y·W + x)·C + c  ←  the file's channel-major (c·H + y)·W + x.
                    let (pixel, channel) = input.quotientAndRemainder(dividingBy: planeChannels)
                    let (y, x) = pixel.quotientAndRemainder(dividingBy: planeWidth)
                    return file[output * inputs + (channel * planeHeight + y) * planeWidth + x]
                }
                steps.append(.dense(kernel))
                flat = true
            }
        }
        self.steps = steps
    }

    /// The last layer's outputs for a standardized image (row by row, one channel).
    func scores(_ image: [Float]) -> [Float] {
        var values = image
        for step in steps {
            switch step {
            case .conv(let kernel, let height, let width):
                values = Self.convolve(values, height: height, width: width, kernel: kernel)
            case .relu:
                for index in values.indices where values[index] < 0 { values[index] = 0 }
            case .maxPool(let height, let width, let channels):
                values = Self.maxPool(values, height: height, width: width, channels: channels)
            case .dense(let kernel):
                values = Self.dense(values, kernel: kernel)
            }
        }
        return values
    }

    /// 3×3, "same" padding with zeros; input and output pixel-major.
    static func convolve(_ input: [Float], height: Int, width: Int, kernel: Kernel) -> [Float] {
        let channels = kernel.inputs / 9, paddedWidth = width + 2, row = 3 * channels
        var padded = [Float](repeating: 0, count: (height + 2) * paddedWidth * channels)
        var output = [Float](repeating: 0, count: height * width * kernel.outputs)
        var patch = [Float](repeating: 0, count: kernel.inputs)
        var result = [Float](repeating: 0, count: kernel.stride)
        padded.withUnsafeMutableBufferPointer { padded in
            input.withUnsafeBufferPointer { input in
                for y in 0..<height {
                    (padded.baseAddress! + ((y + 1) * paddedWidth + 1) * channels)
                        .update(from: input.baseAddress! + y * width * channels, count: width * channels)
                }
            }
            patch.withUnsafeMutableBufferPointer { patch in
                result.withUnsafeMutableBufferPointer { result in
                    output.withUnsafeMutableBufferPointer { output in
                        for y in 0..<height {
                            for x in 0..<width {
                                // The patch's three rows are each 3·C contiguous values of the padded plane.
                                for dy in 0..<3 {
                                    (patch.baseAddress! + dy * row)
                                        .update(from: padded.baseAddress! + ((y + dy) * paddedWidth + x) * channels, count: row)
                                }
                                multiply(UnsafePointer(patch.baseAddress!), kernel: kernel, into: result.baseAddress!)
                                (output.baseAddress! + (y * width + x) * kernel.outputs)
                                    .update(from: result.baseAddress!, count: kernel.outputs)
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    static func dense(_ input: [Float], kernel: Kernel) -> [Float] {
        var result = [Float](repeating: 0, count: kernel.stride)
        input.withUnsafeBufferPointer { input in
            result.withUnsafeMutableBufferPointer { result in
                multiply(input.baseAddress!, kernel: kernel, into: result.baseAddress!)
            }
        }
        return Array(result.prefix(kernel.outputs))
    }

    /// output[o] = bias[o] + Σᵢ input[i] · weights[i][o] for every o < stride, 32 outputs at a time
    /// (four 8-lane accumulators: each input value is loaded once per 32 outputs).
    @inline(__always)
    static func multiply(_ input: UnsafePointer<Float>, kernel: Kernel, into output: UnsafeMutablePointer<Float>) {
        let rowBytes = kernel.stride * MemoryLayout<Float>.stride
        kernel.weights.withUnsafeBytes { weights in
            kernel.bias.withUnsafeBytes { bias in
                let target = UnsafeMutableRawPointer(output)
                for offset in Swift.stride(from: 0, to: rowBytes, by: Kernel.block * MemoryLayout<Float>.stride) {
                    var a = bias.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                    var b = bias.loadUnaligned(fromByteOffset: offset + 32, as: SIMD8<Float>.self)
                    var c = bias.loadUnaligned(fromByteOffset: offset + 64, as: SIMD8<Float>.self)
                    var d = bias.loadUnaligned(fromByteOffset: offset + 96, as: SIMD8<Float>.self)
                    var row = weights.baseAddress! + offset
                    for index in 0..<kernel.inputs {
                        let value = input[index]
                        // After a ReLU about half the inputs are zero.
                        if value != 0 {
                            let broadcast = SIMD8<Float>(repeating: value)
                            a += broadcast * row.loadUnaligned(as: SIMD8<Float>.self)
                            b += broadcast * row.loadUnaligned(fromByteOffset: 32, as: SIMD8<Float>.self)
                            c += broadcast * row.loadUnaligned(fromByteOffset: 64, as: SIMD8<Float>.self)
                            d += broadcast * row.loadUnaligned(fromByteOffset: 96, as: SIMD8<Float>.self)
                        }
                        row += rowBytes
                    }
                    target.storeBytes(of: a, toByteOffset: offset, as: SIMD8<Float>.self)
                    target.storeBytes(of: b, toByteOffset: offset + 32, as: SIMD8<Float>.self)
                    target.storeBytes(of: c, toByteOffset: offset + 64, as: SIMD8<Float>.self)
                    target.storeBytes(of: d, toByteOffset: offset + 96, as: SIMD8<Float>.self)
                }
            }
        }
    }

    /// 2×2 maximum, pixel-major; an odd last row or column is dropped (as the trainer's pooling does).
    static func maxPool(_ input: [Float], height: Int, width: Int, channels: Int) -> [Float] {
        let outHeight = height / 2, outWidth = width / 2
        var output = [Float](repeating: 0, count: outHeight * outWidth * channels)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                let topLeft = (2 * y * width + 2 * x) * channels, below = width * channels
                for channel in 0..<channels {
                    let index = topLeft + channel
                    output[(y * outWidth + x) * channels + channel] = max(
                        input[index], input[index + channels], input[index + below], input[index + below + channels])
                }
            }
        }
        return output
    }
}
