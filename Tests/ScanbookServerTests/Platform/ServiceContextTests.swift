import Fluent
import Foundation
import ScanbookCore
import Testing
import Vapor
@testable import ScanbookServer

/// Services and view models take a `ServiceContext` (who, which language, which database), so
/// they are built and checked here without any HTTP request.
@Suite struct ServiceContextTests {
    @Test(arguments: TestDatabase.available)
    func viewModelsAreBuiltFromAContextInItsLanguage(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let user = try #require(try await User.query(on: app.db).first())
            let german = ServiceContext(application: app, user: user, locale: "de")

            let scans = try await CapturePresentation.indexPage(german, search: nil)
            #expect(scans.rows.isEmpty)
            #expect(scans.kinds.map(\.label).contains("Dokument") && scans.kinds.map(\.value).contains("slip"))
            #expect(!scans.kinds.map(\.value).contains("receipt"), "a receipt is sent from its own page")

            let nothingRead = PaymentPresentation.slipForm([], german)
            #expect(nothingRead.form == nil && nothingRead.notes == [app.localizer.text("payments_slipNotFound", locale: "de")])

            let misread = Slip.fromCodeline("0100003949754>120000000000234478943216899+ 010001628>")
            let refused = PaymentPresentation.slipForm([misread], german)
            #expect(refused.form == nil && refused.notes.first == app.localizer.text("payments_slipInvalid", locale: "de"))
            #expect(refused.notes.dropFirst().allSatisfy { !$0.contains("payments_") && $0 != misread.problems.first?.message }, "worded in German: \(refused.notes)")

            // An orange slip's creditor, read from its printed address, fills the form with a note to compare it.
            var orange = Slip.fromCodeline("0100003949753>120000000000234478943216899+ 010001628>")
            let plain = PaymentPresentation.slipForm([orange], german)
            #expect(plain.form?.beneficiaryName == "" && plain.notes == [app.localizer.text("payments_slipReadCodeline", locale: "de")])
            orange.creditor = QRBill.Address(name: "Gemeinde Köniz", street: "Dorfplatz", buildingNumber: "99", postalCode: "3098", town: "Köniz", country: "CH")
            let filled = PaymentPresentation.slipForm([orange], german)
            #expect(filled.form?.beneficiaryName == "Gemeinde Köniz" && filled.form?.beneficiaryBuildingNumber == "99" && filled.form?.beneficiaryTown == "Köniz")
            #expect(filled.form?.beneficiaryAccount == "01-162-8" && filled.form?.amount == "3949.75")
            #expect(filled.notes == ["payments_slipReadCodeline", "payments_slipCreditorRead"].map { app.localizer.text($0, locale: "de") })

            // What a page shows is what the view model says: the same scan list through HTTP.
            try await anna.get(SiteURL.captures.path)
            #expect(try await anna.post(SiteURL.captures.path, ["kind": "document"], files: ["image": try Fixtures.documentPhoto()]).status == .seeOther)
            let listed = try await CapturePresentation.indexPage(german, search: nil)
            #expect(listed.rows.count == 1 && listed.rows.first?.kind == "Dokument")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aContextWithoutAUserReachesNoOnesRecords(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            let visitor = ServiceContext(application: app, user: nil)
            await #expect(throws: Abort.self) { try await CaptureService.recent(for: visitor) }
            await #expect(throws: Abort.self) { try await PaymentService.list(.pending, on: visitor) }
        }
    }
}
