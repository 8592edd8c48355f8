import Foundation
import ScanbookCore
import ScanbookVision

/// Reads filled forms against their template: each photo is aligned to its template page
/// (features and a homography; the page corners when too little print matches), each region cut
/// out and read by its type (digits cell by cell by the handwritten-digit network, text by
/// Tesseract), values normalized, unsure digits chosen so the links and the roster hold, and the
/// links checked.
public struct FormScanner: Sendable {
    public let template: FormTemplateFile
    /// The template's page images, in page order.
    public let pages: [Image]
    public let roster: Roster?
    public let digits: DigitReader
    /// Grades allowed, in tenths (5 = steps of 0.5).
    public var gradeStep = 5

    public init(template: FormTemplateFile, pages: [Image], roster: Roster?, digits: DigitReader) {
        self.template = template
        self.pages = pages
        self.roster = roster
        self.digits = digits
    }

    public struct PageResult: Equatable, Sendable, Codable {
        /// The page was placed on its template page (by features or by its corners).
        public let found: Bool
        /// How: "features", "corners" or "none".
        public let method: String
        public let inliers: Int
        /// Photo pixels → template page pixels, as used.
        public let homography: Homography?
    }

    public struct RegionResult: Equatable, Sendable, Codable {
        public let name: String
        public let type: FormRegionType
        /// As stored ("" for an empty region).
        public let value: String
        /// 0–1.
        public let confidence: Double
        /// Not the most likely reading: chosen so the links or the roster hold.
        public let chosenByLinks: Bool
        /// The region's value breaks its type's rule (kept as read for the review).
        public let problem: String?
    }

    public struct Result: Equatable, Sendable, Codable {
        public let pages: [PageResult]
        public let regions: [RegionResult]
        public let links: [FormCheck.LinkResult]
        public let student: Roster.Student?
    }

    /// `photos`: the pages of one filled form, in template order.
    public func scan(_ photos: [Image], recognizer: any TextRecognizer) async throws -> Result {
        try await read(try alignPages(photos), recognizer: recognizer)
    }

    /// A filled page on its template page's pixels, with how it got there.
    public struct AlignedPage: Sendable {
        public let image: Image
        public let result: PageResult
    }

    /// Each photo on its template page (synchronous image work: servers run it on their image
    /// threads); photos beyond the template's pages are ignored.
    public func alignPages(_ photos: [Image]) throws -> [AlignedPage] {
        try zip(photos, pages).map { photo, page in
            let (image, result) = try align(photo, to: page)
            return AlignedPage(image: image, result: result)
        }
    }

    /// Reads every region from the aligned pages, chooses unsure digits by the links and roster,
    /// and checks the links.
    public func read(_ alignedPages: [AlignedPage], recognizer: any TextRecognizer) async throws -> Result {
        try await finishReading(try readDigits(alignedPages), recognizer: recognizer)
    }

    /// The synchronous part of reading (servers run it on their image threads): the pages in gray
    /// and every number region's candidate readings.
    public struct DigitReadings: Sendable {
        let pageResults: [PageResult]
        let grayPages: [Int: Image]
        let candidates: [String: [FormReadingChooser.Reading]]
    }

    public func readDigits(_ alignedPages: [AlignedPage]) throws -> DigitReadings {
        var aligned: [Int: Image] = [:]
        for (index, page) in alignedPages.enumerated() {
            // Gray once per page; every region is read from it.
            aligned[index + 1] = try page.image.grayscale()
        }
        var candidates: [String: [FormReadingChooser.Reading]] = [:]
        for region in template.regions where region.type.isNumeric {
            guard let page = aligned[region.page] else { continue }
            let cells = try readCells(region, on: page)
            var readings = FormReadingChooser.readings(cells)
            if region.type == .studentNumber, let roster {
                readings = FormReadingChooser.merged(readings, FormReadingChooser.rosterReadings(cells, numbers: roster.students.map(\.studentNumber)))
            }
            // A reading its type forbids (a grade of 4.8 where grades come in halves) is no candidate.
            let allowed = readings.filter { isValid($0.value, region.type) }
            candidates[region.name] = allowed.isEmpty ? Array(readings.prefix(1)) : allowed
        }
        return DigitReadings(pageResults: alignedPages.map(\.result), grayPages: aligned, candidates: candidates)
    }

