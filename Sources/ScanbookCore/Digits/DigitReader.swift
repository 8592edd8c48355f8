/// Reads one digit cell with a `DigitModel`: plain Swift, no native code. At init the layers are
/// laid out for speed (`DigitNetwork`): activations are kept pixel by pixel with their channels
/// together, so a convolution and a dense layer are the same 8-lane multiply-add kernel.
///
/// With a second opinion (a network trained on other data, same input and classes) the two
/// networks' probabilities are averaged: they err on different cells. It halves the speed, so
/// meter strips (a few cells per photo) use it and bulk reading does not.
public struct DigitReader: Sendable {
    public let model: DigitModel
    let network: DigitNetwork
    let secondOpinion: DigitNetwork?

    public init(model: DigitModel, secondOpinion: DigitModel? = nil) throws(DigitModel.Problem) {
        self.model = try model.validated()
        self.network = try DigitNetwork(self.model)
        if let secondOpinion {
            let second = try secondOpinion.validated()
            guard second.inputWidth == model.inputWidth, second.inputHeight == model.inputHeight, second.classes == model.classes else {
                throw .badLayer(0, "a second opinion must take the same input and give the same classes")
            }
            self.secondOpinion = try DigitNetwork(second)
        } else {
            self.secondOpinion = nil
        }
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
        let input = Self.standardized(pixels)
        return reading(checked(Softmax.probabilities(network.scores(input)), input: input))
    }

    /// Every class with its probability, most likely first (a form's unsure digits are chosen
    /// among the top few).
    public func ranked(gray pixels: [UInt8]) -> [(value: String, probability: Double)] {
        precondition(pixels.count == model.inputWidth * model.inputHeight, "resize the cell to the model's input size first")
        let input = Self.standardized(pixels)
        let probabilities = checked(Softmax.probabilities(network.scores(input)), input: input)
        return probabilities.indices.sorted { probabilities[$0] > probabilities[$1] }.map { (model.classes[$0], Double(probabilities[$0])) }
    }

    /// Reads the cell as it is and with light and dark swapped, and keeps the surer reading: the
    /// meter corpus has mostly light digits on dark drums, many counters are the other way round.
    /// The polarity is chosen by the first network; the second opinion reads only that one.
    public func readEitherPolarity(gray pixels: [UInt8]) -> Reading {
        precondition(pixels.count == model.inputWidth * model.inputHeight, "resize the cell to the model's input size first")
        let inputs = [Self.standardized(pixels), Self.standardized(pixels.map { 255 - $0 })]
        let firsts = inputs.map { Softmax.probabilities(network.scores($0)) }
        let chosen = (firsts[1].max() ?? 0) > (firsts[0].max() ?? 0) ? 1 : 0
        return reading(checked(firsts[chosen], input: inputs[chosen]))
    }

    /// The first network's probabilities, averaged with the second opinion's if there is one.
    private func checked(_ probabilities: [Float], input: [Float]) -> [Float] {
        guard let secondOpinion else { return probabilities }
        return zip(probabilities, Softmax.probabilities(secondOpinion.scores(input))).map { ($0 + $1) / 2 }
    }

    private func reading(_ probabilities: [Float]) -> Reading {
        let ranked = probabilities.indices.sorted { probabilities[$0] > probabilities[$1] }
        return Reading(
            value: model.classes[ranked[0]], confidence: Double(probabilities[ranked[0]]),
            second: model.classes[ranked[1]], secondConfidence: Double(probabilities[ranked[1]])
        )
    }

    /// Zero mean, unit deviation per image, as in training: lighting differs between meters.
    static func standardized(_ pixels: [UInt8]) -> [Float] {
        let statistics = GrayStatistics(pixels)
        let mean = Float(statistics.mean), deviation = max(Float(statistics.deviation) / 255, 1e-3)
        return pixels.map { (Float($0) - mean) / 255 / deviation }
    }
}
