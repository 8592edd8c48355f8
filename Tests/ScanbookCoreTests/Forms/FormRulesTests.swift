import Foundation
import Testing
import ScanbookCore

@Suite struct FormRulesTests {
    static func scale() throws -> GradeScale {
        try GradeScale.make([.init(minimumPoints: 0, grade: 10), .init(minimumPoints: 3_000, grade: 40), .init(minimumPoints: 5_400, grade: 60)]).get()
    }

    @Test func theGradeScaleTakesTheHighestStepReached() throws {
        let scale = try Self.scale()
        #expect(scale.grade(forPoints: 0) == 10)
        #expect(scale.grade(forPoints: 2_999) == 10)
        #expect(scale.grade(forPoints: 3_000) == 40)
        #expect(scale.grade(forPoints: 10_000) == 60)
        #expect(GradeScale.make([]) == .failure(.gradeScaleEmpty))
        #expect(GradeScale.make([.init(minimumPoints: 10, grade: 40), .init(minimumPoints: 10, grade: 50)]) == .failure(.gradeScaleNotAscending))
        #expect(GradeScale.make([.init(minimumPoints: 0, grade: 65)]) == .failure(.gradeOutOfRange(65)))
    }

    @Test func linksNameTheirRegionsAndWhyTheyFail() throws {
        let links: [FormLink] = [.sum(parts: ["t1", "t2", "t3"], total: "total"), .equal(["id1", "id2"]), .gradeScale(points: "total", grade: "grade", scale: try Self.scale())]
        let good = ["t1": "12", "t2": "", "t3": "20", "total": "32", "id1": "123", "id2": "123", "grade": "4.0"]
        #expect(FormCheck.evaluate(links, values: good).allSatisfy { $0.ok })
        var bad = good
        bad["total"] = "33"
        bad["id2"] = "124"
        bad["grade"] = "4.5"
        let results = FormCheck.evaluate(links, values: bad)
        #expect(results.map(\.ok) == [false, false, false])
        #expect(results[0].message == "the parts add up to 32, the total says 33" && results[0].regions == ["t1", "t2", "t3", "total"])
        #expect(results[2].message == "33 points give 4.0, the form says 4.5")
        bad["t1"] = "1x"
        #expect(FormCheck.evaluate(links, values: bad)[0].message == "a part or the total is not a number")
    }

    @Test(arguments: [
        ("O7", FormRegionType.points, "7"), ("0123", .studentNumber, "0123"), ("l2 3", .studentNumber, "123"), ("4,5", .grade, "4.5"),
        ("45", .grade, "4.5"), ("5", .grade, "5.0"), ("", .points, ""), ("S", .points, "5"),
    ])
    func valuesFollowTheirTypesRules(_ raw: String, _ type: FormRegionType, _ expected: String) {
        #expect(FormValueRules.normalize(raw, type: type) == .value(expected))
    }

    @Test(arguments: [("12a", FormRegionType.points), ("4.3", .grade), ("6.5", .grade), ("0.5", .grade), ("4.5.1", .grade)])
    func wrongValuesAreRefused(_ raw: String, _ type: FormRegionType) {
        guard case .invalid = FormValueRules.normalize(raw, type: type, gradeStep: 5) else { Issue.record("accepted \(raw)"); return }
    }

    @Test func theRosterIsReadFromCSVAndMatchesClosestNames() throws {
        let csv = "\u{FEFF}studentNumber,name,group\n12345678,Anna Müller,A\n23456789,\"Muster, Ben\",B\n"
        let roster = try Roster.parseCSV(csv).get()
        #expect(roster.students.count == 2 && roster.student(number: "23456789")?.name == "Muster, Ben")
        #expect(roster.closestStudent(toName: "ANNA MULLER")?.student.studentNumber == "12345678")
        #expect(roster.closestStudent(toName: "Zoe Xylophon") == nil)
        #expect(Roster.closestGroup(to: "8", among: roster.groups)?.group == "B" || Roster.closestGroup(to: "B", among: roster.groups)?.group == "B")
        #expect(Roster.parseCSV("number,name\n1,A") == .failure(FormProblems([.rosterHeader])))
        #expect(Roster.parseCSV("studentNumber,name,group\n12a,A,B\n1,A,B\n1,C,D") == .failure(FormProblems([.rosterRow(line: 2, reason: "the student number must be 1 to 20 digits"), .duplicateStudent("1")])))
    }

