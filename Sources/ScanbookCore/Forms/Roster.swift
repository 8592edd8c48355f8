/// The students a template's scans are matched to: imported from CSV (`studentNumber,name,group`),
/// looked up by number, and a name or group read from a form matched to the closest entry.
public struct Roster: Equatable, Sendable {
    public struct Student: Equatable, Sendable, Codable {
        public let studentNumber: String
        public let name: String
        public let group: String

        public init(studentNumber: String, name: String, group: String) {
            self.studentNumber = studentNumber
            self.name = name
            self.group = group
        }
    }

    public let students: [Student]

    public init(students: [Student]) {
        self.students = students
    }

    public static let maximumStudents = 5_000

    /// UTF-8 CSV with the header `studentNumber,name,group` (`;` accepted); every bad row named.
    public static func parseCSV(_ text: String) -> Result<Roster, FormProblems> {
        let records: [[String]]
        do {
            records = try CSVTable.parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, maximumRecords: maximumStudents + 1)
        } catch {
            return .failure(FormProblems([.rosterRow(line: error.line, reason: error.reason)]))
        }
        guard let header = records.first?.map({ $0.trimmingWhitespace() }), header == ["studentNumber", "name", "group"] else {
            return .failure(FormProblems([.rosterHeader]))
        }
        var problems: [FormProblem] = []
        var students: [Student] = []
        var seen = Set<String>()
        for (index, record) in records.dropFirst().enumerated() {
            let line = index + 2
            guard record.count == 3 else { problems.append(.rosterRow(line: line, reason: "3 fields expected, \(record.count) found")); continue }
            let number = record[0].trimmingWhitespace(), name = record[1].trimmingWhitespace(), group = record[2].trimmingWhitespace()
            guard !number.isEmpty, number.count <= 20, number.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                problems.append(.rosterRow(line: line, reason: "the student number must be 1 to 20 digits")); continue
            }
            guard !name.isEmpty, name.count <= 100, group.count <= 50 else {
                problems.append(.rosterRow(line: line, reason: "a name (1–100 characters) is needed; groups have at most 50")); continue
            }
            if !seen.insert(number).inserted { problems.append(.duplicateStudent(number)); continue }
            students.append(Student(studentNumber: number, name: name, group: group))
        }
        guard problems.isEmpty else { return .failure(FormProblems(Array(problems.prefix(100)))) }
        return .success(Roster(students: students))
    }

    public func student(number: String) -> Student? {
        students.first { $0.studentNumber == number }
    }

    public var groups: [String] {
        var seen = Set<String>()
        return students.map(\.group).filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The student whose name is closest to what was read, with the similarity (0–1); nil when
    /// nothing comes near (below `threshold`).
    public func closestStudent(toName read: String, threshold: Double = 0.6) -> (student: Student, similarity: Double)? {
        Self.closest(read, among: students, key: \.name, threshold: threshold)
    }

    /// The closest of `groups` (the template's list, else the roster's) to what was read.
    public static func closestGroup(to read: String, among groups: [String], threshold: Double = 0.5) -> (group: String, similarity: Double)? {
        closest(read, among: groups, key: { $0 }, threshold: threshold).map { ($0.student, $0.similarity) }
    }

    private static func closest<T>(_ read: String, among candidates: [T], key: (T) -> String, threshold: Double) -> (student: T, similarity: Double)? {
        let typed = MerchantMatcher.key(read)
        guard !typed.isEmpty else { return nil }
        var best: (T, Double)?
        for candidate in candidates {
            let score = MerchantMatcher.similarity(typed, MerchantMatcher.key(key(candidate)))
            if score >= threshold, score > (best?.1 ?? 0) { best = (candidate, score) }
        }
        return best.map { (student: $0.0, similarity: $0.1) }
    }
}
