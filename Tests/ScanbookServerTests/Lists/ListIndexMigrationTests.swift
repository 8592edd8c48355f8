import Fluent
import Foundation
import Testing
import Vapor
@testable import ScanbookServer

/// The unique indexes of issue 21 land on instances where the old race may already have left
/// duplicates: the migration resolves them instead of failing the upgrade.
@Suite struct ListIndexMigrationTests {
    @Test(arguments: TestDatabase.available)
    func duplicatesFromBeforeTheIndexesAreResolved(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let annaID = try await app.userID("anna@example.org")
            try await AddListUniqueIndexes().revert(on: app.db)
            let second = ShoppingList(ownerID: annaID, name: "", isPrivate: true, currency: nil)
            try await second.create(on: app.db)

            try await AddListUniqueIndexes().prepare(on: app.db)
            let lists = try await ShoppingList.query(on: app.db).filter(\.$owner.$id == annaID).all()
            #expect(lists.filter(\.isPrivate).count == 1)
            #expect(lists.first { $0.id == second.id }?.isPrivate == false, "the newer one became an ordinary list")
            // And the index now holds.
            await #expect(throws: (any Error).self) {
                try await ShoppingList(ownerID: annaID, name: "", isPrivate: true, currency: nil).create(on: app.db)
            }
        }
    }
}
