import Foundation

extension ChordsetController {
    /// Writes what changed since the last save, in one transaction. On failure every
    /// change stays in memory, `saveError` says why, and the next save tries again.
    @discardableResult
    public func save() -> SaveOutcome {
        // The report counts the whole list, so the rest of it must be in memory first.
        finishLoadingNow()
        let started = DispatchTime.now().uptimeNanoseconds
        let store: ChordsetStore
        do {
            store = try availableStore()
        } catch {
            saveError = error
            return .failed(error)
        }
        let entries = pending.entries
        var rows = 0
        if !entries.isEmpty {
            do {
                rows = try store.write(entries)
            } catch {
                saveError = error
                return .failed(error)
            }
            pending.acknowledge(entries)
            // lastDataVersion stays: our own commit does not change data_version on this
            // connection, and reading it now would swallow another process's unmerged commit.
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
        let report = SaveReport(chordsets: chordsets.count, chords: chordsets.count * Chordset.chordCount,
                                rowsWritten: rows, milliseconds: elapsed)
        saveError = nil
        lastSaveReport = report
        return .saved(report)
    }

    private func availableStore() throws(StoreError) -> ChordsetStore {
        if let store { return store }
        guard let reopenStore else { throw StoreError.failed(operation: "save", reason: "no database is open") }
        let opened = try reopenStore()
        store = opened
        self.reopenStore = nil
        lastDataVersion = try? opened.dataVersion()
        return opened
    }

    /// Picks up what another process (say `imager --import`) committed since we last looked,
    /// keeping every unsaved edit of ours on top. Returns true when the list was reloaded.
    /// This is Core Data's "automatically merges changes from the parent".
    @discardableResult
    public func mergeExternalChanges() throws(StoreError) -> Bool {
        guard let store, !isLoadingRest else { return false }
        let version = try store.dataVersion()
        guard version != lastDataVersion else { return false }
        let merged = overlayingPendingChanges(on: try store.loadAll())
        let previousCount = chordsets.count
        lastDataVersion = version
        if merged == chordsets { return false }
        chordsets = merged
        listChanged(.reloaded(previousCount: previousCount))
        return true
    }

    /// What the store holds, with every unsaved change of ours laid on top, in list order.
    func overlayingPendingChanges(on stored: [Chordset]) -> [Chordset] {
        let entries = pending.entries
        guard !entries.isEmpty else { return stored }
        var merged = stored.filter { entries[$0.id] == nil }
        for case let .upsert(chordset, _, _) in entries.values { merged.append(chordset) }
        merged.sort { $0.position < $1.position }
        return merged
    }
}
