import Foundation

/// Lumis are not held in `chordsets`: with 100,000 chordsets there are millions of them, and
/// a window shows a few dozen rows. They are read per chordset when a row asks for them
/// (`lumis(of:)`), kept in a bounded cache, and edited one chord at a time (`setLumis`).
extension ChordsetController {
    /// The name of the undo step every lumi edit makes.
    public static let editChordStepName = UndoName.editChord

    /// The lumis of the chordset, slot by slot: unsaved ones as edited, the rest as stored.
    /// A hit costs a dictionary lookup; a miss one indexed query on the window's connection
    /// (reads do not wait for writers). A chordset the store cannot read lumis for shows none,
    /// and is read again next time.
    public func lumis(of id: UUID) -> ChordsetLumis {
        if let known = lumiCache.lookUp(id) { return known }
        guard let store else { return .none }
        do {
            let stored = try store.lumis(of: id)
            noteUnreadable(stored.unreadable)
            lumiCache.remember(stored.lumis, of: id)
            return stored.lumis
        } catch {
            return .none
        }
    }

    /// The lumis when they are known without reading the store (cached, or not saved yet);
    /// nil when `lumis(of:)` would have to read them.
    public func knownLumis(of id: UUID) -> ChordsetLumis? {
        lumiCache.lookUp(id)
    }

    /// Replaces the lumis of chord `slot` of the chordset, as one undo step named
    /// `editChordStepName`, and returns that step's id. Refused (nil, nothing changed) when
    /// read-only, when the chordset or slot does not exist, when a lumi is out of range
    /// (`Lumi.refusal`), when there are more than `Lumi.maximumPerChord`, or when a lumi id
    /// appears twice in the chordset. Also nil when the lumis are already these.
    ///
    /// `coalescingWith`: the id this returned for the previous change of the same gesture.
    /// While that step is still the one Undo would undo, and it edited the same chord, the
    /// change joins it (its "before" stays the lumis from before the gesture), so a whole
    /// drag is one undo step; the same id is returned.
    @discardableResult
    public func setLumis(_ newLumis: [Lumi], slot: Int, of id: UUID, coalescingWith stepID: Int? = nil) -> Int? {
        guard !isReadOnly, (0..<Chordset.chordCount).contains(slot), index(of: id) != nil,
              newLumis.count <= Lumi.maximumPerChord, newLumis.allSatisfy({ $0.refusal == nil }) else { return nil }
        let current = lumis(of: id)
        var ids = Set<UUID>()
        for (otherSlot, list) in current.slots.enumerated() where otherSlot != slot {
            for lumi in list { ids.insert(lumi.id) }
        }
        for lumi in newLumis {
            guard ids.insert(lumi.id).inserted else { return nil }
        }
        let before = current[slot]
        if let stepID, let top = undoStack.last, top.id == stepID,
           case let .setLumis(topID, topSlot, _, original) = top.edit, topID == id, topSlot == slot {
            if before != newLumis {
                _ = apply(.setLumis(id, slot: slot, from: before, to: newLumis))
                undoStack[undoStack.count - 1].edit = .setLumis(id, slot: slot, from: newLumis, to: original)
            }
            return stepID
        }
        guard before != newLumis else { return nil }
        let inverse = apply(.setLumis(id, slot: slot, from: before, to: newLumis))
        return record(name: Self.editChordStepName, edit: inverse)
    }

    /// The lumis of chordsets about to be taken out, for the undo step that puts them back.
    /// Only chordsets that have lumis are named. Those not cached are read from a snapshot
    /// of the store on another thread (`KeptLumis`), or at once, in one read transaction,
    /// from a store that takes no snapshots: a query each when few, one pass over the lumi
    /// table when many (Delete All).
    func lumisToKeep(for items: [Chordset]) -> KeptLumis {
        var kept: [UUID: ChordsetLumis] = [:]
        var unknown: [UUID] = []
        for chordset in items {
            if let known = lumiCache.peek(chordset.id) {
                if !known.isEmpty { kept[chordset.id] = known }
            } else {
                unknown.append(chordset.id)
            }
        }
        guard !unknown.isEmpty, let store else { return KeptLumis(kept) }
        // Not through the cache: these chordsets are leaving it.
        if let reading = KeptLumis.reading(unknown, from: store, onePassBeyond: Self.lumiReadsOneByOne, known: kept) {
            return reading
        }
        let stored = unknown.count <= Self.lumiReadsOneByOne ? try? store.lumis(ofEach: unknown)
                                                             : try? store.allLumis(of: Set(unknown))
        if let stored {
            noteUnreadable(stored.unreadable)
            kept.merge(stored.lumis) { known, _ in known }
        }
        return KeptLumis(kept)
    }

    /// Beyond this many chordsets, one scan of the lumi table is cheaper than a query each.
    static let lumiReadsOneByOne = 2_000

    /// After a save: lumis that the store now holds stop being pinned; those of chordsets
    /// another program deleted are dropped.
    func settleLumis(goneElsewhere: Set<UUID>) {
        for id in goneElsewhere { lumiCache.forget(id) }
        for id in lumiCache.pinned.keys where !pending.hasChanges(to: id) {
            lumiCache.unpin(id)
        }
    }

    /// Lumi rows that could not be read are reported like chordset rows, once each.
    func noteUnreadable(_ rows: [UnreadableRow]) {
        for row in rows where !unreadableRows.contains(row) { unreadableRows.append(row) }
    }
}
