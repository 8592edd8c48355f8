extension Duration {
    /// The duration in (fractional) milliseconds, the unit of every timing Scanbook reports.
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
