import Fluent
import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

/// Templates in folders, filtered; a payment from a template and "save as template"; the
/// favourites' order (most used first, pinned and moved by the user); on SQLite and PostgreSQL.
@Suite struct PaymentTemplateTests {
    @Test(arguments: TestDatabase.available)
    func templatesLiveInFoldersAndAPaymentFromOneCountsForTheFavourites(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let account = try await api.send(.POST, PaymentsAPIRoute.accounts, json: PaymentAccountInput(name: "Konto", iban: "CH9300762011623852957", currency: "CHF", isDefault: true))
                .content.decode(PaymentAccountDTO.self)
            let folder = try await api.send(.POST, PaymentsAPIRoute.folders, json: FolderForm(name: "Wohnung")).content.decode(TemplateFolderDTO.self)
            #expect(try await api.send(.POST, PaymentsAPIRoute.folders, json: FolderForm(name: "Wohnung")).status == .conflict)
            var rent = TemplateForm(name: "Miete", folder: folder.id.uuidString, kind: "bank", debitAccount: account.id.uuidString, beneficiaryName: "Immo AG",
                                    beneficiaryPostalCode: "8001", beneficiaryTown: "Zürich", beneficiaryCountry: "CH",
                                    beneficiaryAccount: "ch56 0483 5012 3456 7800 9", amount: "1'850")
            let saved = try await api.send(.POST, PaymentsAPIRoute.templates, json: rent)
            #expect(saved.status == .created, "\(saved.body.string)")
            let template = try saved.content.decode(PaymentTemplateDTO.self)
            #expect(template.beneficiaryAccount == "CH5604835012345678009" && template.amount == "1850.00" && template.folder == folder.id)
            rent.beneficiaryAccount = "CH5604835012345678008"
            let wrong = try await api.send(.POST, PaymentsAPIRoute.templates, json: rent)
            #expect(wrong.status == .unprocessableEntity && wrong.body.string.contains("check digit"))
            let open = TemplateForm(name: "Strom", kind: "esr", beneficiaryAccount: "01-162-8")
            #expect(try await api.send(.POST, PaymentsAPIRoute.templates, json: open).status == .created, "amount and reference left open")

            #expect(try await api.send(.GET, PaymentsAPIRoute.templates, query: "?folder=\(folder.id)").content.decode([PaymentTemplateDTO].self).map(\.name) == ["Miete"])
            #expect(try await api.send(.GET, PaymentsAPIRoute.templates, query: "?folder=none").content.decode([PaymentTemplateDTO].self).map(\.name) == ["Strom"])
            #expect(try await api.send(.GET, PaymentsAPIRoute.templates, query: "?q=immo").content.decode([PaymentTemplateDTO].self).map(\.name) == ["Miete"])
            let filtered = try await anna.get(PaymentsURL.templates.path + "?q=strom").body.string
            #expect(filtered.contains("Strom") && !filtered.contains(">Miete<"))

            // The form starts from the template; the payment made from it counts for it.
            let form = try await anna.get(PaymentsURL.index.path + "?template=\(template.id)").body.string
            #expect(form.contains(#"value="CH5604835012345678009""#) && form.contains(#"value="1850.00""#) && form.contains("template:\(template.id.uuidString)"))
            var payment = PaymentForm(kind: "bank", debitAccount: account.id, beneficiaryName: "Immo AG", beneficiaryPostalCode: "8001", beneficiaryTown: "Zürich",
                                      beneficiaryCountry: "CH", beneficiaryAccount: "CH5604835012345678009", amount: "1850", referenceType: "NON", executionDate: app.isoDay(0))
            payment.from = "template:\(template.id.uuidString)"
            for _ in 0..<2 { #expect(try await api.send(.POST, PaymentsAPIRoute.payments, json: payment).status == .created) }
            payment.from = nil
            payment.kind = "domestic"
            #expect(try await api.send(.POST, PaymentsAPIRoute.payments, json: payment).status == .created)
            let ownerID = try #require(try await User.query(on: app.db).first()?.id)
            var order = try await PaymentFavourites.ordered(ownerID: ownerID, on: app.db).map(\.key)
            #expect(Array(order.prefix(2)) == ["template:\(template.id.uuidString)", "kind:domestic"], "most used first")

            // Pinned ones lead; moving one up pins it and those above it.
            #expect(try await anna.post(PaymentsURL.favourites.path, ["key": "kind:esr", "change": "pin"]).status == .seeOther)
            order = try await PaymentFavourites.ordered(ownerID: ownerID, on: app.db).map(\.key)
            #expect(order.first == "kind:esr")
            #expect(try await anna.post(PaymentsURL.favourites.path, ["key": "kind:domestic", "change": "up"]).status == .seeOther)
            order = try await PaymentFavourites.ordered(ownerID: ownerID, on: app.db).map(\.key)
            #expect(Array(order.prefix(3)) == ["kind:esr", "kind:domestic", "template:\(template.id.uuidString)"])
            #expect(try await anna.post(PaymentsURL.favourites.path, ["key": "kind:nonsense", "change": "pin"]).status == .notFound)
            let home = try await anna.get(PaymentsURL.index.path).body.string
            #expect(home.contains("Miete") && home.contains("id=\"favourites\""))

            // Save a payment as a template at the end of the flow.
            let made = try #require(try await Payment.query(on: app.db).first())
            #expect(try await anna.post(PaymentsURL.saveAsTemplate(id: made.id).path, ["name": "Miete 2", "folder": ""]).status == .seeOther)
            #expect(try await PaymentTemplate.query(on: app.db).filter(\.$name == "Miete 2").first()?.beneficiaryAccount == "CH5604835012345678009")

            // Deleting a folder keeps its templates, outside any folder.
            #expect(try await api.send(.DELETE, PaymentsAPIRoute.folder(id: folder.id)).status == .noContent)
            #expect(try await api.send(.GET, PaymentsAPIRoute.template(id: template.id)).content.decode(PaymentTemplateDTO.self).folder == nil)

            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            let benAPI = APIClient(app: app, token: try await app.apiToken(email: "ben@example.org"))
            #expect(try await benAPI.send(.GET, PaymentsAPIRoute.template(id: template.id)).status == .notFound)
            #expect(try await benAPI.send(.PUT, PaymentsAPIRoute.template(id: template.id), json: rent).status == .notFound)
            #expect(try await benAPI.send(.DELETE, PaymentsAPIRoute.template(id: template.id)).status == .notFound)
            #expect(try await ben.get(PaymentsURL.index.path + "?template=\(template.id)").status == .notFound)
            #expect(try await benAPI.send(.GET, PaymentsAPIRoute.templates).content.decode([PaymentTemplateDTO].self).isEmpty)
            let other = try await api.send(.POST, PaymentsAPIRoute.folders, json: FolderForm(name: "Steuern")).content.decode(TemplateFolderDTO.self)
            #expect(try await benAPI.send(.DELETE, PaymentsAPIRoute.folder(id: other.id)).status == .notFound)
            #expect(try await ben.post(PaymentsURL.deleteFolder(id: other.id).path).status == .notFound)
            #expect(try await benAPI.send(.POST, PaymentsAPIRoute.templates, json: TemplateForm(name: "X", folder: other.id.uuidString)).status == .unprocessableEntity)
            // A kind that does not exist is refused, not saved as a bank payment (a fuzz finding).
            let templatesBefore = try await PaymentTemplate.query(on: app.db).count()
            let unknownKind = try await benAPI.send(.POST, PaymentsAPIRoute.templates, json: TemplateForm(name: "X", kind: "__not_in_enum__"))
            #expect(unknownKind.status == .unprocessableEntity && unknownKind.body.string.contains("kind of payment"))
            #expect(try await PaymentTemplate.query(on: app.db).count() == templatesBefore)
            #expect(try await benAPI.send(.POST, PaymentsAPIRoute.templates, json: TemplateForm(name: "Y", kind: "")).status == .created)
        }
    }
}
