extension OCRResult {
    /// This reading with some lines read again: each replaced line keeps its place and box and
    /// takes the new reading's words (all of its lines, joined). A re-read that found nothing
    /// leaves the line as it was.
    public func replacingLines(_ replacements: [Int: OCRResult]) -> OCRResult {
        var result = OCRResult(text: "", meanConfidence: meanConfidence, words: [], lines: lines, turn: turn)
        let byLine = Dictionary(grouping: words, by: \.line)
        for index in lines.indices {
            // A line keeps its index only while it has text (the extractor drops empty lines).
            guard let reread = replacements[index], reread.words.contains(where: { !$0.text.trimmingWhitespace().isEmpty }) else {
                result.words += byLine[index] ?? []
                continue
            }
            let confidence = reread.words.map(\.confidence).reduce(0, +) / Double(reread.words.count)
            result.lines[index] = OCRLine(text: reread.words.map(\.text).joined(separator: " "), confidence: confidence, box: lines[index].box)
            result.words += reread.words.map { OCRWord(text: $0.text, confidence: $0.confidence, box: $0.box, line: index, weakest: $0.weakest) }
        }
        result.text = result.lines.map(\.text).joined(separator: "\n")
        return result
    }
}

extension OCRResult {
    /// This reading of a part of a page cut out at `part`, in the page's coordinates.
    public func offset(by part: PixelRect) -> OCRResult {
        func moved(_ box: PixelRect) -> PixelRect { PixelRect(x: box.x + part.x, y: box.y + part.y, width: box.width, height: box.height) }
        return OCRResult(
            text: text, meanConfidence: meanConfidence,
            words: words.map { OCRWord(text: $0.text, confidence: $0.confidence, box: moved($0.box), line: $0.line, weakest: $0.weakest) },
            lines: lines.map { OCRLine(text: $0.text, confidence: $0.confidence, box: moved($0.box)) },
            turn: turn
        )
    }
}
