import ArgumentParser
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

struct FormCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "form",
        abstract: "Form templates: scan filled forms offline.",
        subcommands: [Scan.self]
    )

    /// `scanbook form scan TEMPLATE.json PHOTO...`: the photos are the pages of one filled form.
    struct Scan: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "scan", abstract: "Read one filled form (its pages' photos in template order) against a template file.")

        @Argument(help: "template.json (page images and roster.csv beside it).") var template: String
        @Argument(help: "Photos of the filled form's pages, in template order.") var photos: [String]
        @Flag(help: "Print JSON.") var json = false

        struct Output: Encodable {
            struct Region: Encodable {
                let name: String
                let type: String
                let value: String
                let confidence: Double
                let chosenByLinks: Bool
                let problem: String?
            }

            let pages: [FormScanner.PageResult]
            let regions: [Region]
            let links: [FormCheck.LinkResult]
            let student: Roster.Student?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(pages, forKey: .pages)
                try container.encode(regions, forKey: .regions)
                try container.encode(links, forKey: .links)
                // null, not missing, when no student matched.
                try container.encode(student, forKey: .student)
            }

            enum CodingKeys: String, CodingKey { case pages, regions, links, student }
        }

        /// Synchronous on purpose: the same typed-throws closure inside the async `run` crashes
        /// Swift 6.3.1's optimizer (coroutine splitting) in release builds.
        static func decodeAll(_ paths: [String]) throws -> [Image] {
            var images: [Image] = []
            for path in paths { images.append(try Image.decode(try readImage(path))) }
            return images
        }

        func run() async throws {
            let scanner: FormScanner
            do {
                scanner = try FormTemplateLoader.scanner(templateFile: template)
            } catch let failure as FormTemplateLoader.Failure {
                throw ValidationError(failure.description)
            }
            guard photos.count == scanner.pages.count else {
                throw ValidationError("the template has \(scanner.pages.count) page(s); give one photo per page (\(photos.count) given)")
            }
            let images = try Self.decodeAll(photos)
            let pool = TesseractPool(threads: 1)
            defer { pool.shutdown() }
            let result = try await scanner.scan(images, recognizer: pool)
            let output = Output(
                pages: result.pages,
                regions: result.regions.map { .init(name: $0.name, type: $0.type.rawValue, value: $0.value, confidence: ($0.confidence * 1000).rounded() / 1000, chosenByLinks: $0.chosenByLinks, problem: $0.problem) },
                links: result.links, student: result.student
            )
            if json { return try printJSON(output) }
            for region in output.regions {
                print("\(region.name): \(region.value.isEmpty ? "(empty)" : region.value)  \(Int(region.confidence * 100)) %\(region.chosenByLinks ? "  (chosen to satisfy the links)" : "")\(region.problem.map { "  ! \($0)" } ?? "")")
            }
            for link in output.links { print("\(link.kind) \(link.regions.joined(separator: ", ")): \(link.ok ? "ok" : "FAILED") — \(link.message)") }
            if let student = output.student { print("student: \(student.studentNumber) \(student.name) \(student.group)") }
        }
    }
}
