/// Where the digit cells are on a strip the user cropped by hand: the crop is rarely exact (a
/// frame above and below, a margin at the sides), so equal slices would cut digits in half.
/// The rows of the drum window are those with edges across them; the cells are the comb of
/// `count` equal cells whose middles hold the most horizontal strokes and whose borders the
/// fewest (the gaps between drums are flat, the digits are not).
public struct StripLayout: Sendable, Equatable {
    /// Rows of the drum window.
    public let rows: Range<Int>
    /// Column ranges of the cells, left to right.
    public let cells: [Range<Int>]

    /// `gray`: row by row, `width` × `height` values.
    public static func find(gray: [UInt8], width: Int, height: Int, count: Int) -> StripLayout {
        precondition(gray.count == width * height && count > 0)
        let equal = StripLayout(rows: 0..<height, cells: (0..<count).map { width * $0 / count..<width * ($0 + 1) / count })
        guard width >= count * 4, height >= 8 else { return equal }
        func pixel(_ x: Int, _ y: Int) -> Int { Int(gray[y * width + x]) }

        // Rows: horizontal edge energy per row; the window is the longest run above a share of the
        // strong rows' energy (frame rows above and below are flat).
        var rowEnergy = [Int](repeating: 0, count: height)
        for y in 0..<height {
            var sum = 0
            for x in 1..<width { sum += abs(pixel(x, y) - pixel(x - 1, y)) }
            rowEnergy[y] = sum
        }
        let strong = rowEnergy.sorted()[height * 9 / 10]
        var best = 0..<height, run = 0
        var bestLength = 0
        for y in 0...height {
            if y < height, rowEnergy[y] * 100 >= strong * 30 { run += 1; continue }
            if run > bestLength { bestLength = run; best = (y - run)..<y }
            run = 0
        }
        // Digits in the model's training cells nearly fill their height, with a little drum above
        // and below: keep some of it when the edges only span the glyphs.
        let margin = best.count / 8
        let rows = bestLength >= height / 3 ? max(0, best.lowerBound - margin)..<min(height, best.upperBound + margin) : 0..<height

        // Columns: vertical edge energy inside the window, as prefix sums for fast comb scoring.
        var prefix = [Int](repeating: 0, count: width + 1)
        for x in 0..<width {
            var sum = 0
            for y in (rows.lowerBound + 1)..<rows.upperBound { sum += abs(pixel(x, y) - pixel(x, y - 1)) }
            prefix[x + 1] = prefix[x] + sum
        }
        func mean(_ from: Int, _ to: Int) -> Double {
            let low = max(0, from), high = min(width, to)
            return high > low ? Double(prefix[high] - prefix[low]) / Double(high - low) : 0
        }
        var bestScore = -Double.infinity
        var bestComb = (origin: 0, pitch: Double(width) / Double(count))
        let widest = Double(width) / Double(count)
        var pitch = widest * 0.75
        while pitch <= widest + 0.001 {
            let span = pitch * Double(count)
            var origin = 0
            while Double(origin) + span <= Double(width) + 0.001 {
                var score = 0.0
                for index in 0..<count {
                    let left = Double(origin) + Double(index) * pitch
                    score += mean(Int(left + pitch * 0.3), Int(left + pitch * 0.7))
                    score -= mean(Int(left) - 1, Int(left) + 2)
                }
                score -= mean(Int(Double(origin) + span) - 2, Int(Double(origin) + span) + 1)
                if score > bestScore { bestScore = score; bestComb = (origin, pitch) }
                origin += 1
            }
            pitch += 1
        }
        let cells = (0..<count).map { index -> Range<Int> in
            let left = Int((Double(bestComb.origin) + Double(index) * bestComb.pitch).rounded())
            let right = Int((Double(bestComb.origin) + Double(index + 1) * bestComb.pitch).rounded())
            return max(0, left)..<min(width, max(left + 1, right))
        }
        return StripLayout(rows: rows, cells: cells)
    }
}
