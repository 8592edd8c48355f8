/// A small convolutional network as written by `Tools/digits/train_digits.py`:
/// input size, classes and layers come from the file, so the same code serves meter drums and,
/// later, handwritten digits.
public struct DigitModel: Codable, Sendable {
    public struct Layer: Codable, Sendable {
        public let type: String
        public let inputChannels: Int?
        public let outputChannels: Int?
        public let inputs: Int?
        public let outputs: Int?
        public let weights: [Float]?
        public let bias: [Float]?
    }

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case unknownFormat(String)
        case badLayer(Int, String)

        public var description: String {
            switch self {
            case .unknownFormat(let format): "unknown digit model format \"\(format)\""
            case .badLayer(let index, let reason): "digit model layer \(index): \(reason)"
            }
        }
    }

    public let format: String
    public let inputWidth: Int
    public let inputHeight: Int
    public let classes: [String]
    public let layers: [Layer]

    /// A layer with its kind decided and its weights checked against the shapes flowing in.
    public enum CheckedLayer: Sendable, Equatable {
        case conv3x3(inputChannels: Int, outputChannels: Int, weights: [Float], bias: [Float])
        case relu
        case maxPool2
        case dense(inputs: Int, outputs: Int, weights: [Float], bias: [Float])
    }

    /// Checks that every layer's weights fit the shapes flowing through the network.
    public func validated() throws(Problem) -> DigitModel {
        _ = try checkedLayers()
        return self
    }

    /// The layers typed, each checked against the shapes flowing through the network; a file
    /// that does not fit is refused with the layer and the reason.
    public func checkedLayers() throws(Problem) -> [CheckedLayer] {
        guard format == "scanbook-digits-1" else { throw .unknownFormat(format) }
        var channels = 1, height = inputHeight, width = inputWidth
        var flat: Int? = nil
        var checked: [CheckedLayer] = []
        for (index, layer) in layers.enumerated() {
            switch layer.type {
            case "conv3x3":
                guard flat == nil, layer.inputChannels == channels, let out = layer.outputChannels,
                      let weights = layer.weights, let bias = layer.bias, weights.count == out * channels * 9, bias.count == out
                else { throw .badLayer(index, "conv3x3 shape does not match") }
                checked.append(.conv3x3(inputChannels: channels, outputChannels: out, weights: weights, bias: bias))
                channels = out
            case "relu":
                checked.append(.relu)
            case "maxpool2":
                guard flat == nil else { throw .badLayer(index, "max-pool after dense") }
                checked.append(.maxPool2)
                height /= 2
                width /= 2
            case "dense":
                let inputs = flat ?? channels * height * width
                guard layer.inputs == inputs, let out = layer.outputs, let weights = layer.weights, let bias = layer.bias,
                      weights.count == out * inputs, bias.count == out
                else { throw .badLayer(index, "dense shape does not match") }
                checked.append(.dense(inputs: inputs, outputs: out, weights: weights, bias: bias))
                flat = out
            default:
                throw .badLayer(index, "unknown layer type \(layer.type)")
            }
        }
        guard flat == classes.count else { throw .badLayer(layers.count - 1, "last layer must output one value per class") }
        return checked
    }
}
