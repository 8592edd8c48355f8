/// Checks a form's values against its links: the result per link, failed ones naming their
/// regions and why.
public enum FormCheck {
    public struct LinkResult: Equatable, Sendable, Codable {
        public let kind: String
        public let ok: Bool
        public let regions: [String]
        public let message: String

        public init(kind: String, ok: Bool, regions: [String], message: String) {
            self.kind = kind
            self.ok = ok
            self.regions = regions
            self.message = message
        }
    }

    /// `values`: region name → value as stored ("" for empty). Empty points count as 0.
    public static func evaluate(_ links: [FormLink], values: [String: String]) -> [LinkResult] {
        links.map { link in
            switch link {
            case .equal(let names):
                let readings = names.map { values[$0] ?? "" }
                let ok = Set(readings).count <= 1
                return LinkResult(kind: link.kind, ok: ok, regions: names,
                                  message: ok ? "equal" : "differ: " + zip(names, readings).map { "\($0) = \($1.isEmpty ? "(empty)" : $1)" }.joined(separator: ", "))
            case .sum(let parts, let total):
                let numbers = parts.map { points(values[$0]) }
                guard numbers.allSatisfy({ $0 != nil }), let stated = points(values[total]), !(values[total] ?? "").isEmpty else {
                    return LinkResult(kind: link.kind, ok: false, regions: parts + [total], message: "a part or the total is not a number")
                }
                let sum = numbers.compactMap { $0 }.reduce(0) { $0.addingReportingOverflow($1).overflow ? Int.max : $0 + $1 }
                return LinkResult(kind: link.kind, ok: sum == stated, regions: parts + [total],
                                  message: sum == stated ? "\(sum) = \(stated)" : "the parts add up to \(sum), the total says \(stated)")
            case .gradeScale(let pointsName, let gradeName, let scale):
                guard let total = points(values[pointsName]), !(values[pointsName] ?? "").isEmpty else {
                    return LinkResult(kind: link.kind, ok: false, regions: [pointsName, gradeName], message: "no points to grade")
                }
                let expected = scale.grade(forPoints: total.multipliedReportingOverflow(by: 100).overflow ? Int.max : total * 100)
                let stated = FormValueRules.gradeTenths(values[gradeName] ?? "")
                let ok = stated == expected
                return LinkResult(kind: link.kind, ok: ok, regions: [pointsName, gradeName],
                                  message: ok ? "\(total) points → \(FormValueRules.formatGrade(expected))"
                                      : "\(total) points give \(FormValueRules.formatGrade(expected)), the form says \(values[gradeName].flatMap { $0.isEmpty ? nil : $0 } ?? "nothing")")
            }
        }
    }

    /// Points as a whole number; "" is 0; nil for anything else.
    static func points(_ value: String?) -> Int? {
        guard let value, !value.isEmpty else { return 0 }
        guard value.count <= 9, value.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(value)
    }
}
