import Fluent
import Logging
import ScanbookCore
import Vapor

/// What a service or a view model needs to know, without the HTTP request: who acts, in which
/// language, on which database, at what time, under which configuration. Controllers make one
/// from their request (`request.context`); tests make one directly (`ServiceContext(application:…)`).
struct ServiceContext: Sendable {
    let application: Application
    let db: any Database
    /// The signed-in person; nil on visitor pages.
    let user: User?
    /// A catalogue's language code (`en`, `de`).
    let locale: String
    /// How typed numbers are read: by the page's language, with a point on the API.
    let decimalMark: DecimalMark
    /// Who is asking, for throttles: the client's address.
    let clientKey: String
    let logger: Logger

    init(application: Application, db: (any Database)? = nil, user: User?, locale: String = "en", decimalMark: DecimalMark? = nil,
         clientKey: String = "local", logger: Logger? = nil) {
        self.application = application
        self.db = db ?? application.db
        self.user = user
        self.locale = locale
        self.decimalMark = decimalMark ?? DecimalMark(locale: locale)
        self.clientKey = clientKey
        self.logger = logger ?? application.logger
    }

    /// The signed-in person, or 401.
    func requireUser() throws -> User {
        guard let user else { throw Abort(.unauthorized) }
        return user
    }

    func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        application.localizer.text(key, locale: locale, arguments)
    }

    var scanbookConfig: AppConfig { application.scanbookConfig }
    var now: Date { application.clock.now() }
    var today: CalendarDate { application.clock.today }

    /// The one currency rule for a person's own money (budgets, receipts typed in, meter costs):
    /// their home currency from the settings, else the server's default. Money a module shares
    /// has its own rule there (a list's currency, in Lists).
    var homeCurrency: String { user?.currency ?? scanbookConfig.defaultCurrency }
}

extension ServiceContext: Wording {}

extension Request {
    /// This request as services see it.
    var context: ServiceContext {
        ServiceContext(application: application, db: db, user: auth.get(User.self), locale: locale, decimalMark: decimalMark, clientKey: clientKey, logger: logger)
    }
}
