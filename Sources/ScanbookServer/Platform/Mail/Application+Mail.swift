import Vapor

extension Application {
    private struct MailSenderKey: StorageKey { typealias Value = any MailSender }

    /// The relay of `SCANBOOK_SMTP_URL`, nil when none is configured (features that need mail say
    /// so instead). Tests set a fake here.
    var mailSender: (any MailSender)? {
        get { storage[MailSenderKey.self] ?? scanbookConfig.smtp.map { SMTPMailSender(settings: $0) } }
        set { storage[MailSenderKey.self] = newValue }
    }

    /// Sends in the background: the request answers at once, and as quickly whether or not a mail
    /// went out (the reset page must not reveal which addresses have accounts by its timing).
    /// A failure is logged, without the recipient.
    func sendInBackground(_ message: MailMessage, purpose: String) {
        guard let sender = mailSender else { return }
        let logger = self.logger
        Task {
            do {
                try await sender.send(message)
                logger.info("Mail sent: \(purpose)")
            } catch {
                logger.error("Mail not sent (\(purpose)): \(error)")
            }
        }
    }
}
