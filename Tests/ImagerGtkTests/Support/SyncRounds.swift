import Foundation
@testable import ImagerGtk

/// Counts the live sync's rounds that end while a test pumps the main loop: each round that
/// ends well stamps `lastRoundEnded` anew. Call `look()` from a pump's condition.
@MainActor
final class SyncRounds {
    private let sync: LiveSync
    private var seen: Date?
    private var count = 0

    init(_ sync: LiveSync) {
        self.sync = sync
        seen = sync.lastRoundEnded
    }

    /// How many rounds have ended since this was made.
    func look() -> Int {
        if sync.lastRoundEnded != seen {
            seen = sync.lastRoundEnded
            count += 1
        }
        return count
    }
}
