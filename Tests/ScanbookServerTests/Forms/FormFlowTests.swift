import Fluent
import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

/// A template built through the API, filled forms scanned by the capture workers, a correction
/// checked again, the CSV and the grade table; and who may see or change what: another user's
/// template, scan and result are 404, a read-only share that tries to change gets 403.
@Suite struct FormFlowTests {
    @Test(arguments: TestDatabase.available)
    func aPileOfFilledFormsBecomesACheckedTable(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.captureWorkers = 1 }) { app, _ in
            app.startCaptureWorkers()
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let template = try await api.makeExamTemplate()
            let id = template.id
            #expect(template.pages.map(\.width) == [1239] && template.regions.count == 9 && template.links.count == 2 && template.roster != nil)

            // A wrong template is refused whole and the stored one stays.
            var broken = try FormFixtures.template().regions
            broken[0].rect = PixelRect(x: 1200, y: 10, width: 400, height: 50)
            let refused = try await api.send(.PUT, FormsAPIRoute.regions(id: id), json: broken)
            #expect(refused.status == .unprocessableEntity && refused.body.string.contains("outside its page"))
            let links = try await api.send(.PUT, FormsAPIRoute.links(id: id), json: [FormLink.sum(parts: ["aufgabe1"], total: "name")])
            #expect(links.status == .unprocessableEntity && links.body.string.contains("must be of type points"))
            #expect(try await api.send(.GET, FormsAPIRoute.template(id: id)).content.decode(FormTemplateDTO.self).regions == template.regions)
            #expect(try await api.send(.DELETE, FormsAPIRoute.page(id: id, page: 1)).status == .unprocessableEntity, "the page still has regions")
            // Refusals leave nothing behind and never trap on extreme numbers.
            let templates = try await FormTemplate.query(on: app.db).count()
            #expect(try await api.send(.POST, FormsAPIRoute.templates, json: FormTemplateInput(name: "X", gradeStep: 3)).status == .unprocessableEntity)
            // Left out keeps the step; null says nothing and is refused (the fuzz suite sent it).
            let null = try await api.send(.POST, path: FormsAPIRoute.templates.path, body: #"{"name": "X", "gradeStep": null}"#, contentType: "application/json")
            #expect(null.status == .badRequest)
            #expect(try await FormTemplate.query(on: app.db).count() == templates)
            #expect(try await api.send(.PUT, FormsAPIRoute.page(id: id, page: 1), json: FormCornersInput(corners: "5,5;5,5;5,5;5,5")).status == .unprocessableEntity)
            #expect(try await api.send(.PUT, FormsAPIRoute.page(id: id, page: 1), json: FormCornersInput(corners: "0,0;1239,1753;1239,0;0,1753")).status == .unprocessableEntity, "crossed corners")
            var farPage = try FormFixtures.template().regions
            farPage[0].page = Int.min
            #expect(try await api.send(.PUT, FormsAPIRoute.regions(id: id), json: farPage).status == .unprocessableEntity)
            let badRoster = try await api.send(.PUT, FormsAPIRoute.roster(id: id), json: FormRosterInput(csv: "number,name\n1,A\n"))
            #expect(badRoster.status == .unprocessableEntity && badRoster.body.string.contains("header"))

            // Two filled forms in one batch (one page each); two photos for a one-page form are two forms.
            let upload = try await api.upload(.POST, FormsAPIRoute.scans(id: id), files: [("photos[]", try FormFixtures.file("000.jpg")), ("photos[]", try FormFixtures.file("003.jpg"))])
            #expect(upload.status == .accepted, "\(upload.body.string)")
            #expect(try upload.content.decode([FormScanDTO].self).map(\.state) == ["reading", "reading"])
            try await app.waitForFormScans(id)
            let scans = try await api.send(.GET, FormsAPIRoute.scans(id: id)).content.decode([FormScanDTO].self)
            #expect(scans.count == 2 && scans.allSatisfy { $0.state == "read" })
            let truths = [try FormFixtures.truth("000"), try FormFixtures.truth("003")]
            for scan in scans {
                let values = Dictionary(uniqueKeysWithValues: scan.regions.map { ($0.name, $0.value) })
                let truth = try #require(truths.first { $0["matrikel"] == values["matrikel"] }, "student number read: \(values["matrikel"] ?? "")")
                #expect(scan.student?.studentNumber == truth["matrikel"] && scan.student?.name == truth["name"])
                for name in ["aufgabe1", "aufgabe2", "aufgabe3", "aufgabe4", "total"] { #expect(values[name] == truth[name], "\(name)") }
                #expect(scan.ok == scan.links.allSatisfy(\.ok))
            }

            // A correction that breaks the sum is saved and shown as failing; one its type forbids is refused.
            let scan = try #require(scans.first)
            let total = try #require(scan.regions.first { $0.name == "total" }?.value)
            let corrected = try await api.send(.PATCH, FormsAPIRoute.scan(id: id, scan: scan.id), json: FormCorrectionInput(values: ["total": "\((Int(total) ?? 0) + 1)"]))
            let afterwards = try corrected.content.decode(FormScanDTO.self)
            #expect(afterwards.reviewed && !afterwards.ok && afterwards.links.first { $0.kind == "sum" }?.ok == false)
            let forbidden = try await api.send(.PATCH, FormsAPIRoute.scan(id: id, scan: scan.id), json: FormCorrectionInput(values: ["note": "7.3", "total": total]))
            #expect(forbidden.status == .unprocessableEntity && forbidden.body.string.contains("note"))
            let huge = try await api.send(.PATCH, FormsAPIRoute.scan(id: id, scan: scan.id), json: FormCorrectionInput(values: ["note": "1000000000000000000"]))
            #expect(huge.status == .unprocessableEntity)
            #expect(try await api.send(.GET, FormsAPIRoute.scan(id: id, scan: scan.id)).content.decode(FormScanDTO.self).regions.first { $0.name == "total" }?.value == "\((Int(total) ?? 0) + 1)",
                    "the refused correction left the values as they were")
            _ = try await api.send(.PATCH, FormsAPIRoute.scan(id: id, scan: scan.id), json: FormCorrectionInput(values: ["total": total]))

            // The CSV: region names in template order, then the student and ok; the grade table by name.
            let csv = try await api.send(.GET, FormsAPIRoute.resultsCSV(id: id))
            #expect(csv.headers.contentType?.description.hasPrefix("text/csv") == true)
            let lines = csv.body.string.split(separator: "\r\n").map(String.init)
            #expect(lines.first == "matrikel,name,gruppe,aufgabe1,aufgabe2,aufgabe3,aufgabe4,total,note,studentNumber,name,group,ok")
            #expect(lines.count == 3 && truths.allSatisfy { truth in lines.contains { $0.hasPrefix(truth["matrikel"] ?? "?") } })
            let grades = try await api.send(.GET, FormsAPIRoute.grades(id: id)).content.decode([FormGradeDTO].self)
            #expect(grades.map(\.name) == truths.map { $0["name"] ?? "" }.sorted() && grades.allSatisfy { !$0.grade.isEmpty })

            // The review page shows each region's crop, which is an image of the region.
            let review = try await anna.get(FormsURL.scan(id: id, scan: scan.id).path)
            #expect(review.status == .ok && review.body.string.contains(FormsURL.regionCrop(id: id, scan: scan.id, region: 0).path))
            let crop = try await anna.get(FormsURL.regionCrop(id: id, scan: scan.id, region: 0).path)
            #expect(crop.status == .ok && crop.headers.contentType == .jpeg && crop.body.readableBytes > 500)
            #expect(try await anna.get(FormsURL.regionCrop(id: id, scan: scan.id, region: 99).path).status == .notFound)
        }
    }

    @Test(arguments: TestDatabase.available)
    func othersSeeNothingAndAReadOnlyShareChangesNothing(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.captureWorkers = 0 }) { app, _ in
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let template = try await api.makeExamTemplate()
            let id = template.id
            let upload = try await api.upload(.POST, FormsAPIRoute.scans(id: id), files: [("photos[]", try FormFixtures.file("000.jpg"))])
            let scan = try #require(try upload.content.decode([FormScanDTO].self).first)

            let ben = WebSession(app)
            try await ben.register(name: "Ben", email: "ben@example.org")
            let benAPI = APIClient(app: app, token: try await app.apiToken(email: "ben@example.org"))
            let regions = try FormFixtures.template().regions
            func benTries() async throws -> [HTTPStatus] {
                [
                    try await benAPI.send(.GET, FormsAPIRoute.template(id: id)).status,
                    try await benAPI.send(.GET, FormsAPIRoute.scans(id: id)).status,
                    try await benAPI.send(.GET, FormsAPIRoute.scan(id: id, scan: scan.id)).status,
                    try await benAPI.send(.GET, FormsAPIRoute.resultsCSV(id: id)).status,
                    try await benAPI.send(.GET, FormsAPIRoute.pageImage(id: id, page: 1)).status,
                    try await ben.get(FormsURL.template(id: id).path).status,
                    try await ben.get(FormsURL.scan(id: id, scan: scan.id).path).status,
                ]
            }
            func benChanges() async throws -> [HTTPStatus] {
                [
                    try await benAPI.send(.PUT, FormsAPIRoute.regions(id: id), json: Array(regions.prefix(2))).status,
                    try await benAPI.send(.PATCH, FormsAPIRoute.template(id: id), json: FormTemplateInput(name: "Mine now")).status,
                    try await benAPI.send(.PATCH, FormsAPIRoute.scan(id: id, scan: scan.id), json: FormCorrectionInput(values: ["total": "1"])).status,
                    try await benAPI.send(.DELETE, FormsAPIRoute.scan(id: id, scan: scan.id)).status,
                    try await benAPI.upload(.POST, FormsAPIRoute.scans(id: id), files: [("photos[]", try FormFixtures.file("003.jpg"))]).status,
                    try await benAPI.send(.DELETE, FormsAPIRoute.template(id: id)).status,
                ]
            }
            #expect(try await benTries().allSatisfy { $0 == .notFound })
            let bensOwn = try await benAPI.send(.POST, FormsAPIRoute.templates, json: FormTemplateInput(name: "Bens Prüfung")).content.decode(FormTemplateDTO.self)
            #expect(try await benAPI.send(.PUT, FormsAPIRoute.roster(id: bensOwn.id), json: FormRosterInput(from: id)).status == .notFound, "no copying a roster one cannot read")
            #expect(try await benChanges().allSatisfy { $0 == .notFound })
            #expect(try await benAPI.send(.GET, FormsAPIRoute.templates).content.decode([FormTemplateDTO].self).map(\.id) == [bensOwn.id])

            // Sharing is an invitation, answered alike for an address with an account and one
            // without: the owner learns nothing about who is registered.
            let share = try await api.send(.POST, FormsAPIRoute.shares(id: id), json: FormShareInput(email: "ben@example.org", access: "read"))
            let stranger = try await api.send(.POST, FormsAPIRoute.shares(id: id), json: FormShareInput(email: "nobody@example.org", access: "read"))
            #expect(share.status == .created && stranger.status == .created)
            let (offered, unknown) = (try share.content.decode(FormShareDTO.self), try stranger.content.decode(FormShareDTO.self))
            #expect(offered.state == "invited" && unknown.state == "invited" && offered.access == unknown.access)
            #expect(Set(share.headers.map(\.name)) == Set(stranger.headers.map(\.name)))
            #expect(try await benTries().allSatisfy { $0 == .notFound }, "no access before Ben accepts")
            let invitations = try await benAPI.send(.GET, FormsAPIRoute.invitations).content.decode([FormInvitationDTO].self)
            #expect(invitations.map(\.templateName) == ["Prüfung LA I"] && invitations[0].access == "read")
            #expect(try await api.send(.POST, FormsAPIRoute.acceptInvitation(invitation: invitations[0].id)).status == .notFound, "only Ben answers his invitation")
            #expect(try await ben.get(FormsURL.index.path).body.string.contains("form-invitations"))
            #expect(try await ben.post(FormsURL.acceptInvitation(invitation: invitations[0].id).path).status == .seeOther)

            // Shared to read: everything visible, every change 403, sharing itself the owner's.
            #expect(try await benTries().allSatisfy { $0 == .ok })
            #expect(try await benChanges().allSatisfy { $0 == .forbidden })
            #expect(try await benAPI.send(.GET, FormsAPIRoute.shares(id: id)).status == .forbidden)
            let copied = try await benAPI.send(.PUT, FormsAPIRoute.roster(id: bensOwn.id), json: FormRosterInput(from: id))
            #expect(try copied.content.decode(FormTemplateDTO.self).roster == template.roster, "a reader may copy the roster into a template of their own")
            let page = try await ben.get(FormsURL.template(id: id).path).body.string
            #expect(page.contains("matrikel") && !page.contains("id=\"regions-save\"") && !page.contains("id=\"share-form\""))
            #expect(try await ben.post(FormsURL.links(id: id).path, ["links": ""]).status == .forbidden)
            let stored = try await api.send(.GET, FormsAPIRoute.template(id: id)).content.decode(FormTemplateDTO.self)
            #expect(stored.name == "Prüfung LA I" && stored.regions == template.regions && stored.links == template.links)
            #expect(try await FormScan.query(on: app.db).count() == 1)

            // Shared to edit: changes go through; deleting the template stays the owner's.
            #expect(try await api.send(.POST, FormsAPIRoute.shares(id: id), json: FormShareInput(email: "ben@example.org", access: "edit")).status == .created)
            #expect(try await benAPI.send(.PATCH, FormsAPIRoute.template(id: id), json: FormTemplateInput(name: "Prüfung LA I (2)")).status == .ok)
            #expect(try await benAPI.send(.DELETE, FormsAPIRoute.template(id: id)).status == .forbidden)
            #expect(try await FormShare.query(on: app.db).count() == 1, "sharing again changes the access")
            let sharings = try await api.send(.GET, FormsAPIRoute.shares(id: id)).content.decode([FormShareDTO].self)
            #expect(sharings.map(\.state) == ["accepted", "invited"] && sharings.map(\.email) == ["ben@example.org", "nobody@example.org"])
            #expect(try await api.send(.DELETE, FormsAPIRoute.share(id: id, share: sharings[0].id)).status == .noContent)
            #expect(try await api.send(.DELETE, FormsAPIRoute.share(id: id, share: sharings[1].id)).status == .noContent, "an invitation is withdrawn")
            #expect(try await benAPI.send(.GET, FormsAPIRoute.template(id: id)).status == .notFound)
            #expect(try await api.send(.POST, FormsAPIRoute.shares(id: id), json: FormShareInput(email: "anna@example.org", access: "read")).status == .unprocessableEntity)

            // The owner deletes it: pages, scans and shares go with it.
            #expect(try await api.send(.DELETE, FormsAPIRoute.template(id: id)).status == .noContent)
            #expect(try await FormScan.query(on: app.db).count() == 0)
            #expect(try await FormPage.query(on: app.db).count() == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theWebPagesBuildATemplate(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            #expect(try await anna.get(FormsURL.index.path).body.string.contains("id=\"no-templates\""))
            #expect(try await anna.post(FormsURL.index.path, ["name": " "]).status == .unprocessableEntity)
            let created = try await anna.post(FormsURL.index.path, ["name": "Deckblatt", "description": "Klausur"])
            #expect(created.status == .seeOther)
            let id = try #require(try await FormTemplate.query(on: app.db).first()?.id)
            try await anna.get(FormsURL.template(id: id).path)
            let photo = try FormFixtures.file("template/page1.png")
            #expect(try await anna.post(FormsURL.pages(id: id).path, files: ["photo": photo]).status == .seeOther)
            let notAPhoto = FormFile(filename: "x.jpg", contentType: "image/jpeg", bytes: Array("not a photo".utf8))
            #expect(try await anna.post(FormsURL.pages(id: id).path, files: ["photo": notAPhoto]).status == .unsupportedMediaType)
            #expect(try await FormPage.query(on: app.db).count() == 1)
            #expect(try await anna.post(FormsURL.pageCorners(id: id, page: 1).path, ["corners": "0,0;1239,0;1239,1753;0,1753"]).status == .seeOther)
            #expect(try await anna.post(FormsURL.pageCorners(id: id, page: 1).path, ["corners": "0,0;99999,0;1,1;0,1"]).status == .unprocessableEntity)
            let image = try await anna.get(FormsURL.pageImage(id: id, page: 1).path)
            #expect(image.status == .ok && image.headers.contentType == .jpeg)

            // The editor's rows: parallel fields; a row without a name is dropped.
            let rows = "name[]=matrikel&type[]=studentNumber&page[]=1&x[]=380&y[]=330&w[]=448&h[]=76&cells[]=8"
                + "&name[]=&type[]=unknown&page[]=1&x[]=0&y[]=0&w[]=1&h[]=1&cells[]="
                + "&name[]=total&type[]=points&page[]=1&x[]=960&y[]=860&w[]=112&h[]=76&cells[]=2"
            let extreme = "name[]=a&type[]=points&page[]=-9223372036854775808&x[]=0&y[]=0&w[]=1&h[]=1&cells[]="
            #expect(try await anna.postRaw(FormsURL.regions(id: id).path, extreme).status == .unprocessableEntity)
            let spaced = "name[]=Aufgabe%201&type[]=points&page[]=1&x[]=0&y[]=0&w[]=10&h[]=10&cells[]="
            let named = try await anna.postRaw(FormsURL.regions(id: id).path, spaced)
            #expect(named.status == .unprocessableEntity && named.body.string.contains("one word"))
            let saved = try await anna.postRaw(FormsURL.regions(id: id).path, rows)
            #expect(saved.status == .seeOther, "\(saved.body.string)")
            let template = try #require(try await FormTemplate.find(id, on: app.db))
            #expect(template.regions.map(\.name) == ["matrikel", "total"] && template.regions[0].cells == 8)
            let badLinks = try await anna.post(FormsURL.links(id: id).path, ["links": "matrikel + = total"])
            #expect(badLinks.status == .unprocessableEntity && badLinks.body.string.contains("Link line 1") && badLinks.body.string.contains("matrikel + = total"),
                    "the typed text is shown again")
            #expect(try await anna.post(FormsURL.links(id: id).path, ["links": "total -> total: 0 = 1.0"]).status == .unprocessableEntity, "total is no grade region")
            #expect(try await anna.post(FormsURL.roster(id: id).path, ["roster": "studentNumber,name,group\n12345678,Lena Muster,A\n"]).status == .seeOther)
            let page = try await anna.get(FormsURL.template(id: id).path).body.string
            #expect(page.contains("Lena Muster") && page.contains("id=\"regions-save\"") && page.contains("data-width=\"1239\""))
            #expect(try await anna.get(FormsURL.index.path).body.string.contains("Deckblatt"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func aTemplateFolderGoesOutAsAZipAndComesBackTheSame(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.captureWorkers = 0 }) { app, _ in
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let template = try await api.makeExamTemplate()
            let zip = try await api.send(.GET, FormsAPIRoute.exportFolder(id: template.id))
            #expect(zip.status == .ok && zip.headers.contentType?.description == "application/zip")
            let entries = try ZipArchive.read(Array(zip.body.readableBytesView)).get()
            #expect(entries.map(\.name) == ["template.json", "page1.jpg", "roster.csv"])

            let imported = try await api.upload(.POST, FormsAPIRoute.importFolder, files: [("files[]", FormFile(filename: "exam.zip", contentType: "application/zip", bytes: Array(zip.body.readableBytesView)))])
            #expect(imported.status == .created, "\(imported.body.string)")
            let copy = try imported.content.decode(FormTemplateDTO.self)
            #expect(copy.id != template.id && copy.name == template.name && copy.regions == template.regions && copy.links == template.links && copy.roster == template.roster)
            #expect(copy.pages.map(\.width) == template.pages.map(\.width) && copy.pages.map(\.height) == template.pages.map(\.height))

            // The folder the command line uses, its files chosen together.
            let folder = FormFixtures.directory.appendingPathComponent("template")
            func part(_ name: String, _ type: String) throws -> (name: String, file: FormFile) {
                ("files[]", FormFile(filename: "template/\(name)", contentType: type, bytes: [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))))
            }
            let fromFolder = try await api.upload(.POST, FormsAPIRoute.importFolder, files: [try part("template.json", "application/json"), try part("page1.png", "image/png"), try part("roster.csv", "text/csv")])
            #expect(fromFolder.status == .created, "\(fromFolder.body.string)")
            #expect(try fromFolder.content.decode(FormTemplateDTO.self).regions.map(\.name) == template.regions.map(\.name))

            // Missing files, a compressed archive and a broken template file are named; nothing is stored.
            let count = try await FormTemplate.query(on: app.db).count()
            let missing = try await api.upload(.POST, FormsAPIRoute.importFolder, files: [try part("template.json", "application/json")])
            #expect(missing.status == .unprocessableEntity && missing.body.string.contains("page1.png"))
            var compressed = Array(zip.body.readableBytesView)
            compressed[8] = 8
            let refused = try await api.upload(.POST, FormsAPIRoute.importFolder, files: [("files[]", FormFile(filename: "exam.zip", contentType: "application/zip", bytes: compressed))])
            #expect(refused.status == .unprocessableEntity && refused.body.string.contains("compressed"))
            let broken = FormFile(filename: "template.json", contentType: "application/json", bytes: Array(#"{"name": "X", "pages": [{"image": "page1.png"}], "regions": [{"name": "a", "type": "points", "rect": [1, 2]}]}"#.utf8))
            let unreadable = try await api.upload(.POST, FormsAPIRoute.importFolder, files: [("files[]", broken), try part("page1.png", "image/png")])
            #expect(unreadable.status == .unprocessableEntity && unreadable.body.string.contains("rect"))
            #expect(try await FormTemplate.query(on: app.db).count() == count)
        }
    }
}
