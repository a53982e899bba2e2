import Foundation

/// Starting with the first page: with 100,000 chordsets, reading them all takes most of a
/// second, so the window starts with the rows it can show and reads the rest on another
/// thread (`remainderLoader`), handing it back on the UI thread (`finishLoading`). This is
/// what Core Data's fetch batching did for the original app.
extension ChordsetController {
    /// A controller over an open store that holds only the first `pageSize` chordsets until
    /// `finishLoading` is called (or an operation that needs the whole list loads it).
    public convenience init(store: ChordsetStore, firstPage pageSize: Int,
                            clock: @escaping () -> Date = Date.init) throws(StoreError) {
        let (page, maxPosition) = try store.loadFirstPage(limit: pageSize)
        self.init(initial: page, store: store, clock: clock)
        if page.chordsets.count + page.unreadable.count >= pageSize, let last = page.chordsets.last, let maxPosition, maxPosition >= last.position {
            // There may be more: a full page, and positions beyond (or tied with) its last.
            isLoadingRest = true
            storedMaxPosition = maxPosition
        }
    }

    /// Reads every chordset; safe to call from any thread (the store is Sendable).
    /// nil when the whole list is already in memory.
    public var remainderLoader: (@Sendable () -> Result<LoadedChordsets, StoreError>)? {
        guard isLoadingRest, let store else { return nil }
        return { Result { () throws(StoreError) in try store.load() } }
    }

    /// Replaces the first page with the whole list, keeping every edit made meanwhile.
    /// Call on the UI thread. Does nothing if the list was completed already.
    public func finishLoading(_ result: Result<LoadedChordsets, StoreError>) {
        guard isLoadingRest else { return }
        switch result {
        case let .success(all):
            let previousCount = chordsets.count
            isLoadingRest = false
            storedMaxPosition = nil
            unreadableRows = all.unreadable
            chordsets = overlayingPendingChanges(on: all.chordsets)
            listChanged(.reloaded(previousCount: previousCount))
        case let .failure(error):
            // Keep the page and stay in loading state; the next save reports and retries.
            saveError = error
        }
    }

    /// Loads the rest now, on this thread, for operations that need the whole list
    /// (delete all, save, import). A no-op when the list is complete.
    public func finishLoadingNow() {
        guard let load = remainderLoader else { return }
        finishLoading(load())
    }
}
