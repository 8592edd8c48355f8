/// Links as a teacher types them, one per line, so the template page needs no JSON:
/// `task1 + task2 + task3 = total` (sum), `number == number2` (equal), and
/// `total -> grade: 0 = 1.0; 30 = 4.0; 54 = 6.0` (grade scale: lowest points of each step = grade;
/// "4,5" as well as "4.5").
public enum FormLinkText {
    public static let maximumLines = 200

    /// Every line's problem at once; blank lines and lines starting with `#` are skipped.
    public static func parse(_ text: String) -> Result<[FormLink], FormProblems> {
        var links: [FormLink] = [], problems: [FormProblem] = []
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        guard lines.count <= maximumLines * 2 else { return .failure(FormProblems([.linkLine(line: maximumLines, reason: "too many lines")])) }
        for (index, raw) in lines.enumerated() {
            let line = String(raw).trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            switch link(line) {
            case .success(let link): links.append(link)
            case .failure(let reason): problems.append(.linkLine(line: index + 1, reason: reason.text))
            }
        }
        if links.count > maximumLines { problems.append(.linkLine(line: lines.count, reason: "too many links")) }
        return problems.isEmpty ? .success(links) : .failure(FormProblems(problems))
    }

    public static func format(_ links: [FormLink]) -> String {
        links.map { link in
            switch link {
            case .equal(let names): names.joined(separator: " == ")
            case .sum(let parts, let total): parts.joined(separator: " + ") + " = " + total
            case .gradeScale(let points, let grade, let scale):
                "\(points) -> \(grade): " + scale.steps.map { "\(hundredths($0.minimumPoints)) = \(FormValueRules.formatGrade($0.grade))" }.joined(separator: "; ")
            }
        }.joined(separator: "\n")
    }

    struct Reason: Error { let text: String }

    private static func link(_ line: String) -> Result<FormLink, Reason> {
        if let arrow = line.firstRange(of: "->") {
            let points = String(line[..<arrow.lowerBound]).trimmingWhitespace()
            let rest = line[arrow.upperBound...]
            guard let colon = rest.firstIndex(of: ":") else { return .failure(Reason(text: "a grade scale reads `points -> grade: 0 = 1.0; 30 = 4.0`")) }
            let grade = String(rest[..<colon]).trimmingWhitespace()
            var steps: [GradeScale.Step] = []
            for part in rest[rest.index(after: colon)...].split(separator: ";") {
                let sides = part.split(separator: "=", omittingEmptySubsequences: false)
                guard sides.count == 2, let minimum = hundredths(String(sides[0])), let tenths = FormValueRules.gradeTenths(String(sides[1]).trimmingWhitespace()) else {
                    return .failure(Reason(text: "each step reads `lowest points = grade`, steps separated by `;`"))
                }
                steps.append(.init(minimumPoints: minimum, grade: tenths))
            }
            guard isName(points), isName(grade) else { return .failure(Reason(text: "region names are missing")) }
            switch GradeScale.make(steps) {
            case .success(let scale): return .success(.gradeScale(points: points, grade: grade, scale: scale))
            case .failure(let problem): return .failure(Reason(text: problem.description))
            }
        }
        if line.contains("==") {
            let names = line.split(separator: "==", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
            guard names.count >= 2, names.allSatisfy(isName) else { return .failure(Reason(text: "an equal link reads `a == b`")) }
            return .success(.equal(names))
        }
        let sides = line.split(separator: "=", omittingEmptySubsequences: false)
        guard sides.count == 2 else { return .failure(Reason(text: "not a link: write `a + b = total`, `a == b` or `points -> grade: 0 = 1.0; 30 = 4.0`")) }
        let parts = sides[0].split(separator: "+", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
        let total = String(sides[1]).trimmingWhitespace()
        guard parts.allSatisfy(isName), isName(total) else { return .failure(Reason(text: "a sum reads `a + b = total`")) }
        return .success(.sum(parts: parts, total: total))
    }

    /// The names a template allows, so every template's links print as text that reads back.
    private static func isName(_ text: String) -> Bool {
        FormTemplateFile.isRegionName(text)
    }

    /// "30", "30.5", "30,5" → hundredths.
    static func hundredths(_ text: String) -> Int? {
        let parts = text.trimmingWhitespace().split(omittingEmptySubsequences: false) { $0 == "." || $0 == "," }
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let whole = Int(parts[0]) else { return nil }
        guard parts.count == 2 else { return whole * 100 }
        let fraction = String(parts[1].prefix(2))
        guard let value = Int(fraction) else { return nil }
        return whole * 100 + (fraction.count == 1 ? value * 10 : value)
    }

    static func hundredths(_ value: Int) -> String {
        value % 100 == 0 ? "\(value / 100)" : "\(value / 100).\(value % 100 < 10 ? "0" : "")\(value % 100)"
    }
}
