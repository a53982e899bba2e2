import Foundation

/// What changed in memory since the last successful save, per chordset, with the latest
/// value captured at edit time. A save therefore costs the number of changes, never the
/// size of the list, and a failed save can simply be retried with the same entries.
public struct PendingChanges: Sendable {
    public enum Entry: Sendable, Equatable {
        /// Write the chordset row (when `row`) and the listed chord slots.
        case upsert(Chordset, row: Bool, slots: Set<Int>)
        /// Delete the chordset; its chords go with it (ON DELETE CASCADE).
        case delete
    }

    public private(set) var entries: [UUID: Entry] = [:]

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }

    /// A chordset that is new to the database (added, imported, or restored by undo).
    public mutating func inserted(_ chordset: Chordset) {
        entries[chordset.id] = .upsert(chordset, row: true, slots: Set(0..<Chordset.chordCount))
    }

    /// The chordset row changed: title, position or updated time.
    public mutating func rowChanged(_ chordset: Chordset) {
        merge(chordset, row: true, slots: [])
    }

    public mutating func chordChanged(_ chordset: Chordset, slot: Int) {
        merge(chordset, row: true, slots: [slot])
    }

    public mutating func deleted(_ id: UUID) {
        entries[id] = .delete
    }

    private mutating func merge(_ chordset: Chordset, row: Bool, slots: Set<Int>) {
        switch entries[chordset.id] {
        case let .upsert(_, oldRow, oldSlots):
            entries[chordset.id] = .upsert(chordset, row: oldRow || row, slots: oldSlots.union(slots))
        case .delete:
            // Deleted, then restored and edited: write it whole again.
            inserted(chordset)
        case nil:
            entries[chordset.id] = .upsert(chordset, row: row, slots: slots)
        }
    }

    /// Drops the entries that a save wrote, keeping any that changed since it captured them.
    public mutating func acknowledge(_ written: [UUID: Entry]) {
        for (id, entry) in written where entries[id] == entry {
            entries[id] = nil
        }
    }
}
