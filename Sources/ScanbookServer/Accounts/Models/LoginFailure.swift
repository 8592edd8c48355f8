/// The table of the first login throttle (failures per e-mail address only), superseded by
/// `RateEvent`; named here for the migrations that create and drop it.
enum LoginFailure {
    static let schema = "login_failures"
}
