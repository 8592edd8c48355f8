import Vapor

/// A serving instance hears the other instances from boot on, so the first page opened on it misses
/// nothing; shutdown lets go of the listening connection.
struct ListLiveLifecycle: LifecycleHandler {
    let live: ListLive
    /// False for `scanbook worker`: no pages, nothing to hear.
    let servesWeb: Bool

    func didBoot(_ application: Application) throws {
        // Test apps boot on their first in-memory request: a listening connection each would crowd
        // the test database, so they listen from their first socket on (`ListLive.join`).
        guard servesWeb, application.environment != .testing else { return }
        live.bus.start()
    }

    func shutdownAsync(_ application: Application) async {
        await live.bus.stop()
    }
}
