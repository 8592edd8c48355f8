import Testing
@testable import ScanbookCore

@Suite struct DigitReaderTests {
    /// A 4×2 "image" model: one dense layer that scores the left and the right half.
    static func halvesModel(extraLayer: DigitModel.Layer? = nil) -> DigitModel {
        let left: [Float] = [1, 1, 0, 0, 1, 1, 0, 0], right: [Float] = [0, 0, 1, 1, 0, 0, 1, 1]
        var layers = [DigitModel.Layer(type: "dense", inputChannels: nil, outputChannels: nil, inputs: 8, outputs: 2, weights: left + right, bias: [0, 0])]
        if let extraLayer { layers.insert(extraLayer, at: 0) }
        return DigitModel(format: "scanbook-digits-1", inputWidth: 4, inputHeight: 2, classes: ["L", "R"], layers: layers)
    }

    @Test func readsWhichHalfIsBright() throws {
        let reader = try DigitReader(model: Self.halvesModel())
        let bright: UInt8 = 250, dark: UInt8 = 10
        let leftBright = reader.read(gray: [bright, bright, dark, dark, bright, bright, dark, dark])
        #expect(leftBright.value == "L" && leftBright.second == "R")
        #expect(leftBright.confidence > 0.99 && abs(leftBright.confidence + leftBright.secondConfidence - 1) < 1e-5)
        #expect(reader.read(gray: [dark, dark, bright, bright, dark, dark, bright, bright]).value == "R")
        let even = reader.read(gray: [UInt8](repeating: 128, count: 8))
        #expect(abs(even.confidence - 0.5) < 1e-5, "a flat image favours neither")
    }

    @Test func aSecondOpinionIsAveragedIn() throws {
        // The second network reads the halves the other way round: together they cannot decide.
        let first = Self.halvesModel(), swapped = DigitModel(
            format: first.format, inputWidth: 4, inputHeight: 2, classes: first.classes,
            layers: [DigitModel.Layer(type: "dense", inputChannels: nil, outputChannels: nil, inputs: 8, outputs: 2,
                                      weights: [0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0], bias: [0, 0])]
        )
        let leftBright: [UInt8] = [250, 250, 10, 10, 250, 250, 10, 10]
        #expect(try DigitReader(model: first).read(gray: leftBright).confidence > 0.99)
        let both = try DigitReader(model: first, secondOpinion: swapped)
        #expect(abs(both.read(gray: leftBright).confidence - 0.5) < 1e-5)
        #expect(abs(both.readEitherPolarity(gray: leftBright).confidence - 0.5) < 1e-5)
        let otherClasses = DigitModel(format: first.format, inputWidth: 4, inputHeight: 2, classes: ["A", "B"], layers: first.layers)
        #expect(throws: DigitModel.Problem.self) { try DigitReader(model: first, secondOpinion: otherClasses) }
    }

    @Test func convolutionWithACentreKernelKeepsTheImage() throws {
        var identity = [Float](repeating: 0, count: 9)
        identity[4] = 1
        let conv = DigitModel.Layer(type: "conv3x3", inputChannels: 1, outputChannels: 1, inputs: nil, outputs: nil, weights: identity, bias: [0])
        let reader = try DigitReader(model: Self.halvesModel(extraLayer: conv))
        #expect(reader.read(gray: [250, 250, 10, 10, 250, 250, 10, 10]).value == "L")
        let input: [Float] = [1, 2, 3, 4, 5, 6, 7, 8]
        let kernel = { (weights: [Float]) in DigitNetwork.Kernel(inputs: 9, outputs: 1, bias: [0]) { input, _ in weights[input] } }
        #expect(DigitNetwork.convolve(input, height: 2, width: 4, kernel: kernel(identity)) == input)
        var sum = [Float](repeating: 1, count: 9)
        sum[4] = 1
        // Top-left cell sees itself, its right, below and below-right neighbours (zero padding).
        #expect(DigitNetwork.convolve(input, height: 2, width: 4, kernel: kernel(sum))[0] == 1 + 2 + 5 + 6)
        #expect(DigitNetwork.maxPool(input, height: 2, width: 4, channels: 1) == [6, 8])
    }

