import Testing
@testable import ScanbookServer

@Suite struct AppConfigTests {
    @Test func defaultsNeedNoEnvironment() throws {
        let config = try AppConfig.load(from: [:])
        #expect(config.dataDirectory == "./data")
        #expect(config.hostname == "127.0.0.1" && config.port == 8080)
        #expect(config.database == .sqlite(path: AppConfig.defaultSQLitePath(in: "./data")))
        #expect(config.registrationOpen)
        #expect(config.maxUploadBytes == 20_000_000)
        #expect(!config.secureCookies)
        #expect(config.blobStorage == .files && config.drainSeconds == 5 && config.servesWeb)
    }

    /// Instances that share only PostgreSQL keep their photos in it unless told otherwise; a
    /// web-only instance runs no capture workers.
    @Test func scaleOutSettings() throws {
        let postgres = ["DATABASE_URL": "postgres://db/scanbook"]
        #expect(try AppConfig.load(from: postgres).blobStorage == .database)
        #expect(try AppConfig.load(from: postgres.merging(["SCANBOOK_BLOB_STORE": "files"]) { $1 }).blobStorage == .files)
        #expect(try AppConfig.load(from: ["SCANBOOK_BLOB_STORE": "Database"]).blobStorage == .database)
        let webOnly = try AppConfig.load(from: ["SCANBOOK_CAPTURE_WORKERS": "0", "SCANBOOK_DRAIN_SECONDS": "0"])
        #expect(webOnly.captureWorkers == 0 && webOnly.drainSeconds == 0)
        #expect(throws: AppConfig.Invalid.self) { try AppConfig.load(from: ["SCANBOOK_BLOB_STORE": "s3"]) }
        #expect(throws: AppConfig.Invalid.self) { try AppConfig.load(from: ["SCANBOOK_DRAIN_SECONDS": "-1"]) }
    }

    @Test func readsEveryVariable() throws {
        let config = try AppConfig.load(from: [
            "SCANBOOK_DATA_DIR": "/srv/scanbook",
            "SCANBOOK_HOST": "0.0.0.0",
            "SCANBOOK_PORT": "9000",
            "DATABASE_URL": "postgres://scanbook:secret@db/scanbook",
            "SCANBOOK_MAX_UPLOAD_MB": "5",
            "SCANBOOK_REGISTRATION": "closed",
            "SCANBOOK_PUBLIC_URL": "https://scan.example.org",
            "LOG_LEVEL": "debug",
        ])
        #expect(config.dataDirectory == "/srv/scanbook")
        #expect(config.hostname == "0.0.0.0" && config.port == 9000)
        #expect(config.database == .postgres(url: "postgres://scanbook:secret@db/scanbook", schema: nil))
        #expect(config.maxUploadBytes == 5_000_000)
        #expect(!config.registrationOpen)
        #expect(config.secureCookies)
        #expect(config.logLevel == .debug)
        #expect(config.blobDirectory == "/srv/scanbook/blobs")
    }

    @Test func reportsEveryProblemAtOnce() {
        #expect {
            try AppConfig.load(from: ["SCANBOOK_PORT": "80000", "DATABASE_URL": "mysql://x", "LOG_LEVEL": "loud", "SCANBOOK_REGISTRATION": "maybe"])
        } throws: { error in
            guard let invalid = error as? AppConfig.Invalid else { return false }
            return invalid.problems.count == 4
                && invalid.description.contains("SCANBOOK_PORT=80000")
                && invalid.description.contains("DATABASE_URL")
        }
    }
}
