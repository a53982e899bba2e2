import Foundation
import GRDB

/// What a save wrote.
public struct WriteResult: Sendable, Equatable {
    /// Rows inserted, updated or deleted (a deleted chordset counts its cascaded chords, not
    /// its cascaded lumis).
    public var rows = 0
    /// Positions the save chose for chordsets placed at the end of the list.
    public var placed: [UUID: Double] = [:]
    /// Chordsets edited here but deleted by another program meanwhile: the delete won, and
    /// nothing of them was written.
    public var goneElsewhere: Set<UUID> = []
    /// Chordsets put back (an undone delete) whose id a saved delete had already retired for
    /// good (`Registers`: a tombstone is permanent): stored again under a new id, old to new.
    public var reidentified: [UUID: UUID] = [:]
}

/// The writes: one transaction each, and every rule that keeps the store whole (positions,
/// fresh ids for imports, titles) decided here, inside that transaction, and nowhere else.
extension ChordsetStore {
    /// Writes the changes in one transaction. On any error nothing is written (the
    /// transaction rolls back) and the caller keeps its changes.
    public func write(_ changes: [ChangeLog.Record: ChangeLog.Change]) throws(StoreError) -> WriteResult {
        do {
            let now = now()
            return try writer.writeWithoutTransaction { db in
                var result = WriteResult()
                try db.inTransaction(.immediate) {
                    let (renamed, reidentified) = try Self.reidentifyingRetired(changes, in: db)
                    let changes = try Self.deletingLumisLeftBehind(renamed, in: db)
                    // What sync publishes is what this write changed in the tables: read
                    // before, read after, and the difference goes out in the same transaction.
                    let keys = Self.syncKeys(of: changes)
                    let before = try LocalChangeRecorder.snapshot(keys, db)
                    result = try Self.apply(changes, in: db)
                    result.reidentified = reidentified
                    // Places in set lists last: their chordsets are stored by now.
                    let places = Self.setListPlaces(in: changes).filter { !result.goneElsewhere.contains($0.chordset) }
                    let restored = try Self.restore(places, now: now.timeIntervalSince1970, in: db)
                    result.rows += restored.rows
                    var recorder = try LocalChangeRecorder(db, now: now)
                    try recorder.recordDifferences(from: before, keys: keys + restored.entries.map(SyncRecordKey.setListEntry))
                    try recorder.finish()
                    return .commit
                }
                return result
            }
        } catch {
            throw Self.map(error, operation: "save", path: path)
        }
    }

    /// The records a write touches, as sync names them: chordsets (with their chords) first,
    /// then lumis, so a lumi's new chordset is in the tables when it is compared, then the set
    /// lists that places are put back in (the new entries themselves are known only once
    /// written).
    static func syncKeys(of changes: [ChangeLog.Record: ChangeLog.Change]) -> [SyncRecordKey] {
        var chordsets = Set<UUID>(), lumis = Set<UUID>(), setLists = Set<UUID>()
        for (record, change) in changes {
            switch (record, change) {
            case let (.chordset(id), _), let (.chord(id, _), _): chordsets.insert(id)
            case let (.lumi(_, lumi), _): lumis.insert(lumi)
            case let (.setListPlace, .setListPlace(place)): setLists.insert(place.setList)
            case (.setListPlace, _): continue
            }
        }
        return chordsets.sorted { $0.uuidString < $1.uuidString }.map(SyncRecordKey.chordset)
            + lumis.sorted { $0.uuidString < $1.uuidString }.map(SyncRecordKey.lumi)
            + setLists.sorted { $0.uuidString < $1.uuidString }.map(SyncRecordKey.setList)
    }

    /// The places in set lists that chordsets stored again are to take, in a fixed order.
    static func setListPlaces(in changes: [ChangeLog.Record: ChangeLog.Change]) -> [(chordset: UUID, place: SetListPlace)] {
        var places: [(chordset: UUID, place: SetListPlace)] = []
        for case let (.setListPlace(chordset, _), .setListPlace(place)) in changes { places.append((chordset, place)) }
        return places.sorted { ($0.place.setList.uuidString, $0.place.position) < ($1.place.setList.uuidString, $1.place.position) }
    }

