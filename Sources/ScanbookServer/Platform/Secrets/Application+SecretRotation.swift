import Fluent
import Foundation
import Vapor

extension Application {
    /// Seals every stored secret with the current key. With `SCANBOOK_SECRET_KEY` set, secrets
    /// sealed with an older key (`SCANBOOK_SECRET_KEY_PREVIOUS`, or the database's own key) move to
    /// it; without it, the database's key is replaced by a new one. One transaction: a failure
    /// changes nothing. The audit log is sealed again with the new key in the same transaction.
    /// Returns how many secrets were sealed again.
    public func rotateSecrets() async throws -> Int {
        let box = try await secretBox()
        let replacesDatabaseKey = scanbookConfig.secretKey == nil
        let count = try await db.writeTransaction { database in
            let target = replacesDatabaseKey ? SecretBox(current: SecretBox.newKey(), older: []) : box
            var resealed = 0
            for module in self.allModules {
                resealed += try await module.resealSecrets(from: box, to: target, everything: replacesDatabaseKey, on: database)
            }
            // The audit log's seals follow the key (verified first with the keys it was sealed with).
            _ = try await AuditLog.reseal(from: AuditSeal(box: box), to: AuditSeal(box: target), on: database)
            if replacesDatabaseKey, let stored = try await ServerKey.query(on: database).filter(\.$name == ServerKey.secretsName).first() {
                stored.material = Data(target.current.withUnsafeBytes { Array($0) }).base64EncodedString()
                try await stored.save(on: database)
            }
            return resealed
        }
        await forgetSecretBox()
        return count
    }
}
