import ScanbookCore
import Vapor

extension Request {
    static let languageCookie = "scanbook-lang"

    /// The account's choice, else the language switch's cookie, else the browser's Accept-Language.
    var locale: String {
        let localizer = application.localizer
        if let chosen = auth.get(User.self)?.locale, localizer.catalogues[chosen] != nil { return chosen }
        if let cookie = cookies[Self.languageCookie]?.string, localizer.catalogues[cookie] != nil { return cookie }
        return localizer.negotiate(acceptLanguage: headers.first(name: .acceptLanguage))
    }

    func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        application.localizer.text(key, locale: locale, arguments)
    }
}

extension Request {
    /// How this request's typed numbers are read (`TypedNumber`): by the page's language, and with a
    /// decimal point on the API, whose clients are programs, not people.
    var decimalMark: DecimalMark {
        url.path.hasPrefix("/api/") ? .point : DecimalMark(locale: locale)
    }
}
