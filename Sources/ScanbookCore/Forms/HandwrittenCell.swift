/// One comb cell of a form as the handwritten-digit model wants it: MNIST's layout (28×28, the
/// ink white on black, the digit fitted into 20×20 and centred by its mass), or empty.
public enum HandwrittenCell {
    public static let side = 28
    static let box = 20

    /// `pixels`: the cell's gray values row by row. The cell's printed border is cut off first
    /// (`margin` of each side). Ink is whatever differs from the paper (the median), so dark ink
    /// on light paper and light on dark both work. nil: too little ink for a character.
    public static func normalize(_ pixels: [UInt8], width: Int, height: Int, margin: Double = 0.12, minimumInkShare: Double = 0.015) -> [UInt8]? {
        guard width > 4, height > 4, pixels.count == width * height else { return nil }
        let left = Int(Double(width) * margin), top = Int(Double(height) * margin)
        let innerWidth = width - 2 * left, innerHeight = height - 2 * top
        guard innerWidth > 2, innerHeight > 2 else { return nil }
        var inner = [Int](repeating: 0, count: innerWidth * innerHeight)
        for y in 0..<innerHeight {
            for x in 0..<innerWidth { inner[y * innerWidth + x] = Int(pixels[(y + top) * width + x + left]) }
        }
        let paper = median(inner)
        var ink = inner.map { abs($0 - paper) }
        let strongest = ink.max() ?? 0
        // Paper grain and shadows stay under the threshold; a stroke rises well above it.
        let threshold = max(40, strongest * 35 / 100)
        guard strongest >= 60 else { return nil }
        var count = 0, minX = innerWidth, minY = innerHeight, maxX = -1, maxY = -1
        for y in 0..<innerHeight {
            for x in 0..<innerWidth where ink[y * innerWidth + x] >= threshold {
                count += 1
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard Double(count) >= minimumInkShare * Double(innerWidth * innerHeight), maxY - minY + 1 >= innerHeight / 5 else { return nil }
        // Ink below the threshold is background; above it keeps its strength (anti-aliased edges).
        ink = ink.map { $0 >= threshold / 2 ? min(255, $0 * 255 / max(strongest, 1)) : 0 }
        let boxWidth = maxX - minX + 1, boxHeight = maxY - minY + 1
        let scale = Double(box) / Double(max(boxWidth, boxHeight))
        let scaledWidth = max(1, Int((Double(boxWidth) * scale).rounded())), scaledHeight = max(1, Int((Double(boxHeight) * scale).rounded()))
        // Area-averaged downscale (or bilinear upscale) of the ink box into scaledWidth × scaledHeight.
        var scaled = [Double](repeating: 0, count: scaledWidth * scaledHeight)
        for y in 0..<scaledHeight {
            for x in 0..<scaledWidth {
                let sourceX = (Double(x) + 0.5) / scale - 0.5 + Double(minX), sourceY = (Double(y) + 0.5) / scale - 0.5 + Double(minY)
                scaled[y * scaledWidth + x] = sample(ink, width: innerWidth, height: innerHeight, x: sourceX, y: sourceY, radius: max(0.5, 0.5 / scale))
            }
        }
        // Centre of mass to the middle, as MNIST's digits are.
        var mass = 0.0, massX = 0.0, massY = 0.0
        for y in 0..<scaledHeight {
            for x in 0..<scaledWidth {
                let value = scaled[y * scaledWidth + x]
                mass += value; massX += value * Double(x); massY += value * Double(y)
            }
        }
        guard mass > 0 else { return nil }
        let offsetX = clamp(Int((Double(side) / 2 - massX / mass).rounded()), 0, side - scaledWidth)
        let offsetY = clamp(Int((Double(side) / 2 - massY / mass).rounded()), 0, side - scaledHeight)
        var out = [UInt8](repeating: 0, count: side * side)
        for y in 0..<scaledHeight {
            for x in 0..<scaledWidth {
                out[(y + offsetY) * side + x + offsetX] = UInt8(clamping: Int(scaled[y * scaledWidth + x].rounded()))
            }
        }
        return out
    }

    /// The mean of `values` over a square of `radius` around (x, y): a box filter for shrinking,
    /// nearest neighbour at radius 0.5.
    private static func sample(_ values: [Int], width: Int, height: Int, x: Double, y: Double, radius: Double) -> Double {
        let x0 = clamp(Int((x - radius + 0.5).rounded(.down)), 0, width - 1), x1 = clamp(Int((x + radius - 0.5).rounded(.up)), 0, width - 1)
        let y0 = clamp(Int((y - radius + 0.5).rounded(.down)), 0, height - 1), y1 = clamp(Int((y + radius - 0.5).rounded(.up)), 0, height - 1)
        var sum = 0, count = 0
        for row in y0...max(y0, y1) {
            for column in x0...max(x0, x1) { sum += values[row * width + column]; count += 1 }
        }
        return count > 0 ? Double(sum) / Double(count) : 0
    }

    private static func median(_ values: [Int]) -> Int {
        var histogram = [Int](repeating: 0, count: 256)
        for value in values { histogram[max(0, min(255, value))] += 1 }
        var seen = 0
        for (value, count) in histogram.enumerated() {
            seen += count
            if seen * 2 >= values.count { return value }
        }
        return 255
    }

    private static func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int { max(low, min(high, value)) }
}
