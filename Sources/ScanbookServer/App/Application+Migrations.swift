import Fluent
import Vapor

extension Application {
    /// Migrations run in this order, and a migration that has landed is never edited: a change to
    /// the schema is a new migration appended here (the platform's) or to its module's list.
    func registerMigrations() {
        // Platform
        migrations.add(CreateUsers())
        migrations.add(CreateBlobs())
        migrations.add(AddUserAvatar())
        migrations.add(SessionRecord.migration)
        migrations.add(CreateAPITokens())
        migrations.add(CreateLoginFailures())
        // Hardening (issue 21)
        migrations.add(CreateSignedInSessions())
        migrations.add(DropFluentSessions())
        migrations.add(CreateRateEvents())
        migrations.add(DropLoginFailures())
        // Module shape (issue 22)
        migrations.add(AddUserCurrency())
        // Payments (issue 23): the audit log and the key that seals stored secrets
        migrations.add(CreateAuditEntries())
        migrations.add(CreateServerKeys())
        // Scale-out (issue 27): blobs in the database
        migrations.add(CreateBlobContents())
        // Issue 40: sealed audit entries and the head kept apart
        migrations.add(AddAuditSeals())
        // Issue 45: the exchange-rate table money in other currencies is converted with
        migrations.add(CreateExchangeRates())
        // Issue 46: changes sent again by an offline queue are made once
        migrations.add(CreateOfflineActions())
        // Each module's own, disabled ones too (their tables stay while they are off).
        for module in allModules {
            for migration in module.migrations { migrations.add(migration) }
        }
    }
}
