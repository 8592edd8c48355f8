import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

/// Generated filled cover sheets, photographed (`Tools/docgen/generate_forms.py`): student numbers,
/// points, grades and names right, forms with every field right, alignment error, time per form.
enum FormBench {
    struct Truth: Decodable {
        struct Student: Decodable { let studentNumber: String; let name: String; let group: String }
        struct Settings: Decodable { let cutCorner: Bool }
        let values: [String: String]
        let student: Student
        let corners: [[Double]]
        let page: [Int]
        let settings: Settings
    }

    /// The printed and written text lines (name, group) are read by `engine`'s reader.
    static func run(directory: String, engine: TextReaderEngine = .tesseract, into table: inout BenchTable) async throws {
        let scanner = try FormTemplateLoader.scanner(templateFile: directory + "/template/template.json")
        let pool = try engine.makeReader(threads: 1)
        defer { pool.shutdown() }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jpg") }.sorted()
        var numbers = 0, points = 0, pointRegions = 0, grades = 0, students = 0, complete = 0, cutComplete = 0, cutForms = 0
        var alignmentErrors: [Double] = [], milliseconds: [Double] = []
        let pointNames = scanner.template.regions.filter { $0.type == .points }.map(\.name)
        for name in names {
            let stem = String(name.dropLast(4))
            let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(stem).json")))
            let photo = try Image.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name)"))))
            let start = ContinuousClock.now
            let result = try await scanner.scan([photo], recognizer: pool)
            milliseconds.append(Double((ContinuousClock.now - start).milliseconds))
            let values = Dictionary(result.regions.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
            if values["matrikel"] == truth.values["matrikel"] { numbers += 1 }
            for region in pointNames {
                pointRegions += 1
                if values[region] == truth.values[region] { points += 1 }
            }
            if values["note"] == truth.values["note"] { grades += 1 }
            if result.student?.name == truth.student.name { students += 1 }
            let right = truth.values.allSatisfy { values[$0.key] == $0.value }
            if right { complete += 1 }
            if truth.settings.cutCorner { cutForms += 1; if right { cutComplete += 1 } }
            alignmentErrors.append(alignmentError(result.pages.first?.homography, truth: truth))
        }
        let set = "generated cover sheets, \(names.count) photos (\(cutForms) with a corner cut off), \(engine.displayName)"
        table.add("Student numbers exact", ReceiptBench.share(numbers, names.count), dataSet: set)
        table.add("Points fields exact", ReceiptBench.share(points, pointRegions), dataSet: set)
        table.add("Grades exact", ReceiptBench.share(grades, names.count), dataSet: set)
        table.add("Student found in the roster (name right)", ReceiptBench.share(students, names.count), dataSet: set)
        table.add("Forms with every field right", ReceiptBench.share(complete, names.count), dataSet: set)
        table.add("  of them with a corner cut off", ReceiptBench.share(cutComplete, cutForms), dataSet: set)
        let sorted = alignmentErrors.sorted()
        table.add("Alignment error, median / worst form (largest of a 5×5 grid)", String(format: "%.1f / %.1f px", sorted[sorted.count / 2], sorted.last ?? 0), dataSet: set + ", template 1240×1754 px")
        let times = milliseconds.sorted()
        table.add("Time per form (align, read every region, check)", String(format: "median %.0f ms", times[times.count / 2]), dataSet: set)
    }

    /// The largest distance, over a grid on the page, between a template point and where the
    /// photo's alignment puts it back (the truth maps template → photo).
    static func alignmentError(_ homography: Homography?, truth: Truth) -> Double {
        guard let homography, truth.corners.count == 4, truth.page.count == 2 else { return .infinity }
        let w = Double(truth.page[0]), h = Double(truth.page[1])
        let page = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
        guard let toPhoto = Homography.fitting(page, to: truth.corners.map { Point(x: $0[0], y: $0[1]) }) else { return .infinity }
        var worst = 0.0
        for gx in stride(from: 0.1, through: 0.9, by: 0.2) {
            for gy in stride(from: 0.1, through: 0.9, by: 0.2) {
                let point = Point(x: gx * w, y: gy * h)
                guard let back = toPhoto.apply(point).flatMap(homography.apply) else { return .infinity }
                worst = max(worst, ((back.x - point.x) * (back.x - point.x) + (back.y - point.y) * (back.y - point.y)).squareRoot())
            }
        }
        return worst
    }
}
