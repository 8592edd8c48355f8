/// A QR symbol's modules, row by row, and the SVG that draws it (what a page shows for an
/// authenticator to scan; no image library needed on the way).
public struct QRMatrix: Equatable, Sendable {
    public let side: Int
    /// `side * side` values, true for a dark module.
    public let dark: [Bool]

    public init?(side: Int, dark: [Bool]) {
        guard side > 0, dark.count == side * side else { return nil }
        self.side = side
        self.dark = dark
    }

    public func isDark(x: Int, y: Int) -> Bool {
        (0..<side).contains(x) && (0..<side).contains(y) && dark[y * side + x]
    }

    /// One path of unit squares with the standard quiet zone of four modules; scales to any size.
    public func svg(quietZone: Int = 4, label: String) -> String {
        let size = side + 2 * quietZone
        let path = pathData(offset: quietZone)
        let title = XMLWriter.escaped(label)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(size) \(size)\" shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"\(title)\">"
            + "<rect width=\"\(size)\" height=\"\(size)\" fill=\"#fff\"/><path fill=\"#000\" d=\"\(path)\"/></svg>"
    }

    /// The dark modules as SVG path data in module units, each row's runs as one rectangle,
    /// moved `offset` modules right and down.
    public func pathData(offset: Int = 0) -> String {
        var path = ""
        for y in 0..<side {
            var x = 0
            while x < side {
                guard isDark(x: x, y: y) else { x += 1; continue }
                let start = x
                while x < side, isDark(x: x, y: y) { x += 1 }
                path += "M\(start + offset) \(y + offset)h\(x - start)v1h-\(x - start)z"
            }
        }
        return path
    }
}
