import Foundation

extension ChordsetController {
    /// Writes what changed since the last save, in one transaction. On failure every
    /// change stays in memory, `saveError` says why, and the next save tries again.
    /// A store that another program is writing to fails at once with `.busy` when the store
    /// was told not to wait (the window): nothing is lost, and the caller tries again.
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
        let changes = pending.changes
        var rows = 0
        if !changes.isEmpty && !isReadOnly {
            let result: WriteResult
            do {
                result = try store.write(changes)
            } catch {
                saveError = error
                return .failed(error)
            }
            rows = result.rows
            savesWritten += 1
            pending.acknowledge(changes, placed: result.placed)
            settleLumis(goneElsewhere: result.goneElsewhere)
            settle(placed: result.placed, goneElsewhere: result.goneElsewhere)
            settle(reidentified: result.reidentified)
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

    /// Brings the list in line with what the save decided: chordsets added here take the
    /// positions the store gave them, and chordsets another program deleted leave the list.
    private func settle(placed: [UUID: Double], goneElsewhere: Set<UUID>) {
        guard !placed.isEmpty || !goneElsewhere.isEmpty else { return }
        let previousCount = chordsets.count
        var reordered = false
        if !goneElsewhere.isEmpty {
            chordsets.removeAll { goneElsewhere.contains($0.id) }
            reordered = true
        }
        for index in chordsets.indices {
            guard let position = placed[chordsets[index].id] else { continue }
            chordsets[index].position = position
            reordered = true
        }
        guard reordered else { return }
        chordsets.sort(by: Chordset.listOrder)
        listChanged(.reloaded(previousCount: previousCount))
    }

    /// Chordsets put back after their delete was saved were stored under new ids: the list,
    /// the lumi cache and the undo steps follow them.
    private func settle(reidentified: [UUID: UUID]) {
        guard !reidentified.isEmpty else { return }
        for index in chordsets.indices {
            if let new = reidentified[chordsets[index].id] { chordsets[index] = chordsets[index].withID(new) }
        }
        for old in reidentified.keys { lumiCache.forget(old) }
        undoStack = undoStack.map { UndoStep(name: $0.name, edit: $0.edit.reidentifying(reidentified), id: $0.id) }
        redoStack = redoStack.map { UndoStep(name: $0.name, edit: $0.edit.reidentifying(reidentified), id: $0.id) }
        listChanged(.reloaded(previousCount: chordsets.count))
    }

    func availableStore() throws(StoreError) -> ChordsetStore {
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
    /// This is Core Data's "automatically merges changes from the parent". `knownChanged`:
    /// a sync round says it changed the store, which an in-memory store's data version,
    /// shared with the round's connection, cannot tell.
    @discardableResult
    public func mergeExternalChanges(knownChanged: Bool = false) throws(StoreError) -> Bool {
        guard let store, !isLoadingRest, !isReadOnly else { return false }
        let version = try store.dataVersion()
        guard knownChanged || version != lastDataVersion else { return false }
        let loaded = try store.load()
        // Lumis read before may have changed too; unsaved ones of ours stay pinned.
        lumiCache.forgetClean()
        let merged = overlayingPendingChanges(on: loaded.chordsets)
        let previousCount = chordsets.count
        lastDataVersion = version
        unreadableRows = loaded.unreadable
        if merged == chordsets { return false }
        chordsets = merged
        listChanged(.reloaded(previousCount: previousCount))
        return true
    }

    /// Beyond this many chordsets changed by one sync round, the whole list is read again
    /// (one pass) rather than each chordset by id.
    static let syncMergeOneByOne = 2_000

    /// A sync round changed these chordsets in the store: only they are read again, so a
    /// change from another machine costs the number of chordsets it touched, not the size of
    /// the list. Chordsets with unsaved changes here keep our version until the save (which
    /// writes only our fields; `mergeSyncedChanges` again afterwards shows both). Returns
    /// true when the list was told to redraw.
    @discardableResult
    public func mergeSyncedChanges(of ids: Set<UUID>) throws(StoreError) -> Bool {
        guard let store, !ids.isEmpty, !isLoadingRest, !isReadOnly else { return false }
        if ids.count > Self.syncMergeOneByOne { return try mergeExternalChanges(knownChanged: true) }
        return lay(try store.load(ids: ids), over: ids)
    }

    /// `mergeSyncedChanges(of:)` with the reading already done on the round's own thread
    /// (`SyncedRead.read`), so a round that changed 100,000 chordsets does not hold the UI
    /// thread while they are read. The read must be newer than this controller's last save
    /// (`savesWritten` unchanged since the round began), or it would show older values of
    /// what that save wrote: the caller then merges with `mergeSyncedChanges(of:)`.
    @discardableResult
    public func mergeSyncedChanges(_ read: SyncedRead) -> Bool {
        guard !isLoadingRest, !isReadOnly else { return false }
        switch read {
        case let .chordsets(ids, stored):
            return lay(stored, over: ids)
        case let .whole(loaded):
            lumiCache.forgetClean()
            let merged = overlayingPendingChanges(on: loaded.chordsets)
            let previousCount = chordsets.count
            unreadableRows = loaded.unreadable
            if merged == chordsets { return false }
            chordsets = merged
            listChanged(.reloaded(previousCount: previousCount))
            return true
        }
    }

    /// Puts the stored versions of `ids` (missing: deleted) into the list, except those with
    /// unsaved changes here.
    private func lay(_ storedChordsets: [Chordset], over ids: Set<UUID>) -> Bool {
        let stored = Dictionary(storedChordsets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let previousCount = chordsets.count
        var touched = false
        for id in ids where !pending.hasChanges(to: id) {
            // Its lumis may have changed too: read again when next shown.
            lumiCache.forget(id)
            let current = index(of: id)
            switch (current, stored[id]) {
            case (nil, nil):
                continue
            case let (index?, nil):
                chordsets.remove(at: index)
            case let (index?, chordset?):
                chordsets.remove(at: index)
                chordsets.insert(chordset, at: insertionIndex(for: chordset.listOrderKey))
            case let (nil, chordset?):
                chordsets.insert(chordset, at: insertionIndex(for: chordset.listOrderKey))
            }
            touched = true
        }
        guard touched else { return false }
        // The list keeps its items (and so its scroll position) and redraws what is shown.
        listChanged(.reloaded(previousCount: previousCount))
        return true
    }

    /// What the store holds, with every unsaved change of ours laid on top, in list order.
    func overlayingPendingChanges(on stored: [Chordset]) -> [Chordset] {
        guard !pending.isEmpty else { return stored }
        let changedIDs = Set(pending.changes.keys.map(\.chordsetID))
        var merged = stored.filter { !changedIDs.contains($0.id) }
        // Our own version of every chordset we changed and did not delete; the list in
        // memory holds it as the edits left it.
        let ours = Dictionary(chordsets.lazy.filter { changedIDs.contains($0.id) }.map { ($0.id, $0) },
                              uniquingKeysWith: { first, _ in first })
        for id in changedIDs {
            if pending.changes[.chordset(id)] == .deleted { continue }
            if let chordset = ours[id] {
                merged.append(chordset)
            } else if let stored = stored.first(where: { $0.id == id }) {
                merged.append(stored)
            }
        }
        merged.sort(by: Chordset.listOrder)
        return merged
    }
}