    /// A chordset put back by undo before its delete was saved is still in the store, with
    /// the lumis it had there. It is written whole, as it is in memory: a stored lumi it no
    /// longer holds (an edit before the delete took it out, and the delete dropped that
    /// edit's records) is deleted, as a change of its own, so sync publishes it as gone.
    /// One indexed query per chordset put back or added; an added one has no stored lumis.
    static func deletingLumisLeftBehind(_ changes: [ChangeLog.Record: ChangeLog.Change], in db: Database) throws
        -> [ChangeLog.Record: ChangeLog.Change] {
        var result = changes
        let stored = try db.cachedStatement(sql: """
            SELECT l.id FROM chord ch JOIN lumi l ON l.chord_id = ch.id WHERE ch.chordset_id = ?
            """)
        for case let (.chordset(id), .chordset(row)) in changes where row.isNew {
            for text in try String.fetchAll(stored, arguments: [id.uuidString]) {
                guard let lumi = UUID(uuidString: text), changes[.lumi(id, lumi: lumi)] == nil else { continue }
                result[.lumi(id, lumi: lumi)] = .deleted
            }
        }
        return result
    }

    /// A chordset that comes back (undo of a saved delete) under an id whose delete is
    /// permanent gets a new id, with its chords and lumis.
    static func reidentifyingRetired(_ changes: [ChangeLog.Record: ChangeLog.Change], in db: Database) throws
        -> ([ChangeLog.Record: ChangeLog.Change], [UUID: UUID]) {
        var renamed: [UUID: UUID] = [:]
        for case let (.chordset(id), .chordset(row)) in changes where row.isNew {
            if try LocalChangeRecorder.isRetiredForGood(id, db) { renamed[id] = UUID() }
        }
        guard !renamed.isEmpty else { return (changes, [:]) }
        var remapped: [ChangeLog.Record: ChangeLog.Change] = [:]
        for (record, change) in changes {
            switch (record, change) {
            case let (.chordset(id), .chordset(row)) where renamed[id] != nil:
                var row = row
                row.id = renamed[id]!
                remapped[.chordset(row.id)] = .chordset(row)
            case let (.chord(id, slot), _) where renamed[id] != nil:
                remapped[.chord(renamed[id]!, slot: slot)] = change
            case let (.lumi(id, lumi), _) where renamed[id] != nil:
                remapped[.lumi(renamed[id]!, lumi: lumi)] = change
            case let (.setListPlace(id, entry), _) where renamed[id] != nil:
                remapped[.setListPlace(renamed[id]!, entry: entry)] = change
            default:
                remapped[record] = change
            }
        }
        return (remapped, renamed)
    }

