import Fluent
import Foundation

/// Until now a finished job's result reached its receipt when receipt pages were next read; the
/// worker applies it now. Receipts still waiting on a job that had already ended take it over once.
struct ApplyFinishedReceiptCaptures: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let waiting = try await Receipt.query(on: database).filter(\.$state == .reading).with(\.$capture).all()
        for receipt in waiting {
            guard let capture = receipt.capture, !capture.status.isPending else { continue }
            let job = FinishedCapture(id: try capture.requireID(), ownerID: receipt.$owner.id)
            if capture.status == .done, let json = capture.result {
                try await ReceiptResults.apply(Data(json.utf8), to: job, on: database)
            } else {
                try await ReceiptResults.markUnreadable(job, on: database)
            }
        }
    }

    func revert(on database: any Database) async throws {}
}