    @Test func unsureDigitsAreChosenSoThatTheSumAndTheRosterHold() {
        func cell(_ options: [(Character?, Double)]) -> FormReadingChooser.CellCandidates { .init(options.map { (character: $0.0, probability: $0.1) }) }
        // Task 2 looks like 7 but might be 1; the total 13 and task 1's 6 say 7 is right. The
        // student number's last digit reads 3 (0.6) or 8 (0.4); only ...8 is on the roster.
        let t1 = FormReadingChooser.readings([cell([("6", 0.95), ("5", 0.05)])])
        let t2 = FormReadingChooser.readings([cell([("1", 0.55), ("7", 0.45)])])
        let total = FormReadingChooser.readings([cell([("1", 0.99)]), cell([("3", 0.9), ("8", 0.1)])])
        let number = FormReadingChooser.readings([cell([("4", 0.99)]), cell([("2", 0.99)]), cell([("3", 0.6), ("8", 0.4)])])
        #expect(t2.first?.value == "1")
        let choice = FormReadingChooser.choose(["t1": t1, "t2": t2, "total": total, "number": number],
                                               links: [.sum(parts: ["t1", "t2"], total: "total")], studentNumberRegions: ["number"], roster: ["428", "999"])
        #expect(choice.satisfied && choice.values == ["t1": "6", "t2": "7", "total": "13", "number": "428"])
        #expect(choice.changed == ["number", "t2"])
        // Nothing fits: the most likely readings are kept and the form says so.
        let none = FormReadingChooser.choose(["t1": t1, "t2": t2, "total": FormReadingChooser.readings([cell([("9", 1)]), cell([("9", 1)])])], links: [.sum(parts: ["t1", "t2"], total: "total")])
        #expect(!none.satisfied && none.values["t2"] == "1")
    }

    @Test func aStudentNumberIsReadAsTheRostersClosestWhenTheHandwritingAllowsIt() {
        func cell(_ options: [(Character?, Double)]) -> FormReadingChooser.CellCandidates { .init(options.map { (character: $0.0, probability: $0.1) }) }
        // The third digit reads 8 or 6; the roster's 4208 has a 0 there (the network's third choice).
        let cells = [cell([("4", 0.99), ("9", 0.01)]), cell([("2", 0.99), ("7", 0.01)]), cell([("8", 0.7), ("6", 0.3)]), cell([("8", 0.9), ("3", 0.1)])]
        let roster = FormReadingChooser.rosterReadings(cells, numbers: ["4208", "9999", "123"])
        #expect(roster.map(\.value) == ["4208"], "one unlisted digit is allowed, four are not, a wrong length never")
        let choice = FormReadingChooser.choose(["number": FormReadingChooser.merged(FormReadingChooser.readings(cells), roster)], links: [],
                                               studentNumberRegions: ["number"], roster: ["4208", "9999"])
        #expect(choice.satisfied && choice.values["number"] == "4208" && choice.changed == ["number"])
        // Not on the roster at all: the links are still chosen for, the number kept as read.
        let unknown = FormReadingChooser.choose(["number": FormReadingChooser.readings(cells)], links: [], studentNumberRegions: ["number"], roster: ["1111"])
        #expect(unknown.values["number"] == "4288")
    }

    @Test func anEmptyCellIsNoDigit() {
        let readings = FormReadingChooser.readings([
            .init([(character: "1", probability: 0.9)]), .init([(character: nil, probability: 0.8), (character: "1", probability: 0.2)]),
        ])
        #expect(readings.map(\.value) == ["1", "11"])
    }

    @Test func theTemplateFileReadsAsTheIssueWritesItAndNamesEveryProblem() throws {
        let json = """
        {"name": "Exam cover sheet", "pages": [{"image": "page1.png", "width": 1000, "height": 1400}],
         "regions": [{"name": "matrikel", "type": "studentNumber", "page": 1, "rect": [100, 200, 400, 60], "cells": 8},
                     {"name": "task1", "type": "points", "page": 1, "rect": [100, 300, 80, 60], "cells": 2},
                     {"name": "task2", "type": "points", "page": 1, "rect": [200, 300, 80, 60], "cells": 2},
                     {"name": "total", "type": "points", "page": 1, "rect": [300, 300, 80, 60], "cells": 2},
                     {"name": "grade", "type": "grade", "page": 1, "rect": [400, 300, 80, 60]}],
         "links": [{"kind": "sum", "parts": ["task1", "task2"], "total": "total"},
                   {"kind": "gradeScale", "points": "total", "grade": "grade", "table": [[0, 1.0], [30, 4.0], [54, 6.0]]}],
         "roster": "roster.csv"}
        """
        let file = try JSONDecoder().decode(FormTemplateFile.self, from: Data(json.utf8))
        #expect(file.problems().isEmpty)
        #expect(file.regions[0].cellRects.count == 8 && file.regions[0].cellRects[1] == PixelRect(x: 150, y: 200, width: 50, height: 60))
        var broken = file
        broken.regions.append(FormRegion(name: "task1", type: .name, page: 2, rect: PixelRect(x: 0, y: 0, width: 0, height: 1)))
        broken.regions.append(FormRegion(name: "wide", type: .name, page: 1, rect: PixelRect(x: 900, y: 0, width: 200, height: 10), cells: 50))
        broken.links.append(.equal(["matrikel", "ghost"]))
        broken.links.append(.sum(parts: ["grade"], total: "total"))
        #expect(broken.problems() == [
            .duplicateRegion("task1"), .pageOutOfRange(region: "task1", page: 2), .rectInvalid(region: "wide"), .cellsOutOfRange(region: "wide"),
            .unknownRegion("ghost"), .wrongRegionType(region: "grade", expected: .points),
        ])
    }
}
