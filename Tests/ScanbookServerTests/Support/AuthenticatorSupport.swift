import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

extension APIClient {
    /// Enrols and confirms an authenticator for this client's user; returns its key. `clock` must
    /// be the app's clock: each code is taken a time step later than the one before.
    func enrolAuthenticator(clock: MutableClock) async throws -> String {
        let enrolment = try await send(.POST, PaymentsAPIRoute.authenticator).content.decode(EnrolmentDTO.self)
        let confirmed = try await send(.POST, PaymentsAPIRoute.confirmAuthenticator, json: CodeForm(code: try freshCode(enrolment.secret, clock: clock)))
        #expect(confirmed.status == .noContent)
        return enrolment.secret
    }
}

/// The authenticator's code one time step after the last one taken (codes work once per step).
func freshCode(_ secret: String, clock: MutableClock) throws -> String {
    clock.advance(by: 30)
    return try PaymentSigningTests.code(secret, at: clock.appClock.now())
}
