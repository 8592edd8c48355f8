/// Mean and standard deviation of gray values 0–255: how a digit cell is standardized for the
/// model, and how much contrast a view of it has.
public struct GrayStatistics: Sendable, Equatable {
    public let mean: Double
    public let deviation: Double

    public init(mean: Double, deviation: Double) {
        self.mean = mean
        self.deviation = deviation
    }

    public init(_ pixels: [UInt8]) {
        let count = Double(max(pixels.count, 1))
        let mean = pixels.reduce(0.0) { $0 + Double($1) } / count
        self.mean = mean
        self.deviation = (pixels.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / count).squareRoot()
    }
}
