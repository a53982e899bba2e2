import Foundation

/// What a sync round changed, read from the store on the round's own thread, for
/// `ChordsetController.mergeSyncedChanges(_:)` to lay into the list on the UI thread.
public enum SyncedRead: Sendable {
    /// The chordsets with these ids as stored now (an id missing from `stored` was deleted).
    case chordsets(ids: Set<UUID>, stored: [Chordset])
    /// The whole list, when more chordsets changed than reading them one by one is worth.
    case whole(LoadedChordsets)

    /// Reads on any thread, through a connection of the caller's (the round's own).
    public static func read(_ ids: Set<UUID>, from store: ChordsetStore) throws(StoreError) -> SyncedRead {
        if ids.count > ChordsetController.syncMergeOneByOne { return .whole(try store.load()) }
        return .chordsets(ids: ids, stored: try store.load(ids: ids))
    }
}
