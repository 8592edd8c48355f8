import Fluent
import Foundation
import ScanbookCore
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// A shared list "WG" of anna (owner), ben and carla, with an API client per person.
struct Flat {
    let list: UUID
    let anna: WebSession, ben: WebSession, carla: WebSession
    let annaID: UUID, benID: UUID, carlaID: UUID

    init(_ app: Application) async throws {
        anna = WebSession(app)
        ben = WebSession(app)
        carla = WebSession(app)
        try await anna.register(email: "anna@example.org")
        try await ben.register(email: "ben@example.org")
        try await carla.register(email: "carla@example.org")
        list = try await anna.createList("WG")
        for email in ["ben@example.org", "carla@example.org"] {
            try await anna.get(ListsURL.list(id: list).path)
            try await anna.post(ListsURL.members(id: list).path, ["email": email])
        }
        try await ben.acceptInvitation()
        try await carla.acceptInvitation()
        annaID = try await app.userID("anna@example.org")
        benID = try await app.userID("ben@example.org")
        carlaID = try await app.userID("carla@example.org")
    }

    func balances(_ app: Application) async throws -> BalancesDTO {
        let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
        return try await api.send(.GET, ListsAPIRoute.balances(id: list)).content.decode(BalancesDTO.self)
    }

    func balance(_ dto: BalancesDTO, _ id: UUID) -> String? { dto.balances.first { $0.member == id }?.balance }

    /// A confirmed CHF receipt of Anna's from 2 November.
    func receipt(totalMinor: Int, on app: Application) async throws -> UUID {
        let receipt = Receipt(ownerID: annaID, captureID: nil, imageID: nil, state: .confirmed)
        receipt.totalMinor = totalMinor
        receipt.currency = "CHF"
        receipt.purchasedOn = "2026-11-02"
        try await receipt.create(on: app.db)
        return try receipt.requireID()
    }
}