    static func apply(_ changes: [ChangeLog.Record: ChangeLog.Change], in db: Database) throws -> WriteResult {
        var result = WriteResult()
        var rows: [ChangeLog.ChordsetRow] = []
        var chords: [(id: UUID, slot: Int, color: RGBAColor)] = []
        var deletes: [UUID] = []
        var lumis: [(chordsetID: UUID, row: ChangeLog.LumiRow)] = []
        var lumiDeletes: [UUID] = []
        for (record, change) in changes {
            switch (record, change) {
            case let (.chordset(id), .deleted): deletes.append(id)
            case let (.chordset, .chordset(row)): rows.append(row)
            case let (.chord(id, slot), .chord(color)): chords.append((id, slot, color))
            case let (.lumi(id, _), .lumi(row)): lumis.append((id, row))
            case let (.lumi(_, lumiID), .deleted): lumiDeletes.append(lumiID)
            default: continue   // a mismatched pair cannot be recorded by ChangeLog
            }
        }

        let deleteChordset = try db.cachedStatement(sql: "DELETE FROM chordset WHERE id = ?")
        for id in deletes {
            try deleteChordset.execute(arguments: [id.uuidString])
            // changesCount does not include the cascade; a chordset always had eight chords.
            result.rows += db.changesCount * (1 + Chordset.chordCount)
        }

        // Rows placed at the end go after everything stored by now, in their own order.
        var next = (try Double.fetchOne(db, sql: "SELECT max(position) FROM chordset") ?? -1).rounded(.down) + 1
        for index in rows.indices.sorted(by: { Self.placementOrder(rows[$0], rows[$1]) })
        where rows[index].isNew && rows[index].placedAtEnd {
            let position = max(rows[index].position, next)
            if position != rows[index].position { result.placed[rows[index].id] = position }
            rows[index].position = position
            next = position.rounded(.down) + 1
        }

        // Only the fields edited here are written, so a field another machine (or program)
        // changed meanwhile keeps its value: a colour change does not undo a rename.
        let updateChordset = try db.cachedStatement(sql: """
            UPDATE chordset SET title = CASE WHEN ? THEN ? ELSE title END,
                position = CASE WHEN ? THEN ? ELSE position END, updated_at = ? WHERE id = ?
            """)
        let insertChordset = try db.cachedStatement(sql: insertChordsetSQL)
        for row in rows {
            let key = row.id.uuidString
            let writesTitle = row.isNew || row.titleChanged, writesPosition = row.isNew || row.positionChanged
            try updateChordset.execute(arguments: [writesTitle, row.title, writesPosition, row.position,
                                                   row.updatedAt.timeIntervalSince1970, key])
            if db.changesCount == 0 {
                guard row.isNew else {
                    result.goneElsewhere.insert(row.id)
                    continue
                }
                try insertChordset.execute(arguments: [
                    key, row.title, row.position, row.createdAt.timeIntervalSince1970, row.updatedAt.timeIntervalSince1970,
                ])
            }
            result.rows += 1
        }

        let upsertChord = try db.cachedStatement(sql: """
            INSERT INTO chord (chordset_id, slot, color) VALUES (?, ?, ?)
            ON CONFLICT(chordset_id, slot) DO UPDATE SET color = excluded.color
            """)
        let exists = try db.cachedStatement(sql: "SELECT 1 FROM chordset WHERE id = ?")
        var known: [UUID: Bool] = [:]
        for chord in chords {
            if result.goneElsewhere.contains(chord.id) { continue }
            let key = chord.id.uuidString
            let present: Bool
            if let cached = known[chord.id] {
                present = cached
            } else {
                present = try Bool.fetchOne(exists, arguments: [key]) ?? false
                known[chord.id] = present
            }
            guard present else {
                result.goneElsewhere.insert(chord.id)
                continue
            }
            try upsertChord.execute(arguments: [key, chord.slot, Int64(chord.color.packed)])
            result.rows += 1
        }

        // Lumis last: their chords exist by now. Deletes first, so a lumi that left one
        // chord's list and joined another's (same id) is written once, as its new self.
        let deleteLumi = try db.cachedStatement(sql: "DELETE FROM lumi WHERE id = ?")
        for id in lumiDeletes {
            try deleteLumi.execute(arguments: [id.uuidString])
            result.rows += db.changesCount
        }
        let chordID = try db.cachedStatement(sql: "SELECT id FROM chord WHERE chordset_id = ? AND slot = ?")
        let upsertLumi = try db.cachedStatement(sql: """
            INSERT INTO lumi (id, chord_id, ord, shape, x, y, size, rotation, glow, color)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET chord_id = excluded.chord_id, ord = excluded.ord, shape = excluded.shape,
                x = excluded.x, y = excluded.y, size = excluded.size, rotation = excluded.rotation,
                glow = excluded.glow, color = excluded.color
            """)
        for (chordsetID, row) in lumis {
            // A delete elsewhere wins, as for chords.
            if result.goneElsewhere.contains(chordsetID) { continue }
            let key = chordsetID.uuidString
            guard let chord = try Int64.fetchOne(chordID, arguments: [key, row.slot]) else {
                result.goneElsewhere.insert(chordsetID)
                continue
            }
            let lumi = row.lumi
            try upsertLumi.execute(arguments: [
                lumi.id.uuidString, chord, row.order, lumi.shape.rawValue, lumi.x, lumi.y, lumi.size,
                lumi.rotation, lumi.glow, Int64(lumi.color.packed),
            ])
            result.rows += 1
        }
        return result
    }

