import Foundation

/// What changed in memory since the last successful save, one entry per record (a
/// chordset's row, one chord), each holding the record's latest value, captured at edit
/// time. A save writes exactly these records, so it costs the number of changes, never the
/// size of the list; a failed save is retried with the same entries. A lumi is a record of
/// its own (by its id), so editing one lumi writes that lumi, not its chord's others. Later
/// record kinds (what sync publishes) join `Record` and are merged the same way.
public struct ChangeLog: Sendable {
    /// A record of the store.
    public enum Record: Hashable, Sendable {
        /// The chordset's own row: title, position, dates.
        case chordset(UUID)
        /// The chord in `slot` (0-7) of the chordset.
        case chord(UUID, slot: Int)
        /// One lumi, by its own id, of a chord of the chordset.
        case lumi(UUID, lumi: UUID)
        /// A place the chordset held in a set list, by the entry that held it: put back with
        /// the chordset when the undo of its delete stores it again.
        case setListPlace(UUID, entry: UUID)

        public var chordsetID: UUID {
            switch self {
            case let .chordset(id), let .chord(id, _), let .lumi(id, _), let .setListPlace(id, _): id
            }
        }
    }

    /// The latest value of a record, or its deletion.
    public enum Change: Sendable, Equatable {
        case chordset(ChordsetRow)
        case chord(RGBAColor)
        case lumi(LumiRow)
        /// For `.setListPlace` records: where the entry was.
        case setListPlace(SetListPlace)
        /// For `.chordset` records: the row goes, and its chords and lumis with it (ON DELETE
        /// CASCADE). For `.lumi` records: that lumi goes.
        case deleted
    }

    /// A lumi row as it is to be written: which chord holds it, and where in its order.
    public struct LumiRow: Sendable, Equatable {
        public var lumi: Lumi
        public var slot: Int
        public var order: Int
    }

    /// A chordset row as it is to be written.
    public struct ChordsetRow: Sendable, Equatable {
        public var id: UUID
        public var title: String
        public var position: Double
        public var createdAt: Date
        public var updatedAt: Date
        /// Not in the store yet (added, or brought back by undo): inserted, with all eight
        /// chords, which are in the log too. A row that is not new and has gone from the
        /// store (another program deleted it) stays deleted: a delete wins over an edit.
        public var isNew: Bool
        /// Added at the end of the list: the save chooses its final position, inside the
        /// write transaction, after every chordset stored by then (another program may have
        /// appended meanwhile), so rows from two writers never interleave.
        public var placedAtEnd: Bool
        /// Which fields were edited here: a save writes only those (and the updated time),
        /// so a field another machine changed meanwhile keeps its merged value.
        public var titleChanged = false
        public var positionChanged = false

        init(_ chordset: Chordset, isNew: Bool, placedAtEnd: Bool) {
            id = chordset.id
            title = chordset.title
            position = chordset.position
            createdAt = chordset.createdAt
            updatedAt = chordset.updatedAt
            self.isNew = isNew
            self.placedAtEnd = placedAtEnd
        }
    }

    public private(set) var changes: [Record: Change] = [:]
    /// The lumi records of each chordset, so deleting a chordset drops them without a scan of
    /// every change.
    private var lumiRecords: [UUID: Set<UUID>] = [:]
    /// The set-list place records of each chordset, for the same reason.
    private var placeRecords: [UUID: Set<UUID>] = [:]

    public init() {}

    public var isEmpty: Bool { changes.isEmpty }
    /// How many records are waiting to be written.
    public var count: Int { changes.count }
    /// How many chordsets have unsaved changes: what "N unsaved changes" counts for a person.
    public var changedChordsetCount: Int { Set(changes.keys.map(\.chordsetID)).count }

    /// Chordsets added here and not saved yet: their ids are taken though the store does not
    /// hold them, so an import must not reuse them.
    public var unsavedNewIDs: Set<UUID> {
        var ids = Set<UUID>()
        for case let (.chordset(id), .chordset(row)) in changes where row.isNew { ids.insert(id) }
        return ids
    }

    // MARK: Recording

    /// Room for `count` more chordsets' rows and chords, before recording many (the undo of
    /// a delete of 1,000 otherwise grew the records table a dozen times).
    public mutating func reserveCapacity(forChordsets count: Int) {
        changes.reserveCapacity(changes.count + count * (1 + Chordset.chordCount))
    }

    /// A chordset that is new to the store (added, or restored by undo): its row, eight
    /// chords and every lumi, and the places in set lists it is to take again. Lumis restored
    /// by undo keep their ids; if their rows are still in the store (no save since the
    /// delete), the write updates them in place. A place whose entry is still stored is left
    /// as it is.
    public mutating func inserted(_ chordset: Chordset, lumis: ChordsetLumis = .none, placedAtEnd: Bool = false,
                                  places: [SetListPlace] = []) {
        changes[.chordset(chordset.id)] = .chordset(ChordsetRow(chordset, isNew: true, placedAtEnd: placedAtEnd))
        for slot in 0..<Chordset.chordCount {
            changes[.chord(chordset.id, slot: slot)] = .chord(chordset.color(at: slot))
            for (order, lumi) in lumis[slot].enumerated() {
                setLumi(.lumi(LumiRow(lumi: lumi, slot: slot, order: order)), id: lumi.id, of: chordset.id)
            }
        }
        for place in places { setPlace(.setListPlace(place), entry: place.entry, of: chordset.id) }
    }

    /// The set-list places waiting to be put back with any of `ids` (an undone delete not
    /// saved since), by chordset: a delete of them now keeps these for its own undo.
    public func places(ofAny ids: Set<UUID>) -> [UUID: [SetListPlace]] {
        var found: [UUID: [SetListPlace]] = [:]
        for (id, entries) in placeRecords where ids.contains(id) {
            found[id] = entries.compactMap { entry in
                if case let .setListPlace(place)? = changes[.setListPlace(id, entry: entry)] { place } else { nil }
            }
        }
        return found
    }