    /// The rearranged network against a plain reading of the file's layout (channel-major planes,
    /// weights [out][in][dy][dx] and [out][in]) on a random model with every layer type, odd sizes
    /// and channel counts that are not multiples of the kernel's 16 lanes.
    @Test func theFastLayoutComputesWhatTheFileSays() throws {
        var generator = SeededRandom(seed: 7)
        func random(_ count: Int) -> [Float] { (0..<count).map { _ in Float(generator.next() % 2001) / 1000 - 1 } }
        func conv(_ inputs: Int, _ outputs: Int) -> DigitModel.Layer {
            DigitModel.Layer(type: "conv3x3", inputChannels: inputs, outputChannels: outputs, inputs: nil, outputs: nil, weights: random(outputs * inputs * 9), bias: random(outputs))
        }
        func dense(_ inputs: Int, _ outputs: Int) -> DigitModel.Layer {
            DigitModel.Layer(type: "dense", inputChannels: nil, outputChannels: nil, inputs: inputs, outputs: outputs, weights: random(outputs * inputs), bias: random(outputs))
        }
        let relu = DigitModel.Layer(type: "relu", inputChannels: nil, outputChannels: nil, inputs: nil, outputs: nil, weights: nil, bias: nil)
        let pool = DigitModel.Layer(type: "maxpool2", inputChannels: nil, outputChannels: nil, inputs: nil, outputs: nil, weights: nil, bias: nil)
        // 11×7 → pool 5×3 → pool 2×1: both poolings drop an odd row and column.
        let layers = [conv(1, 3), relu, pool, conv(3, 17), relu, pool, dense(17 * 2 * 1, 20), relu, dense(20, 5)]
        let model = DigitModel(format: "scanbook-digits-1", inputWidth: 7, inputHeight: 11, classes: ["a", "b", "c", "d", "e"], layers: layers)
        let network = try DigitNetwork(try model.validated())
        for _ in 0..<5 {
            let image = random(7 * 11)
            let fast = network.scores(image), plain = Self.plainScores(model, image)
            #expect(fast.count == 5)
            for (a, b) in zip(fast, plain) { #expect(abs(a - b) <= 1e-4 * max(1, abs(b)), "\(fast) vs \(plain)") }
        }
    }

    /// The model evaluated literally, loop by loop, in the file's own layout.
    static func plainScores(_ model: DigitModel, _ image: [Float]) -> [Float] {
        var values = image, channels = 1, height = model.inputHeight, width = model.inputWidth
        for layer in model.layers {
            switch layer.type {
            case "conv3x3":
                let outputs = layer.outputChannels!, weights = layer.weights!
                var next = [Float](repeating: 0, count: outputs * height * width)
                for out in 0..<outputs {
                    for y in 0..<height {
                        for x in 0..<width {
                            var sum = layer.bias![out]
                            for channel in 0..<channels {
                                for dy in -1...1 {
                                    for dx in -1...1 where (0..<height).contains(y + dy) && (0..<width).contains(x + dx) {
                                        sum += weights[((out * channels + channel) * 3 + dy + 1) * 3 + dx + 1] * values[(channel * height + y + dy) * width + x + dx]
                                    }
                                }
                            }
                            next[(out * height + y) * width + x] = sum
                        }
                    }
                }
                values = next
                channels = outputs
            case "relu":
                values = values.map { max($0, 0) }
            case "maxpool2":
                var next: [Float] = []
                for channel in 0..<channels {
                    for y in 0..<height / 2 {
                        for x in 0..<width / 2 {
                            let at = { (dy: Int, dx: Int) in values[(channel * height + 2 * y + dy) * width + 2 * x + dx] }
                            next.append(max(at(0, 0), at(0, 1), at(1, 0), at(1, 1)))
                        }
                    }
                }
                values = next
                height /= 2
                width /= 2
            default:
                let inputs = layer.inputs!
                values = (0..<layer.outputs!).map { out in
                    (0..<inputs).reduce(layer.bias![out]) { $0 + layer.weights![out * inputs + $1] * values[$1] }
                }
            }
        }
        return values
    }

    @Test func refusesModelsWhoseShapesDoNotFit() {
        let wrong = DigitModel.Layer(type: "dense", inputChannels: nil, outputChannels: nil, inputs: 9, outputs: 2, weights: [Float](repeating: 0, count: 18), bias: [0, 0])
        let model = DigitModel(format: "scanbook-digits-1", inputWidth: 4, inputHeight: 2, classes: ["L", "R"], layers: [wrong])
        #expect(throws: DigitModel.Problem.self) { try DigitReader(model: model) }
        let unknown = DigitModel(format: "other", inputWidth: 4, inputHeight: 2, classes: ["L", "R"], layers: [])
        #expect(throws: DigitModel.Problem.unknownFormat("other")) { try DigitReader(model: unknown) }
    }

    @Test func standardizingGivesZeroMeanAndUnitDeviation() {
        #expect(GrayStatistics([0, 255, 0, 255]) == GrayStatistics(mean: 127.5, deviation: 127.5))
        let values = DigitReader.standardized([10, 20, 30, 40])
        #expect(abs(values.reduce(0, +)) < 1e-5)
        #expect(abs(values.map { $0 * $0 }.reduce(0, +) / 4 - 1) < 1e-5)
        #expect(DigitReader.standardized([7, 7, 7]) == [0, 0, 0], "a blank cell divides by nothing")
    }

    @Test func theExponentialIsAccurate() {
        for x: Float in [0, -0.5, -1, -2.3, -7, -20] {
            let expected = reference(x)
            #expect(abs(Softmax.exponential(x) - expected) <= expected * 1e-5)
        }
    }

    /// e^x by its series with many terms, in Double.
    func reference(_ x: Float) -> Float {
        var term = 1.0, sum = 1.0
        let y = Double(x) / 64
        for n in 1...30 { term *= y / Double(n); sum += term }
        var result = sum
        for _ in 0..<6 { result *= result }
        return Float(result)
    }
}