    /// One chordset row, as both a save and an import insert it.
    private static let insertChordsetSQL =
        "INSERT INTO chordset (id, title, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?)"

    private static func placementOrder(_ a: ChangeLog.ChordsetRow, _ b: ChangeLog.ChordsetRow) -> Bool {
        ListOrderKey(position: a.position, id: a.id) < ListOrderKey(position: b.position, id: b.id)
    }

    // MARK: Importing

    /// The import rule, for the command line, the window and the seed: appends chordsets
    /// after the last stored one, and then the set lists that come with them (see
    /// `appendSetLists`), in one transaction. Titles pass `ChordsetTitle.accepted`;
    /// an id already in the store (or earlier in the list) gets a fresh one, so importing
    /// an export twice adds copies; so does an id in `alsoTaken` (chordsets a window holds
    /// but has not saved yet). They go after `shownLast` too, the last position a window
    /// shows, which may hold chordsets not saved yet. `shouldStop` is asked between rows: true rolls back and
    /// throws `.cancelled`. Returns the chordsets as stored (final ids, titles, positions).
    /// Lumis are checked (`Lumi.refusal`) and always get fresh ids: a file may be imported
    /// twice, and a lumi id is unique in the whole store.
    @discardableResult
    public func append(_ chordsets: [Chordset], alsoTaken: Set<UUID> = [], after shownLast: Double? = nil, progress: ((Int) -> Void)? = nil,
                       shouldStop: (() -> Bool)? = nil) throws(StoreError) -> [Chordset] {
        try append(ChordsetsWithLumis(chordsets), alsoTaken: alsoTaken, after: shownLast, progress: progress, shouldStop: shouldStop)
    }

    @discardableResult
    public func append(_ chordsets: ChordsetsWithLumis, alsoTaken: Set<UUID> = [], after shownLast: Double? = nil, progress: ((Int) -> Void)? = nil,
                       shouldStop: (() -> Bool)? = nil) throws(StoreError) -> [Chordset] {
        do {
            return try writer.writeWithoutTransaction { db in
                var stored: [Chordset] = []
                // A larger page cache for the import's one transaction (64 MiB: its indexes
                // stay in memory instead of spilling to the log and being read back), and the
                // connection's own size again after.
                let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
                try db.execute(sql: "PRAGMA cache_size = -65536")
                defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
                try db.inTransaction(.immediate) {
                    stored = try Self.append(chordsets, in: db, alsoTaken: alsoTaken, after: shownLast, now: now(),
                                         progress: progress, shouldStop: shouldStop)
                    return .commit
                }
                return stored
            }
        } catch {
            throw Self.map(error, operation: "import", path: path)
        }
    }

