import Fluent
import Foundation
import Vapor

/// Makes a change sent with an `Idempotency-Key` header happen once per user and key. The first
/// request claims the key (a unique row) before it runs and records its status and redirect; the
/// same key again gets that answer (a redirect to the same place, or the same status with an empty
/// body, or the first body when it was at most `keptBody` bytes) without running. A key still claimed answers 409 so the sender tries later, unless the
/// claim is older than `abandonedAfter` (its instance stopped mid-request): then it runs again.
/// Failures of the server (5xx, a thrown error) release the key, so a retry can succeed.
struct OfflineActionMiddleware: AsyncMiddleware {
    static let header = "Idempotency-Key"
    static let abandonedAfter: TimeInterval = 120
    static let keptBody = 64 * 1024

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.method == .POST, let key = request.headers.first(name: Self.header), let user = request.auth.get(User.self) else {
            return try await next.respond(to: request)
        }
        guard (8...64).contains(key.utf8.count), key.utf8.allSatisfy({ $0 == 0x2D || $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
            throw Abort(.badRequest, reason: "\(Self.header) must be 8 to 64 letters, digits, - or _.")
        }
        let userID = try user.requireID()
        let now = request.now
        let claim = OfflineAction(userID: userID, key: key, createdAt: now)
        do {
            try await claim.create(on: request.db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            return try await answerAgain(userID: userID, key: key, request: request, next: next)
        }
        return try await run(claim, request: request, next: next)
    }

    private func run(_ claim: OfflineAction, request: Request, next: any AsyncResponder) async throws -> Response {
        let response: Response
        do {
            response = try await next.respond(to: request)
        } catch {
            try? await claim.delete(on: request.db)
            throw error
        }
        if response.status.code >= 500 {
            try? await claim.delete(on: request.db)
        } else {
            claim.status = Int(response.status.code)
            claim.location = response.headers.first(name: .location)
            if let buffer = response.body.buffer, buffer.readableBytes <= Self.keptBody {
                claim.body = Data(buffer.readableBytesView)
                claim.contentType = response.headers.first(name: .contentType)
            }
            try await claim.save(on: request.db)
        }
        return response
    }

    private func answerAgain(userID: UUID, key: String, request: Request, next: any AsyncResponder) async throws -> Response {
        guard let earlier = try await OfflineAction.query(on: request.db).filter(\.$user.$id == userID).filter(\.$key == key).first() else {
            throw Abort(.conflict, reason: "This change is being sent; try again.")
        }
        guard let status = earlier.status else {
            let cutoff = request.now.addingTimeInterval(-Self.abandonedAfter)
            guard earlier.createdAt < cutoff else { throw Abort(.conflict, reason: "This change is being sent; try again.") }
            // An abandoned claim: removed, and claimed anew; the unique key decides between two retries.
            try await OfflineAction.query(on: request.db).filter(\.$id == earlier.requireID()).filter(\.$status == nil).filter(\.$createdAt < cutoff).delete()
            let claim = OfflineAction(userID: userID, key: key, createdAt: request.now)
            do {
                try await claim.create(on: request.db)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                throw Abort(.conflict, reason: "This change is being sent; try again.")
            }
            return try await run(claim, request: request, next: next)
        }
        let response = Response(status: HTTPResponseStatus(statusCode: status))
        if let location = earlier.location { response.headers.replaceOrAdd(name: .location, value: location) }
        if let body = earlier.body {
            response.body = .init(data: body)
            if let type = earlier.contentType { response.headers.replaceOrAdd(name: .contentType, value: type) }
        }
        response.headers.replaceOrAdd(name: "Idempotent-Replayed", value: "true")
        return response
    }
}
