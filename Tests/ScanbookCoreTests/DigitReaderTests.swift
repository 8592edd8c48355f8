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

    @Test func convolutionWithACentreKernelKeepsTheImage() throws {
        var identity = [Float](repeating: 0, count: 9)
        identity[4] = 1
        let conv = DigitModel.Layer(type: "conv3x3", inputChannels: 1, outputChannels: 1, inputs: nil, outputs: nil, weights: identity, bias: [0])
        let reader = try DigitReader(model: Self.halvesModel(extraLayer: conv))
        #expect(reader.read(gray: [250, 250, 10, 10, 250, 250, 10, 10]).value == "L")
        let input: [Float] = [1, 2, 3, 4, 5, 6, 7, 8]
        #expect(DigitReader.convolve(input, channels: 1, height: 2, width: 4, layer: conv) == input)
        var sum = [Float](repeating: 1, count: 9)
        sum[4] = 1
        let box = DigitModel.Layer(type: "conv3x3", inputChannels: 1, outputChannels: 1, inputs: nil, outputs: nil, weights: sum, bias: [0])
        // Top-left cell sees itself, its right, below and below-right neighbours (zero padding).
        #expect(DigitReader.convolve(input, channels: 1, height: 2, width: 4, layer: box)[0] == 1 + 2 + 5 + 6)
        #expect(DigitReader.maxPool(input, channels: 1, height: 2, width: 4) == [6, 8])
    }

    @Test func refusesModelsWhoseShapesDoNotFit() {
        let wrong = DigitModel.Layer(type: "dense", inputChannels: nil, outputChannels: nil, inputs: 9, outputs: 2, weights: [Float](repeating: 0, count: 18), bias: [0, 0])
        let model = DigitModel(format: "scanbook-digits-1", inputWidth: 4, inputHeight: 2, classes: ["L", "R"], layers: [wrong])
        #expect(throws: DigitModel.Problem.self) { try DigitReader(model: model) }
        let unknown = DigitModel(format: "other", inputWidth: 4, inputHeight: 2, classes: ["L", "R"], layers: [])
        #expect(throws: DigitModel.Problem.unknownFormat("other")) { try DigitReader(model: unknown) }
    }

    @Test func theExponentialIsAccurate() {
        for x: Float in [0, -0.5, -1, -2.3, -7, -20] {
            let expected = reference(x)
            #expect(abs(DigitReader.exponential(x) - expected) <= expected * 1e-5)
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
