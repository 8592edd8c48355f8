import ScanbookCore

/// The frame of a server-drawn SVG chart with axes: a viewBox 320 units wide (about the width a
/// phone gives it, so 13-unit labels read at 11 px or more from 320 px screens on; the stylesheet
/// shrinks them where the chart is drawn wider), the plot area inside margins for the labels, the
/// value axis's ticks and the labels under the plot.
struct AxisChart: Encodable {
    struct Tick: Encodable {
        let y: Double
        let text: String
    }

    struct Label: Encodable {
        let x: Double
        let text: String
        /// SVG text-anchor: start, middle or end.
        let anchor: String
    }

    static let width = 320.0
    static let fontSize = 13.0
    static let top = 10.0
    static let right = 12.0
    static let bottom = 24.0

    let viewBox: String
    let left: Double
    let top: Double
    let plotWidth: Double
    let plotHeight: Double
    /// Baseline of the labels under the plot.
    let labelY: Double
    let ticks: [Tick]
    let labels: [Label]

    /// About how wide a label is drawn (system fonts average near 0.6 em a character).
    static func textWidth(_ text: String) -> Double { Double(text.count) * fontSize * 0.6 }

    /// The plot's geometry for value ticks with these texts (the widest sets the left margin).
    static func geometry(tickTexts: [String], plotHeight: Double) -> ChartGeometry {
        ChartGeometry(width: width - left(tickTexts) - right, height: plotHeight)
    }

    private static func left(_ tickTexts: [String]) -> Double {
        min(120, max(24, (tickTexts.map(textWidth).max() ?? 0) + 8)).rounded()
    }

    /// Ticks are values on the axis from the first (bottom) to the last (top).
    init(ticks: [(value: Int, text: String)], geometry: ChartGeometry, labels: [Label]) {
        let left = Self.left(ticks.map(\.text))
        self.left = left
        top = Self.top
        plotWidth = geometry.width
        plotHeight = geometry.height
        labelY = geometry.height + 18
        viewBox = "0 0 \(Int(Self.width)) \(Int((Self.top + geometry.height + Self.bottom).rounded()))"
        let low = ticks.first?.value ?? 0, high = ticks.last?.value ?? 0
        self.ticks = ticks.map { Tick(y: geometry.y($0.value, low: low, high: high), text: $0.text) }
        // A label keeps inside the viewBox: centred where it fits, else flush with the edge.
        self.labels = labels.map { label in
            let half = Self.textWidth(label.text) / 2
            guard label.anchor == "middle" else { return label }
            if label.x - half < -left { return Label(x: -left + 2, text: label.text, anchor: "start") }
            if label.x + half > geometry.width + Self.right { return Label(x: geometry.width + Self.right - 2, text: label.text, anchor: "end") }
            return label
        }
    }
}
