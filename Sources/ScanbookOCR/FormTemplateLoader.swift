import Foundation
import ScanbookCore
import ScanbookVision

/// A template folder as exported (`template.json`, its page images, `roster.csv`) made ready to
/// scan with; every problem of the file named at once.
public enum FormTemplateLoader {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func scanner(templateFile path: String) throws -> FormScanner {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure(description: "cannot read \(path)") }
        var template: FormTemplateFile
        do {
            template = try JSONDecoder().decode(FormTemplateFile.self, from: data)
        } catch {
            throw Failure(description: "\(path) is not a template file: \(error)")
        }
        var pages: [Image] = []
        for (index, page) in template.pages.enumerated() {
            // Only file names beside the template: a template from elsewhere cannot reach other files.
            guard !page.image.contains("/"), !page.image.hasPrefix("."),
                  let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(page.image).path) else {
                throw Failure(description: "page \(index + 1): cannot read \(page.image) beside the template")
            }
            let image = try Image.decode([UInt8](bytes))
            template.pages[index].width = image.width
            template.pages[index].height = image.height
            pages.append(image)
        }
        let problems = template.problems()
        guard problems.isEmpty else { throw Failure(description: problems.map(\.description).joined(separator: "; ")) }
        var roster: Roster?
        if let file = template.roster {
            guard !file.contains("/"), !file.hasPrefix("."), let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) else {
                throw Failure(description: "cannot read the roster \(file) beside the template")
            }
            switch Roster.parseCSV(String(decoding: data, as: UTF8.self)) {
            case .success(let parsed): roster = parsed
            case .failure(let found): throw Failure(description: found.problems.map(\.description).joined(separator: "; "))
            }
        }
        return FormScanner(template: template, pages: pages, roster: roster, digits: try DigitModels.reader(named: "handwritten"))
    }
}