    /// Text regions by the recognizer, then the choice among the digits' candidates and the checks.
    public func finishReading(_ digits: DigitReadings, recognizer: any TextRecognizer) async throws -> Result {
        let pageResults = digits.pageResults, aligned = digits.grayPages, candidates = digits.candidates
        var texts: [String: (String, Double)] = [:]
        for region in template.regions where !region.type.isNumeric {
            guard let page = aligned[region.page] else { continue }
            texts[region.name] = try await readText(region, on: page, recognizer: recognizer)
        }
        let numberRegions = template.regions.filter { $0.type == .studentNumber }.map(\.name)
        let choice = FormReadingChooser.choose(candidates, links: template.links, studentNumberRegions: numberRegions,
                                               roster: Set(roster?.students.map(\.studentNumber) ?? []))
        var values: [String: String] = [:]
        var regions: [RegionResult] = []
        for region in template.regions {
            let raw: String, confidence: Double
            if let options = candidates[region.name] {
                raw = choice.values[region.name] ?? options.first?.value ?? ""
                let chosen = options.first { $0.value == raw }
                confidence = chosen.map { exp($0.logScore) } ?? 0
            } else if let (text, textConfidence) = texts[region.name] {
                raw = text
                confidence = textConfidence
            } else {
                raw = ""
                confidence = 0
            }
            var value = raw, problem: String?
            switch FormValueRules.normalize(raw, type: region.type, gradeStep: gradeStep) {
            case .value(let normalized): value = normalized
            case .invalid(let reason): problem = reason
            }
            values[region.name] = value
            regions.append(RegionResult(name: region.name, type: region.type, value: value, confidence: confidence,
                                        chosenByLinks: choice.changed.contains(region.name), problem: problem))
        }
        let student = matchStudent(values)
        if let student {
            // The roster's spelling of the name and group replaces the handwriting's.
            regions = regions.map { result in
                switch result.type {
                case .name: RegionResult(name: result.name, type: result.type, value: student.name, confidence: result.confidence, chosenByLinks: result.chosenByLinks, problem: nil)
                case .seminarGroup where !student.group.isEmpty:
                    RegionResult(name: result.name, type: result.type, value: student.group, confidence: result.confidence, chosenByLinks: result.chosenByLinks, problem: nil)
                default: result
                }
            }
            for region in regions { values[region.name] = region.value }
        }
        return Result(pages: pageResults, regions: regions, links: FormCheck.evaluate(template.links, values: values), student: student)
    }

    /// The photo on its template page's pixels: by features when enough print matches (folded,
    /// tilted, a corner cut off), else by the page's corners, else the photo stretched.
    func align(_ photo: Image, to page: Image) throws -> (Image, PageResult) {
        let detection = try photo.findDocument()
        let pageCorners = [Point(x: 0, y: 0), Point(x: Double(page.width - 1), y: 0), Point(x: Double(page.width - 1), y: Double(page.height - 1)), Point(x: 0, y: Double(page.height - 1))]
        var flattened: (image: Image, map: Homography?)?
        if detection.found {
            flattened = (try photo.warped(detection.corners, width: page.width, height: page.height), Homography.fitting(detection.corners.corners, to: pageCorners))
        }
        // Both the flattened page and the photo itself are fitted and the fit more features agree
        // with wins: a page outline found wrongly (a corner cut off) squeezes part of the page away.
        let candidates: [(image: Image, map: Homography?)] = (flattened.map { [$0] } ?? []) + [(photo, Homography.identity)]
        var best: (image: Image, map: Homography?, fit: Homography, inliers: Int)?
        for candidate in candidates {
            let alignment = try candidate.image.alignment(to: page)
            if let homography = alignment.homography, alignment.inliers > (best?.inliers ?? 0) {
                best = (candidate.image, candidate.map, homography, alignment.inliers)
            }
        }
        if let best {
            // A second fit on the page as first placed: features cluster where the photo is sharp
            // and lit, and a first fit extrapolates into the rest; placed roughly, the whole page
            // matches and the correction is fitted everywhere.
            var fit = best.fit, inliers = best.inliers
            let placed = try best.image.warped(by: fit, width: page.width, height: page.height)
            let second = try placed.alignment(to: page)
            if let correction = second.homography, second.inliers >= inliers / 2, let refined = fit.followed(by: correction) {
                fit = refined
                inliers = second.inliers
            }
            return (try best.image.warped(by: fit, width: page.width, height: page.height),
                    PageResult(found: true, method: "features", inliers: inliers, homography: best.map?.followed(by: fit)))
        }
        if let flattened { return (flattened.image, PageResult(found: true, method: "corners", inliers: 0, homography: flattened.map)) }
        let stretch = Homography([Double(page.width) / Double(photo.width), 0, 0, 0, Double(page.height) / Double(photo.height), 0, 0, 0, 1])
        return (try photo.resized(width: page.width, height: page.height), PageResult(found: false, method: "none", inliers: 0, homography: stretch))
    }

