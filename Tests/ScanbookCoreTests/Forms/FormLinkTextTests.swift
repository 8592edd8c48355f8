import Testing
import ScanbookCore

/// Links typed one per line, the review's recheck after corrections, and the result tables.
@Suite struct FormLinkTextTests {
    @Test func linesBecomeLinksAndLinksPrintBackTheSame() throws {
        let text = """
        # exam 1
        task1 + task2 + task3 = total
        number == number2

        total -> grade: 0 = 1,0; 30 = 4.0; 54.5 = 6
        """
        let links = try FormLinkText.parse(text).get()
        let scale = try GradeScale.make([.init(minimumPoints: 0, grade: 10), .init(minimumPoints: 3_000, grade: 40), .init(minimumPoints: 5_450, grade: 60)]).get()
        #expect(links == [.sum(parts: ["task1", "task2", "task3"], total: "total"), .equal(["number", "number2"]),
                          .gradeScale(points: "total", grade: "grade", scale: scale)])
        let printed = FormLinkText.format(links)
        #expect(printed == "task1 + task2 + task3 = total\nnumber == number2\ntotal -> grade: 0 = 1.0; 30 = 4.0; 54.50 = 6.0")
        #expect(try FormLinkText.parse(printed).get() == links)
    }

    @Test func everyBadLineIsNamedWithItsNumber() {
        let text = "a + = total\nokay == fine\nplain words\ntotal -> grade: 30 = 4.0; 10 = 5.0\ntotal -> grade 0 = 1"
        guard case .failure(let found) = FormLinkText.parse(text) else { Issue.record("accepted"); return }
        #expect(found.problems.map { if case .linkLine(let line, _) = $0 { line } else { 0 } } == [1, 3, 4, 5])
        #expect(found.problems[2].description.contains("rise"))
    }

    static let template = FormTemplateFile(
        name: "Exam", pages: [.init(image: "p.png", width: 1000, height: 1400)],
        regions: [
            FormRegion(name: "number", type: .studentNumber, page: 1, rect: PixelRect(x: 10, y: 10, width: 400, height: 50), cells: 8),
            FormRegion(name: "name", type: .name, page: 1, rect: PixelRect(x: 10, y: 70, width: 400, height: 50)),
            FormRegion(name: "t1", type: .points, page: 1, rect: PixelRect(x: 10, y: 130, width: 100, height: 50), cells: 2),
            FormRegion(name: "t2", type: .points, page: 1, rect: PixelRect(x: 110, y: 130, width: 100, height: 50), cells: 2),
            FormRegion(name: "total", type: .points, page: 1, rect: PixelRect(x: 210, y: 130, width: 100, height: 50), cells: 2),
            FormRegion(name: "grade", type: .grade, page: 1, rect: PixelRect(x: 310, y: 130, width: 100, height: 50), cells: 2),
        ],
        links: [.sum(parts: ["t1", "t2"], total: "total"),
                .gradeScale(points: "total", grade: "grade", scale: (try? GradeScale.make([.init(minimumPoints: 0, grade: 10), .init(minimumPoints: 3_000, grade: 40)]).get())!)]
    )
    static let roster = Roster(students: [.init(studentNumber: "12345678", name: "Lena Muster", group: "G1"), .init(studentNumber: "87654321", name: "Ali Beispiel", group: "G2")])

    @Test func aCorrectionIsCheckedAgainstTypesLinksAndRoster() {
        let read = ["number": "1234567B", "name": "Lena Mustr", "t1": "12", "t2": "O9", "total": "21", "grade": "1.0"]
        let review = FormReview(template: Self.template, values: read, roster: Self.roster)
        #expect(review.values["number"] == "12345678" && review.values["t2"] == "9", "look-alike letters become digits")
        #expect(review.student?.name == "Lena Muster" && review.ok)
        var wrong = read
        wrong["total"] = "31"
        wrong["grade"] = "7"
        let refused = FormReview(template: Self.template, values: wrong, roster: Self.roster)
        #expect(!refused.ok && refused.problems.map(\.region) == ["grade"] && refused.links.map(\.ok) == [false, false])
        let stranger = FormReview(template: Self.template, values: ["number": "11111111", "name": "Nobody", "t1": "1", "t2": "1", "total": "2", "grade": "1.0"], roster: Self.roster)
        #expect(stranger.student == nil && !stranger.ok, "a roster is given but the student is not on it")
    }

    @Test func theCSVHasTheRegionsThenTheStudentAndTheGradeTableIsByName() {
        let rows = [
            FormResultTable.Row(values: ["number": "87654321", "t1": "30", "t2": "4", "total": "34", "grade": "4.0", "name": "=cmd"], student: Self.roster.students[1], ok: true),
            FormResultTable.Row(values: ["number": "12345678", "t1": "1", "t2": "", "total": "1", "grade": "1.0"], student: nil, ok: false),
        ]
        let csv = FormResultTable.csv(Self.template, rows: rows)
        let lines = csv.split(separator: "\r\n").map(String.init)
        #expect(lines == ["number,name,t1,t2,total,grade,studentNumber,name,group,ok",
                          "87654321,'=cmd,30,4,34,4.0,87654321,Ali Beispiel,G2,yes",
                          "12345678,,1,,1,1.0,,,,no"])
        let grades = FormResultTable.grades(Self.template, rows: rows)
        #expect(grades.map(\.name) == ["", "Ali Beispiel"] && grades[1].points == "34" && grades[1].grade == "4.0" && grades[0].studentNumber == "12345678")
    }

    /// Values from outside never reach arithmetic that can trap, and names stay printable as links.
    @Test func extremeInputIsRefusedNotTrapped() {
        #expect(FormValueRules.gradeTenths("1000000000000000000") == nil && FormValueRules.gradeTenths("9223372036854775807.5") == nil)
        #expect(FormValueRules.normalize("1000000000000000000", type: .grade) == .invalid("a grade such as 4.5"))
        var file = Self.template
        file.regions[0].page = Int.min
        file.regions[1].name = "Aufgabe 1"
        file.regions[2].name = "=cmd"
        let problems = file.problems()
        #expect(problems.contains(.pageOutOfRange(region: "number", page: Int.min)))
        #expect(problems.contains(.regionNameInvalid("Aufgabe 1")) && problems.contains(.regionNameInvalid("=cmd")))
        #expect(FormTemplateFile.isRegionName("aufgabe_1.b-2") && FormTemplateFile.isRegionName("Größe") && !FormTemplateFile.isRegionName("#1"))
        // A header a user named is defused like any cell.
        var table = CSVTable(header: ["=1+1", "ok"])
        table.append([.text("x"), .text("y")])
        #expect(table.text.hasPrefix("'=1+1,ok\r\n"))
    }
}
