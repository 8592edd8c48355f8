import ScanbookCore

/// The form module's parsers: rosters, region values by type, typed grades, typed links, and the
/// template archive.
enum FormTargets {
    static let all: [FuzzTarget] = [
        FuzzTarget("Roster.parseCSV", seeds: ["studentNumber,name,group\n12345678,Anna Müller,A\n", "studentNumber;name;group\n1;\"B, C\";D"]) { input, _ in
            guard case .success(let roster) = Roster.parseCSV(FuzzTarget.text(input)) else { return nil }
            if roster.students.count > Roster.maximumStudents { return "\(roster.students.count) students accepted" }
            if Set(roster.students.map(\.studentNumber)).count != roster.students.count { return "a student number twice" }
            if roster.students.contains(where: { $0.studentNumber.isEmpty || !$0.studentNumber.allSatisfy(\.isNumber) }) { return "a student number that is no number" }
            return nil
        },
        FuzzTarget("FormValueRules.normalize", seeds: ["O7", "4,5", "l2 3", "6.0", "12a"]) { input, maker in
            let text = FuzzTarget.text(input)
            let type = FormRegionType.allCases.randomElement(using: &maker.random) ?? .points
            guard case .value(let value) = FormValueRules.normalize(text, type: type) else { return nil }
            switch type {
            case .points, .studentNumber:
                return value.allSatisfy({ $0.isASCII && $0.isNumber }) ? nil : "\(type) value \(value) is not digits"
            case .grade:
                guard value.isEmpty || FormValueRules.gradeTenths(value).map({ (10...60).contains($0) }) == true else { return "grade \(value) out of range" }
                // A normalized value normalizes to itself.
                return FormValueRules.normalize(value, type: type) == .value(value) ? nil : "grade \(value) does not normalize to itself"
            case .name, .seminarGroup, .unknown:
                return value.count <= 200 ? nil : "a text of \(value.count) characters kept"
            }
        },
        FuzzTarget("FormLinkText.parse", seeds: ["a + b = total", "x == y == z", "total -> grade: 0 = 1.0; 30 = 4,5", "a + = b", "-> :"]) { input, _ in
            guard case .success(let links) = FormLinkText.parse(FuzzTarget.text(input)) else { return nil }
            // What was accepted prints as text that reads back the same.
            return FormLinkText.parse(FormLinkText.format(links)) == .success(links) ? nil : "links do not survive being printed"
        },
        FuzzTarget("ZipArchive.read", seeds: [String(decoding: ZipArchive.make([.init(name: "template.json", bytes: Array("{}".utf8))]), as: UTF8.self), "PK\u{3}\u{4}"]) { input, _ in
            guard case .success(let entries) = ZipArchive.read(input) else { return nil }
            return ZipArchive.read(ZipArchive.make(entries)) == .success(entries) ? nil : "entries do not survive being written again"
        },
    ]
}