    /// `asSeed`: the starter chordsets, stamped `Stamp.seed` with lumi ids made from their
    /// chordset's, so every freshly seeded machine holds the same records and any real edit wins.
    static func append(_ contents: ChordsetsWithLumis, in db: Database, alsoTaken: Set<UUID> = [], after shownLast: Double? = nil,
                       asSeed: Bool = false, now: Date = Date(),
                       progress: ((Int) -> Void)? = nil, shouldStop: (() -> Bool)? = nil) throws -> [Chordset] {
        var recorder = try LocalChangeRecorder(db, now: now)
        // While nothing is published, an import's registers wait for the first sync round
        // (`UnregisteredRows`); the starter chordsets' fixed stamps are written now.
        let registering = try asSeed || SyncTables.isPublishing(db)
        let chordsets = contents.chordsets
        let storedLast = try Double.fetchOne(db, sql: "SELECT max(position) FROM chordset") ?? -1
        var next = max(storedLast, shownLast ?? -1) + 1
        let exists = try db.cachedStatement(sql: "SELECT 1 FROM chordset WHERE id = ?")
        let insertChordset = try db.cachedStatement(sql: insertChordsetSQL)
        let insertChord = try db.cachedStatement(sql: "INSERT INTO chord (chordset_id, slot, color) VALUES (?, ?, ?)")
        var insertLumi = try LumiInsertion(db)
        var freshIDs = FreshIDs()
        var taken = Set<UUID>()
        var stored: [Chordset] = []
        stored.reserveCapacity(chordsets.count)
        // The id each chordset of the file is stored under, for its set lists' entries.
        var storedIDs: [UUID: UUID] = [:]
        for (offset, original) in chordsets.enumerated() {
            if offset % 1_000 == 0 {
                if shouldStop?() == true { throw StoreError.cancelled }
                progress?(offset)
            }
            var chordset = original
            switch ChordsetTitle.accepted(original.title) {
            case let .success(title): chordset.title = title
            case let .failure(refusal): throw StoreError.refused(index: offset, refusal)
            }
            // Taken in the store, or earlier in this same list (a hand-made seed may repeat one),
            // or retired by a delete (here or on another machine).
            if try alsoTaken.contains(chordset.id) || !taken.insert(chordset.id).inserted
                || Bool.fetchOne(exists, arguments: [chordset.id.uuidString]) ?? false
                || LocalChangeRecorder.isRetiredForGood(chordset.id, db) {
                chordset = chordset.withNewID()
                taken.insert(chordset.id)
            }
            chordset.position = next
            next += 1
            let key = chordset.id.uuidString
            try insertChordset.execute(arguments: [
                key, chordset.title, chordset.position,
                chordset.createdAt.timeIntervalSince1970, chordset.updatedAt.timeIntervalSince1970,
            ])
            let stamp: Stamp? = asSeed ? .seed : nil
            if registering { try recorder.record(.chordset(chordset.id), fields: SyncValues.fields(
                title: chordset.title, position: chordset.position, created: chordset.createdAt.timeIntervalSince1970,
                updated: chordset.updatedAt.timeIntervalSince1970, colors: chordset.chords.map(\.color)), stamp: stamp) }
            let lumis = contents.lumis[offset]
            for slot in 0..<Chordset.chordCount {
                try insertChord.execute(arguments: [key, slot, Int64(chordset.color(at: slot).packed)])
                let chord = db.lastInsertedRowID
                for (order, lumi) in lumis[slot].enumerated() {
                    if let refusal = lumi.refusal { throw StoreError.refusedLumi(index: offset, slot: slot, lumi: order, refusal) }
                    let id = asSeed ? Self.seedLumiID(chordset.id, slot: slot, order: order) : freshIDs.make()
                    try insertLumi.insert(lumi, id: id, chord: chord, order: order)
                    guard registering else { continue }
                    let placed = Lumi(id: id, shape: lumi.shape, x: lumi.x, y: lumi.y, size: lumi.size,
                                  rotation: lumi.rotation, color: lumi.color, glow: lumi.glow)
                    try recorder.record(.lumi(id), fields: [SyncField.lumi: SyncValues.text(SyncValues.LumiPlacement(
                        chordset: chordset.id, slot: slot, order: order, lumi: placed))], stamp: stamp, unseen: !asSeed)
                }
            }
            stored.append(chordset)
            if !contents.setLists.isEmpty { storedIDs[original.id] = chordset.id }
        }
        try appendSetLists(contents.setLists, storedIDs: storedIDs, in: db, now: now,
                           recorder: &recorder, registering: registering, stamp: asSeed ? .seed : nil)
        if shouldStop?() == true { throw StoreError.cancelled }
        if !registering && !(stored.isEmpty && contents.setLists.isEmpty) { try UnregisteredRows.mark(db) }
        try recorder.finish()
        progress?(chordsets.count)
        return stored
    }

    /// The same id for the same starter lumi on every machine: the chordset's id with the
    /// slot and order folded into its last bytes.
    static func seedLumiID(_ chordset: UUID, slot: Int, order: Int) -> UUID {
        var bytes = chordset.uuid
        bytes.13 ^= 0xA5
        bytes.14 ^= UInt8(slot + 1)
        bytes.15 ^= UInt8(order + 1)
        return UUID(uuid: bytes)
    }
}

extension Chordset {
    /// The same chordset under a fresh id (for imports that collide with a stored one).
    func withNewID() -> Chordset {
        Chordset(title: title, position: position, createdAt: createdAt, updatedAt: updatedAt, chords: chords)
    }
}
