import Fluent
import Vapor

extension Application {
    /// Migrations run in this order, and a migration that has landed is never edited: a change to
    /// the schema is a new migration appended here.
    func registerMigrations() {
        // Platform
        migrations.add(CreateUsers())
        migrations.add(CreateBlobs())
        migrations.add(AddUserAvatar())
        migrations.add(SessionRecord.migration)
        migrations.add(CreateAPITokens())
        migrations.add(CreateLoginFailures())
        // Captures
        migrations.add(CreateCaptures())
        // Receipts
        migrations.add(CreateReceiptProfiles())
        migrations.add(CreateReceiptCategories())
        migrations.add(CreateMerchants())
        migrations.add(CreateReceipts())
        migrations.add(CreateReceiptAllocations())
        migrations.add(CreateReceiptKeywords())
        // Meters
        migrations.add(CreateMeters())
        migrations.add(CreateMeterReadings())
        // Lists
        migrations.add(CreateShoppingLists())
        migrations.add(CreateListMemberships())
        migrations.add(CreateListInvitations())
        migrations.add(CreateListItems())
        migrations.add(CreateListExpenses())
        migrations.add(CreateExpenseShares())
        migrations.add(CreateListPayments())
        migrations.add(AddListItemStateIndex())
        // Hardening (issue 21)
        migrations.add(CreateSignedInSessions())
        migrations.add(DropFluentSessions())
        migrations.add(CreateRateEvents())
        migrations.add(DropLoginFailures())
        migrations.add(AddListUniqueIndexes())
    }
}
