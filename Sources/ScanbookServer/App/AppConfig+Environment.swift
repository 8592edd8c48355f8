import Foundation
import Logging
import ScanbookCore
import ScanbookOCR

/// The environment variables Scanbook understands. The README's configuration table lists the same.
extension AppConfig {
    public struct Invalid: Error, CustomStringConvertible {
        public let problems: [String]
        public var description: String {
            "Scanbook cannot start, the configuration has problems:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
        }
    }

    /// Reads every variable and reports all problems at once, so one restart fixes them all.
    public static func load(from environment: [String: String] = ProcessInfo.processInfo.environment) throws -> AppConfig {
        var problems: [String] = []
        var config = AppConfig()
        func value(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
            return raw
        }
        func integer(_ name: String, in range: ClosedRange<Int>) -> Int? {
            guard let raw = value(name) else { return nil }
            guard let number = Int(raw), range.contains(number) else {
                problems.append("\(name)=\(raw) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
                return nil
            }
            return number
        }
        func flag(_ name: String) -> Bool? {
            guard let raw = value(name) else { return nil }
            switch raw.lowercased() {
            case "1", "true", "yes", "on", "open": return true
            case "0", "false", "no", "off", "closed": return false
            default:
                problems.append("\(name)=\(raw) must be true or false")
                return nil
            }
        }

        if let directory = value("SCANBOOK_DATA_DIR") { config.dataDirectory = directory }
        if let host = value("SCANBOOK_HOST") { config.hostname = host }
        if let port = integer("SCANBOOK_PORT", in: 1...65535) { config.port = port }
        if let megabytes = integer("SCANBOOK_MAX_UPLOAD_MB", in: 1...512) { config.maxUploadBytes = megabytes * 1_000_000 }
        if let open = flag("SCANBOOK_REGISTRATION") { config.registrationOpen = open }
        if let cost = integer("SCANBOOK_BCRYPT_COST", in: 4...31) { config.bcryptCost = cost }
        if let workers = integer("SCANBOOK_CAPTURE_WORKERS", in: 0...64) { config.captureWorkers = workers }
        if let seconds = integer("SCANBOOK_DRAIN_SECONDS", in: 0...600) { config.drainSeconds = Double(seconds) }
        if let lease = integer("SCANBOOK_CAPTURE_LEASE_SECONDS", in: 10...86_400) { config.captureLease = Double(lease) }
        if let timeout = integer("SCANBOOK_CAPTURE_TIMEOUT_SECONDS", in: 5...3_600) { config.captureJobTimeout = Double(timeout) }
        if let days = integer("SCANBOOK_SESSION_IDLE_DAYS", in: 1...365) { config.sessionIdleTimeout = Double(days) * 86_400 }
        if let days = integer("SCANBOOK_SESSION_MAX_DAYS", in: 1...3_650) { config.sessionMaximumAge = Double(days) * 86_400 }
        if let perHour = integer("SCANBOOK_REGISTRATIONS_PER_HOUR", in: 1...100_000) { config.registrationsPerHour = perHour }
        if let rows = integer("SCANBOOK_CSV_MAX_ROWS", in: 1...1_000_000) { config.csvMaximumRows = rows }
        if let megabytes = integer("SCANBOOK_USER_STORAGE_MB", in: 1...10_000_000) { config.userStorageBytes = megabytes * 1_000_000 }
        if let jobs = integer("SCANBOOK_USER_PENDING_JOBS", in: 1...100_000) { config.userPendingJobs = jobs }
        if let ceiling = integer("SCANBOOK_WHITELIST_CEILING", in: 0...999_999_999) { config.whitelistCeilingHundredths = ceiling * 100 }
        if let connections = integer("SCANBOOK_DB_CONNECTIONS", in: 1...100) { config.databaseConnectionsPerLoop = connections }
        if let days = integer("SCANBOOK_WARRANTY_REMINDER_DAYS", in: 0...365) { config.warrantyReminderDays = days }
        if let names = value("SCANBOOK_DISABLED_MODULES") {
            for name in names.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !name.isEmpty {
                let known = config.modules.compactMap(\.menuEntry)
                if let module = known.first(where: { $0.rawValue == name }) { config.disabledModules.insert(module) } else {
                    problems.append("SCANBOOK_DISABLED_MODULES: \(name) is not a module (\(known.map(\.rawValue).joined(separator: ", ")))")
                }
            }
        }
        if let proxies = value("SCANBOOK_TRUSTED_PROXIES") {
            var ranges: [IPAddressRange] = []
            for entry in proxies.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
                if let range = IPAddressRange(entry) { ranges.append(range) } else {
                    problems.append("SCANBOOK_TRUSTED_PROXIES: \(entry) is not an IP address or a range such as 10.0.0.0/8")
                }
            }
            config.trustedProxies = ranges
        }
        if let languages = value("SCANBOOK_OCR_LANGUAGES") {
            if languages.allSatisfy({ $0.isLetter || $0 == "+" || $0 == "_" }) {
                config.ocrLanguages = languages
            } else {
                problems.append("SCANBOOK_OCR_LANGUAGES=\(languages) must look like deu+eng")
            }
        }
        if let engine = value("SCANBOOK_OCR_ENGINE") {
            if let parsed = TextReaderEngine(rawValue: engine.lowercased()) { config.ocrEngine = parsed } else {
                problems.append("SCANBOOK_OCR_ENGINE=\(engine) must be tesseract or ppocr")
            }
        }
        if let directory = value("SCANBOOK_MODELS_DIR") { config.modelsDirectory = directory }
        if let cache = value("SCANBOOK_MODELS_CACHE") { config.modelsCache = cache }
        // A reader without its models would fail every receipt: the server does not start.
        if config.ocrEngine == .ppocr, let missing = PaddleModelFiles.locate(config.modelsDirectory, cache: config.modelsCache).missingDescription {
            problems.append(missing + " (or SCANBOOK_OCR_ENGINE=tesseract)")
        }
        if let currency = value("SCANBOOK_CURRENCY") {
            if (2...3).contains(currency.count), currency.allSatisfy({ $0.isASCII && $0.isUppercase }) {
                config.defaultCurrency = currency
            } else {
                problems.append("SCANBOOK_CURRENCY=\(currency) must be a currency code such as CHF or EUR")
            }
        }
        if let level = value("LOG_LEVEL") {
            if let parsed = Logger.Level(rawValue: level.lowercased()) {
                config.logLevel = parsed
            } else {
                problems.append("LOG_LEVEL=\(level) must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        if let publicURL = value("SCANBOOK_PUBLIC_URL") {
            if let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil {
                config.publicURL = publicURL
            } else {
                problems.append("SCANBOOK_PUBLIC_URL=\(publicURL) must be an http:// or https:// address")
            }
        }
        if let smtpURL = value("SCANBOOK_SMTP_URL") {
            // Links in mails must not be built from the request's Host header, which anyone can set.
            if config.publicURL == nil { problems.append("SCANBOOK_PUBLIC_URL must be set with SCANBOOK_SMTP_URL: links in mails point there") }
            let heloName = config.publicURL.flatMap { URL(string: $0)?.host } ?? "localhost"
            switch SMTPSettings.parse(url: smtpURL, from: value("SCANBOOK_MAIL_FROM"), heloName: heloName) {
            case .success(let settings): config.smtp = settings
            case .failure(let problem): problems.append(problem.message)
            }
        }
        func key(_ name: String, _ text: String) -> [UInt8]? {
            guard let bytes = Data(base64Encoded: text), bytes.count == 32 else {
                problems.append("\(name) must be 32 bytes in base64 (make one with: openssl rand -base64 32)")
                return nil
            }
            return Array(bytes)
        }
        if let secret = value("SCANBOOK_SECRET_KEY") { config.secretKey = key("SCANBOOK_SECRET_KEY", secret) }
        if let previous = value("SCANBOOK_SECRET_KEY_PREVIOUS") {
            config.previousSecretKeys = previous.split(separator: ",").compactMap { key("SCANBOOK_SECRET_KEY_PREVIOUS", $0.trimmingCharacters(in: .whitespaces)) }
        }
        if let databaseURL = value("DATABASE_URL") {
            if let scheme = URL(string: databaseURL)?.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme) {
                config.database = .postgres(url: databaseURL, schema: nil)
            } else {
                problems.append("DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite database)")
            }
        } else {
            config.database = .sqlite(path: defaultSQLitePath(in: config.dataDirectory))
        }
        config.blobStorage = defaultBlobStorage(for: config.database)
        if let store = value("SCANBOOK_BLOB_STORE") {
            if let storage = BlobStorage(rawValue: store.lowercased()) { config.blobStorage = storage } else {
                problems.append("SCANBOOK_BLOB_STORE=\(store) must be files or database")
            }
        }
        guard problems.isEmpty else { throw Invalid(problems: problems) }
        return config
    }
}
