import Fluent
import Foundation
import ScanbookCore
import Vapor

/// A slip's codeline as a native client sends it: read and checked, its beneficiary looked up on
/// the whitelists (OCRPayment in the XML services, `POST /api/v1/payments/codeline`).
enum PaymentCodelines {
    enum State: Int, Sendable {
        case ok = 1, notParsable = 2, notWhitelisted = 3
    }

    struct Reading: Sendable {
        let state: State
        let slip: Slip?
        let whitelistEntry: WhitelistEntry?
        let problems: [PaymentProblem]
    }

    static func read(_ codeline: String?, on context: ServiceContext) async throws -> Reading {
        let userID = try context.requireUser().requireID()
        let slip: Slip
        switch ESRCodeline.read(String((codeline ?? "").prefix(200))) {
        case .success(let reading): slip = Slip(reading.codeline)
        case .failure(let found): return Reading(state: .notParsable, slip: nil, whitelistEntry: nil, problems: found.problems)
        }
        let stored = slip.account.flatMap { ParticipantNumber($0)?.digits } ?? ""
        let entry = try await WhitelistService.entry(for: stored, userID: userID, on: context.db)
        return Reading(state: entry == nil ? .notWhitelisted : .ok, slip: slip, whitelistEntry: entry, problems: [])
    }
}

struct CodelineInput: Content {
    var codeline: String?
}

struct ProblemDTO: Content {
    let field: String
    let message: String
    let correctedValue: String?
}

struct CodelineReadingDTO: Content {
    /// 1 read, beneficiary on a whitelist; 2 not parsable; 3 read, beneficiary on no whitelist.
    let state: Int
    let slip: Slip?
    let whitelistEntry: WhitelistEntryDTO?
    let problems: [ProblemDTO]

    init(_ reading: PaymentCodelines.Reading, context: ServiceContext) throws {
        state = reading.state.rawValue
        slip = reading.slip
        whitelistEntry = try reading.whitelistEntry.map(WhitelistEntryDTO.init)
        problems = reading.problems.map { problem in
            ProblemDTO(field: problem.field.rawValue, message: problem.localizedMessage.text(in: context), correctedValue: problem.correctedValue)
        }
    }
}