    /// How far the region's printed boxes lie from where the page fit put them: the template's
    /// box outline is looked for within `searchRadius` pixels. A page fit is one homography for
    /// the whole sheet; a folded or bent page moves parts of it on their own.
    func localShift(_ region: FormRegion, on page: Image, template: Image, searchRadius: Int = 40) throws -> (dx: Int, dy: Int) {
        let margin = 6
        guard let needleRect = clip(PixelRect(x: region.rect.x - margin, y: region.rect.y - margin, width: region.rect.width + 2 * margin, height: region.rect.height + 2 * margin), template),
              let searchRect = clip(PixelRect(x: needleRect.x - searchRadius, y: needleRect.y - searchRadius,
                                              width: needleRect.width + 2 * searchRadius, height: needleRect.height + 2 * searchRadius), page),
              searchRect.width > needleRect.width, searchRect.height > needleRect.height else { return (0, 0) }
        let needle = try template.cropped(to: needleRect).grayscale()
        let haystack = try page.cropped(to: searchRect).grayscale()
        let found = try haystack.locate(needle)
        // Weak matches (little print in the box, ink covering it) keep the page fit.
        guard found.score >= 0.45 else { return (0, 0) }
        return (searchRect.x + found.x - needleRect.x, searchRect.y + found.y - needleRect.y)
    }

    /// Each cell read by the network (either polarity), empty cells as empty: its candidates.
    /// `gray`: the aligned page in gray.
    func readCells(_ region: FormRegion, on gray: Image) throws -> [FormReadingChooser.CellCandidates] {
        var cells: [FormReadingChooser.CellCandidates] = []
        let shift: (dx: Int, dy: Int) = pages.indices.contains(region.page - 1) ? try localShift(region, on: gray, template: pages[region.page - 1]) : (0, 0)
        for cellRect in region.cellRects {
            let rect = PixelRect(x: cellRect.x + shift.dx, y: cellRect.y + shift.dy, width: cellRect.width, height: cellRect.height)
            guard let clipped = clip(rect, gray), clipped.width > 4, clipped.height > 4 else {
                cells.append(.init([(character: nil, probability: 1)]))
                continue
            }
            let crop = try gray.cropped(to: clipped)
            guard let normalized = HandwrittenCell.normalize(crop.grayPixels(), width: crop.width, height: crop.height) else {
                cells.append(.init([(character: nil, probability: 0.97), (character: "1", probability: 0.03)]))
                continue
            }
            cells.append(.init(digits.ranked(gray: normalized).prefix(3).map { (character: $0.value.first, probability: $0.probability) }))
        }
        return cells
    }

    func readText(_ region: FormRegion, on page: Image, recognizer: any TextRecognizer) async throws -> (String, Double) {
        guard let clipped = clip(region.rect, page) else { return ("", 0) }
        let crop = try page.cropped(to: clipped).grayscale()
        // Tesseract reads best at ~30 px text height; regions are a line high.
        let scale = max(1, 60 / max(1, crop.height))
        let input = scale > 1 ? try crop.resized(width: crop.width * scale, height: crop.height * scale) : crop
        let result = try await recognizer.recognize(input, options: OCROptions(languages: "deu+eng", pageSegmentation: .singleLine, timeLimitSeconds: 20))
        let text = result.text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingWhitespace()
        return (text, max(0, min(1, result.meanConfidence / 100)))
    }

    private func isValid(_ value: String, _ type: FormRegionType) -> Bool {
        if case .value = FormValueRules.normalize(value, type: type, gradeStep: gradeStep) { return true }
        return false
    }

    /// The student by number when the roster has it, else by the name read.
    func matchStudent(_ values: [String: String]) -> Roster.Student? {
        FormReview.student(in: values, template: template, roster: roster)
    }

    private func clip(_ rect: PixelRect, _ image: Image) -> PixelRect? {
        let x = max(0, rect.x), y = max(0, rect.y)
        let right = min(image.width, rect.x + rect.width), bottom = min(image.height, rect.y + rect.height)
        guard right > x, bottom > y else { return nil }
        return PixelRect(x: x, y: y, width: right - x, height: bottom - y)
    }
}