    /// Which of a row's own fields an edit set (the updated time is always written).
    public struct RowFields: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let title = RowFields(rawValue: 1)
        public static let position = RowFields(rawValue: 2)
    }

    /// The chordset's row changed: the fields in `changing`, and its updated time.
    /// `placedExplicitly` when the change chose an explicit position (a move), so the save
    /// no longer places it at the end.
    public mutating func rowChanged(_ chordset: Chordset, changing fields: RowFields = [.title, .position],
                                    placedExplicitly: Bool = false) {
        var row: ChordsetRow
        switch changes[.chordset(chordset.id)] {
        case let .chordset(old)?:
            row = ChordsetRow(chordset, isNew: old.isNew, placedAtEnd: old.placedAtEnd && !placedExplicitly)
            row.titleChanged = old.titleChanged
            row.positionChanged = old.positionChanged
        case .deleted?:
            // Deleted, then restored and edited: written whole again.
            inserted(chordset)
            return
        default:
            row = ChordsetRow(chordset, isNew: false, placedAtEnd: false)
        }
        row.titleChanged = row.titleChanged || fields.contains(.title)
        row.positionChanged = row.positionChanged || fields.contains(.position)
        changes[.chordset(chordset.id)] = .chordset(row)
    }

    /// One chord's colour changed; the row's updated time changed with it.
    public mutating func chordChanged(_ chordset: Chordset, slot: Int) {
        if changes[.chordset(chordset.id)] == .deleted {
            inserted(chordset)
            return
        }
        rowChanged(chordset, changing: [])
        changes[.chord(chordset.id, slot: slot)] = .chord(chordset.color(at: slot))
    }

    /// The lumis of one chord went from `old` to `new`: each lumi that is new, changed or
    /// moved to another place in the order is written, each that went is deleted, and the
    /// rest are not touched. The row's updated time changed with them.
    public mutating func lumisChanged(_ chordset: Chordset, slot: Int, from old: [Lumi], to new: [Lumi]) {
        rowChanged(chordset, changing: [])
        var oldPlaces: [UUID: (order: Int, lumi: Lumi)] = [:]
        for (order, lumi) in old.enumerated() { oldPlaces[lumi.id] = (order, lumi) }
        var kept = Set<UUID>()
        for (order, lumi) in new.enumerated() {
            kept.insert(lumi.id)
            if let before = oldPlaces[lumi.id], before.order == order, before.lumi == lumi { continue }
            setLumi(.lumi(LumiRow(lumi: lumi, slot: slot, order: order)), id: lumi.id, of: chordset.id)
        }
        for lumi in old where !kept.contains(lumi.id) {
            setLumi(.deleted, id: lumi.id, of: chordset.id)
        }
    }

    private mutating func setLumi(_ change: Change?, id: UUID, of chordsetID: UUID) {
        changes[.lumi(chordsetID, lumi: id)] = change
        if change == nil {
            lumiRecords[chordsetID]?.remove(id)
            if lumiRecords[chordsetID]?.isEmpty == true { lumiRecords[chordsetID] = nil }
        } else {
            lumiRecords[chordsetID, default: []].insert(id)
        }
    }

    private mutating func setPlace(_ change: Change?, entry: UUID, of chordsetID: UUID) {
        changes[.setListPlace(chordsetID, entry: entry)] = change
        if change == nil {
            placeRecords[chordsetID]?.remove(entry)
            if placeRecords[chordsetID]?.isEmpty == true { placeRecords[chordsetID] = nil }
        } else {
            placeRecords[chordsetID, default: []].insert(entry)
        }
    }

    public mutating func deleted(_ id: UUID) {
        for slot in 0..<Chordset.chordCount { changes[.chord(id, slot: slot)] = nil }
        for lumiID in lumiRecords.removeValue(forKey: id) ?? [] { changes[.lumi(id, lumi: lumiID)] = nil }
        for entry in placeRecords.removeValue(forKey: id) ?? [] { changes[.setListPlace(id, entry: entry)] = nil }
        changes[.chordset(id)] = .deleted
    }

    /// Whether the chordset has changes of its own waiting (its row, a chord or a lumi).
    public func hasChanges(to id: UUID) -> Bool {
        changes[.chordset(id)] != nil || lumiRecords[id] != nil || placeRecords[id] != nil
    }

    /// Rows waiting to be placed at the end keep their current positions instead.
    public mutating func keepPlacements() {
        for (record, change) in changes {
            guard case var .chordset(row) = change, row.placedAtEnd else { continue }
            row.placedAtEnd = false
            changes[record] = .chordset(row)
        }
    }

    // MARK: After a save

    /// Drops the changes that a save wrote, keeping any that changed since it captured them;
    /// those rows are in the store now, so they are no longer new or waiting for a place.
    /// `placed` gives the positions the save chose for rows placed at the end.
    public mutating func acknowledge(_ written: [Record: Change], placed: [UUID: Double]) {
        for (record, change) in written {
            guard let current = changes[record] else { continue }
            if current == change {
                if case let .lumi(chordsetID, lumiID) = record {
                    setLumi(nil, id: lumiID, of: chordsetID)
                } else if case let .setListPlace(chordsetID, entry) = record {
                    setPlace(nil, entry: entry, of: chordsetID)
                } else {
                    changes[record] = nil
                }
            } else if case var .chordset(row) = current, change != .deleted {
                row.isNew = false
                row.placedAtEnd = false
                if let position = placed[row.id] { row.position = position }
                changes[record] = .chordset(row)
            }
        }
    }
}
