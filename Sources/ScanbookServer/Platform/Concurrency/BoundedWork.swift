import Foundation

/// Admits at most `running` jobs at once and `waiting` more in line; anything beyond is refused at
/// once (`Full`) instead of queueing without bound. Password hashing runs through one: a burst
/// of logins or registrations then gets quick 429s, never a pile-up that starves the database
/// pool and ends in timeouts for everyone.
actor BoundedWork {
    struct Full: Error {}

    let running: Int
    let waiting: Int
    private var active = 0
    private var queue: [CheckedContinuation<Void, Never>] = []

    init(running: Int, waiting: Int) {
        self.running = max(1, running)
        self.waiting = max(0, waiting)
    }

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if active >= running {
            guard queue.count < waiting else { throw Full() }
            await withCheckedContinuation { queue.append($0) }
        } else {
            active += 1
        }
        // A job taken from the line inherits the slot of the one that finished.
        defer {
            if queue.isEmpty { active -= 1 } else { queue.removeFirst().resume() }
        }
        return try await body()
    }
}
