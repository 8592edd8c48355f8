/// A rule between regions: two must agree, parts add up to a total, or points give a grade.
public enum FormLink: Equatable, Sendable {
    /// A grade scale's table that reads but makes no scale (points not rising, a grade outside 1–6).
    public struct InvalidScale: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    case equal([String])
    case sum(parts: [String], total: String)
    case gradeScale(points: String, grade: String, scale: GradeScale)

    public var kind: String {
        switch self {
        case .equal: "equal"
        case .sum: "sum"
        case .gradeScale: "gradeScale"
        }
    }

    /// Every region the link names.
    public var regions: [String] {
        switch self {
        case .equal(let names): names
        case .sum(let parts, let total): parts + [total]
        case .gradeScale(let points, let grade, _): [points, grade]
        }
    }
}

extension FormLink: Codable {
    enum CodingKeys: String, CodingKey { case kind, regions, parts, total, points, grade, table }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .kind) {
        case "equal":
            self = .equal(try container.decode([String].self, forKey: .regions))
        case "sum":
            self = .sum(parts: try container.decode([String].self, forKey: .parts), total: try container.decode(String.self, forKey: .total))
        case "gradeScale":
            // [[points, grade], …] as the teacher writes them ("[30, 4.0]"); kept as hundredths and tenths.
            let rows = try container.decode([[Double]].self, forKey: .table)
            var steps: [GradeScale.Step] = []
            for row in rows {
                guard row.count == 2, row.allSatisfy({ $0.isFinite && abs($0) < 1_000_000 }) else {
                    throw DecodingError.dataCorruptedError(forKey: .table, in: container, debugDescription: "each row is [lowest points, grade]")
                }
                steps.append(.init(minimumPoints: Int((row[0] * 100).rounded()), grade: Int((row[1] * 10).rounded())))
            }
            switch GradeScale.make(steps) {
            case .success(let scale):
                self = .gradeScale(points: try container.decode(String.self, forKey: .points), grade: try container.decode(String.self, forKey: .grade), scale: scale)
            case .failure(let problem):
                // Read whole, but not a scale: the content is wrong, not its shape.
                throw InvalidScale(description: problem.description)
            }
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown link kind \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .equal(let names):
            try container.encode(names, forKey: .regions)
        case .sum(let parts, let total):
            try container.encode(parts, forKey: .parts)
            try container.encode(total, forKey: .total)
        case .gradeScale(let points, let grade, let scale):
            try container.encode(points, forKey: .points)
            try container.encode(grade, forKey: .grade)
            try container.encode(scale.steps.map { [Double($0.minimumPoints) / 100, Double($0.grade) / 10] }, forKey: .table)
        }
    }
}
