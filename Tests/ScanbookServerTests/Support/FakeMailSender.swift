import Foundation
import NIOConcurrencyHelpers
@testable import ScanbookServer

/// Keeps the mails the app would have sent. Mail goes out in the background, so tests wait for it.
final class FakeMailSender: MailSender {
    private let box = NIOLockedValueBox<[MailMessage]>([])

    func send(_ message: MailMessage) async throws {
        box.withLockedValue { $0.append(message) }
    }

    var sent: [MailMessage] { box.withLockedValue { $0 } }

    /// The mails once there are `count` of them (at most two seconds).
    func waitForMail(count: Int = 1) async throws -> [MailMessage] {
        for _ in 0..<200 where sent.count < count { try await Task.sleep(for: .milliseconds(10)) }
        return sent
    }

    /// The path of the reset link in a mail ("/password/reset/…").
    static func resetPath(in message: MailMessage) -> String? {
        guard let range = message.text.range(of: #"/password/reset/[A-Za-z0-9_-]+"#, options: .regularExpression) else { return nil }
        return String(message.text[range])
    }
}
