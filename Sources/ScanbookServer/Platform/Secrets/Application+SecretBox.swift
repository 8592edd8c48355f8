import Fluent
import Foundation
import Vapor

extension Application {
    private struct SecretBoxKey: StorageKey { typealias Value = SecretBoxCache }

    /// Made once by `configureScanbook`.
    var secretBoxCache: SecretBoxCache {
        get { configured(SecretBoxKey.self) }
        set { storage[SecretBoxKey.self] = newValue }
    }

    /// The box that seals stored secrets: `SCANBOOK_SECRET_KEY` when set, else the database's own
    /// key (created by the first instance that needs it). Loaded once per process.
    func secretBox() async throws -> SecretBox {
        try await secretBoxCache.box { try await self.loadSecretBox() }
    }

    private func loadSecretBox() async throws -> SecretBox {
        let config = scanbookConfig
        let stored = try await ServerKey.query(on: db).filter(\.$name == ServerKey.secretsName).first()?.key
        if let key = config.secretKey {
            // A database key from before the variable was set still opens what it sealed.
            return SecretBox(current: key, older: config.previousSecretKeys + (stored.map { [$0] } ?? []))
        }
        if let stored { return SecretBox(current: stored, older: config.previousSecretKeys) }
        do {
            try await ServerKey(name: ServerKey.secretsName, key: SecretBox.newKey()).create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Another instance made it first: use theirs.
        }
        guard let key = try await ServerKey.query(on: db).filter(\.$name == ServerKey.secretsName).first()?.key else {
            throw SecretBox.Unopenable(description: "the server key in the database is not 32 bytes of base64")
        }
        return SecretBox(current: key, older: config.previousSecretKeys)
    }

    func forgetSecretBox() async {
        await secretBoxCache.forget()
    }

    /// Opens a stored secret; one sealed with a key this process has not loaded yet (another
    /// instance rotated the database's key) reloads the keys once.
    func openSecret(_ sealed: String) async throws -> [UInt8] {
        do {
            return try await secretBox().open(sealed)
        } catch is SecretBox.Unopenable {
            await forgetSecretBox()
            return try await secretBox().open(sealed)
        }
    }
}

/// Holds the loaded box; concurrent first callers wait for one load.
actor SecretBoxCache {
    private var loaded: SecretBox?

    func box(_ load: @Sendable () async throws -> SecretBox) async throws -> SecretBox {
        if let loaded { return loaded }
        let box = try await load()
        loaded = box
        return box
    }

    func forget() { loaded = nil }
}
