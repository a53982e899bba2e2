import Foundation
import GRDB

/// Set lists in the store: each edit is one transaction, and every rule (titles, positions,
/// entries naming chordsets that exist) is decided here, inside it.
extension ChordsetStore {
    // MARK: Reading

    /// Every set list with its entries, both in order (by position, ties by id). Rows a
    /// hand-edited file made unreadable (a title that is not text, an id that is not a UUID)
    /// are left out, never guessed at.
    public func loadSetLists() throws(StoreError) -> [SetList] {
        do {
            return try writer.read { db in try Self.fetchSetLists(db) }
        } catch {
            throw Self.map(error, operation: "read the set lists", path: path)
        }
    }

    static func fetchSetLists(_ db: Database) throws -> [SetList] {
        var entries: [UUID: [SetListEntry]] = [:]
        let entryRows = try Row.fetchCursor(db, sql: "SELECT id, setlist_id, chordset_id, position FROM setlist_entry")
        while let row = try entryRows.next() {
            guard let id = String.fromDatabaseValue(row[0]).flatMap({ UUID(text: $0) }),
                  let setList = String.fromDatabaseValue(row[1]).flatMap({ UUID(text: $0) }),
                  let chordset = String.fromDatabaseValue(row[2]).flatMap({ UUID(text: $0) }),
                  let position = Double.fromDatabaseValue(row[3]), position.isFinite else { continue }
            entries[setList, default: []].append(SetListEntry(id: id, chordsetID: chordset, position: position))
        }
        var setLists: [SetList] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT id, title, position FROM setlist")
        while let row = try rows.next() {
            guard let id = String.fromDatabaseValue(row[0]).flatMap({ UUID(text: $0) }),
                  let title = String.fromDatabaseValue(row[1]),
                  let position = Double.fromDatabaseValue(row[2]), position.isFinite else { continue }
            setLists.append(SetList(id: id, title: title, position: position, entries: entries[id] ?? []))
        }
        return setLists.sorted(by: SetList.listOrder)
    }

    // MARK: Writing

    /// A new set list after the others, holding `chordsets` in that order. Every chordset
    /// must be in the store, and the title must pass `ChordsetTitle.accepted`. Returns it as stored.
    @discardableResult
    public func createSetList(title: String, chordsets: [UUID] = []) throws(StoreError) -> SetList {
        let id = UUID()
        return try writeSetList(operation: "create the set list", { _ in id }) { db, now, _ in
            let title = try Self.acceptedSetListTitle(title, allowingUpTo: ChordsetTitle.maximumLength)
            let position = try Self.nextSetListPosition(db)
            let setList = SetList(id: id, title: title, position: position)
            try db.execute(sql: """
                INSERT INTO setlist (id, title, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
                """, arguments: [setList.id.uuidString, title, position, now, now])
            let entries = try Self.insertEntries(chordsets, into: setList.id, db)
            return SetList(id: setList.id, title: title, position: position, entries: entries)
        }
    }

    /// Renames the set list; the title must pass `ChordsetTitle.accepted` (a title already
    /// longer than the limit may be edited without growing). Returns the title as stored.
    @discardableResult
    public func renameSetList(_ id: UUID, to title: String) throws(StoreError) -> String {
        try writeSetList(operation: "rename the set list", { _ in id }) { db, now, _ in
            guard let old = try String.fetchOne(db, sql: "SELECT title FROM setlist WHERE id = ?", arguments: [id.uuidString]) else {
                throw StoreError.noSuchSetList(id)
            }
            let title = try Self.acceptedSetListTitle(title, allowingUpTo: old.unicodeScalars.count)
            try db.execute(sql: "UPDATE setlist SET title = ?, updated_at = ? WHERE id = ?",
                           arguments: [title, now, id.uuidString])
            return title
        }
    }

    /// Deletes the set list and its entries; the chordsets stay.
    public func deleteSetList(_ id: UUID) throws(StoreError) {
        try writeSetList(operation: "delete the set list", { _ in id }) { db, _, _ in
            try db.execute(sql: "DELETE FROM setlist WHERE id = ?", arguments: [id.uuidString])
            guard db.changesCount > 0 else { throw StoreError.noSuchSetList(id) }
        }
    }

    /// Adds entries for `chordsets`, in that order, at the end of the set list, or from
    /// `index` in its order (0 is the first; past the end is the end). Every chordset must be
    /// in the store; a chordset already in the set list gets a second entry. Returns the new
    /// entries.
    @discardableResult
    public func addChordsets(_ chordsets: [UUID], to setList: UUID, at index: Int? = nil) throws(StoreError) -> [SetListEntry] {
        try writeSetList(operation: "add to the set list", { _ in setList }) { db, now, _ in
            try Self.touchSetList(setList, now: now, db)
            var added = try Self.insertEntries(chordsets, into: setList, db)
            guard let index, !added.isEmpty else { return added }
            // Numbered afresh in the order wanted: the old entries around the new ones.
            var order = try Self.entries(of: setList, db).filter { entry in !added.contains { $0.id == entry.id } }
            order.insert(contentsOf: added, at: min(max(0, index), order.count))
            for (i, entry) in order.enumerated() where entry.position != Double(i) {
                try db.execute(sql: "UPDATE setlist_entry SET position = ? WHERE id = ?", arguments: [Double(i), entry.id.uuidString])
                if let a = added.firstIndex(where: { $0.id == entry.id }) { added[a].position = Double(i) }
            }
            return added
        }
    }

    /// Stores a set list again after its delete (the window's Undo): its title, its place
    /// among the set lists, and its entries in their order, leaving out entries whose
    /// chordset is no longer stored. It keeps its id unless other computers have already seen
    /// it deleted (then a fresh one, as an import would). Returns it as stored.
    @discardableResult
    public func restoreSetList(_ setList: SetList) throws(StoreError) -> SetList {
        var stored = setList.id
        return try writeSetList(operation: "restore the set list", { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM setlist WHERE id = ?", arguments: [setList.id.uuidString]) ?? false
                || LocalChangeRecorder.isRetiredForGood(.setList(setList.id), db) {
                stored = UUID()
            }
            return stored
        }) { db, now, id in
            let title = try Self.acceptedSetListTitle(setList.title, allowingUpTo: max(ChordsetTitle.maximumLength,
                                                                                       setList.title.unicodeScalars.count))
            try db.execute(sql: """
                INSERT INTO setlist (id, title, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
                """, arguments: [id.uuidString, title, setList.position, now, now])
            let exists = try db.cachedStatement(sql: "SELECT 1 FROM chordset WHERE id = ?")
            let kept = try setList.chordsetIDs.filter { try Bool.fetchOne(exists, arguments: [$0.uuidString]) ?? false }
            let entries = try Self.insertEntries(kept, into: id, db)
            return SetList(id: id, title: title, position: setList.position, entries: entries)
        }
    }

    /// Removes one entry; the set list keeps its other entries, in their order.
    public func removeEntry(_ entry: UUID) throws(StoreError) {
        try writeSetList(operation: "remove from the set list", { db in try Self.setListHolding(entry, db) }) { db, now, setList in
            try db.execute(sql: "DELETE FROM setlist_entry WHERE id = ?", arguments: [entry.uuidString])
            try Self.touchSetList(setList, now: now, db)
        }
    }

    /// Moves one entry to `index` in its set list's order (0 is the first; past the end is
    /// the end). One row is written, unless its neighbours share a position and there is no
    /// room between them: then the set list's entries are numbered again, in their order.
    public func moveEntry(_ entry: UUID, to index: Int) throws(StoreError) {
        try writeSetList(operation: "move in the set list", { db in try Self.setListHolding(entry, db) }) { db, now, setList in
            var others = try Self.entries(of: setList, db).filter { $0.id != entry }
            let index = min(max(0, index), others.count)
            var position = Self.position(between: index, in: others)
            if position == nil {
                for i in others.indices where others[i].position != Double(i) {
                    others[i].position = Double(i)
                    try db.execute(sql: "UPDATE setlist_entry SET position = ? WHERE id = ?",
                                   arguments: [Double(i), others[i].id.uuidString])
                }
                position = Self.position(between: index, in: others)
            }
            try db.execute(sql: "UPDATE setlist_entry SET position = ? WHERE id = ?",
                           arguments: [position ?? Double(index), entry.uuidString])
            try Self.touchSetList(setList, now: now, db)
        }
    }

    // MARK: Importing

    /// An import's set lists, after its chordsets and in the same transaction: each goes
    /// after the stored set lists, under its own id unless that is taken (then a fresh one).
    /// An entry naming a chordset of the same file follows it to the id it was stored under
    /// (`storedIDs`: a chordset whose id was taken got a fresh one); an entry naming any
    /// other id must name a stored chordset, or the whole import is refused
    /// (`unknownSetListChordset`, which names the entry by its path in the file).
    /// `recorder`: when the import is registered for sync now (see `append`), each set list
    /// and entry is recorded as made, at `stamp` (the seed's) or a fresh one.
    static func appendSetLists(_ setLists: [SetList], storedIDs: [UUID: UUID], in db: Database, now: Date,
                               recorder: inout LocalChangeRecorder, registering: Bool, stamp: Stamp?) throws {
        guard !setLists.isEmpty else { return }
        let time = now.roundedToMilliseconds.timeIntervalSince1970
        var position = try nextSetListPosition(db)
        let setListExists = try db.cachedStatement(sql: "SELECT 1 FROM setlist WHERE id = ?")
        let chordsetExists = try db.cachedStatement(sql: "SELECT 1 FROM chordset WHERE id = ?")
        let insertSetList = try db.cachedStatement(sql: """
            INSERT INTO setlist (id, title, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
            """)
        let insertEntry = try db.cachedStatement(sql: """
            INSERT INTO setlist_entry (id, setlist_id, chordset_id, position) VALUES (?, ?, ?, ?)
            """)
        var freshIDs = FreshIDs(now: now)
        var taken = Set<UUID>()
        for (index, setList) in setLists.enumerated() {
            let title = try acceptedSetListTitle(setList.title, allowingUpTo: ChordsetTitle.maximumLength, index: index)
            var id = setList.id
            if try !taken.insert(id).inserted || Bool.fetchOne(setListExists, arguments: [id.uuidString]) ?? false
                || LocalChangeRecorder.isRetiredForGood(.setList(id), db) {
                id = UUID()
                taken.insert(id)
            }
            try insertSetList.execute(arguments: [id.uuidString, title, position, time, time])
            if registering {
                try recorder.record(.setList(id), fields: SyncValues.setListFields(title: title, position: position, created: time, updated: time),
                                    stamp: stamp)
            }
            position += 1
            for (order, named) in setList.chordsetIDs.enumerated() {
                let chordset: UUID
                if let fromFile = storedIDs[named] {
                    chordset = fromFile
                } else if try Bool.fetchOne(chordsetExists, arguments: [named.uuidString]) ?? false {
                    chordset = named
                } else {
                    throw StoreError.unknownSetListChordset(setList: index, entry: order, id: named)
                }
                let entry = freshIDs.make()
                try insertEntry.execute(arguments: [entry.uuidString, id.uuidString, chordset.uuidString, Double(order)])
                if registering {
                    try recorder.record(.setListEntry(entry), fields: SyncValues.entryFields(setList: id, chordset: chordset, position: Double(order)),
                                        stamp: stamp, unseen: true)
                }
            }
        }
    }

    // MARK: Rules

    /// One transaction that edits one set list, the one `setList` finds (inside the
    /// transaction); `body` gets the time of the edit in seconds since 1970, and the set list.
    /// What it changed in the set list and its entries is recorded for sync in the same
    /// transaction, as a save records its edits.
    private func writeSetList<T>(operation: String, _ setList: (Database) throws -> UUID,
                                 _ body: (Database, Double, UUID) throws -> T) throws(StoreError) -> T {
        do {
            let date = now()
            let now = date.roundedToMilliseconds.timeIntervalSince1970
            return try writer.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    let setList = try setList(db)
                    let keysBefore = try Self.syncKeys(ofSetList: setList, db)
                    let before = try LocalChangeRecorder.snapshot(keysBefore, db)
                    result = try body(db, now, setList)
                    var keys = keysBefore
                    for key in try Self.syncKeys(ofSetList: setList, db) where !keysBefore.contains(key) { keys.append(key) }
                    var recorder = try LocalChangeRecorder(db, now: date)
                    try recorder.recordDifferences(from: before, keys: keys)
                    try recorder.finish()
                    return .commit
                }
                return result!
            }
        } catch {
            throw Self.map(error, operation: operation, path: path)
        }
    }

    /// The set list's record and its entries' records, as sync names them.
    static func syncKeys(ofSetList id: UUID, _ db: Database) throws -> [SyncRecordKey] {
        [.setList(id)] + (try entries(of: id, db)).map { .setListEntry($0.id) }
    }

    static func acceptedSetListTitle(_ raw: String, allowingUpTo longest: Int, index: Int? = nil) throws(StoreError) -> String {
        switch ChordsetTitle.accepted(raw, allowingUpTo: longest) {
        case let .success(title): return title
        case let .failure(refusal): throw StoreError.refusedSetListTitle(index: index, refusal)
        }
    }

    static func nextSetListPosition(_ db: Database) throws -> Double {
        (try Double.fetchOne(db, sql: "SELECT max(position) FROM setlist") ?? -1).rounded(.down) + 1
    }

    /// Appends entries after the set list's last one; every chordset must be stored.
    static func insertEntries(_ chordsets: [UUID], into setList: UUID, _ db: Database) throws -> [SetListEntry] {
        var next = (try Double.fetchOne(db, sql: "SELECT max(position) FROM setlist_entry WHERE setlist_id = ?",
                                        arguments: [setList.uuidString]) ?? -1).rounded(.down) + 1
        let exists = try db.cachedStatement(sql: "SELECT 1 FROM chordset WHERE id = ?")
        let insert = try db.cachedStatement(sql: """
            INSERT INTO setlist_entry (id, setlist_id, chordset_id, position) VALUES (?, ?, ?, ?)
            """)
        var added: [SetListEntry] = []
        for chordset in chordsets {
            guard try Bool.fetchOne(exists, arguments: [chordset.uuidString]) ?? false else {
                throw StoreError.noSuchChordset(chordset)
            }
            let entry = SetListEntry(chordsetID: chordset, position: next)
            try insert.execute(arguments: [entry.id.uuidString, setList.uuidString, chordset.uuidString, next])
            added.append(entry)
            next += 1
        }
        return added
    }

    /// Marks the set list as edited now; throws when it is gone.
    static func touchSetList(_ id: UUID, now: Double, _ db: Database) throws {
        try db.execute(sql: "UPDATE setlist SET updated_at = ? WHERE id = ?", arguments: [now, id.uuidString])
        guard db.changesCount > 0 else { throw StoreError.noSuchSetList(id) }
    }

    /// The set list the entry is in; throws `noSuchSetListEntry` when there is no such entry.
    static func setListHolding(_ entry: UUID, _ db: Database) throws -> UUID {
        guard let setList = try setListOf(entry: entry, db) else { throw StoreError.noSuchSetListEntry(entry) }
        return setList
    }

    static func setListOf(entry: UUID, _ db: Database) throws -> UUID? {
        try String.fetchOne(db, sql: "SELECT setlist_id FROM setlist_entry WHERE id = ?", arguments: [entry.uuidString])
            .flatMap { UUID(text: $0) }
    }

    /// The set list's entries in show order.
    static func entries(of setList: UUID, _ db: Database) throws -> [SetListEntry] {
        var entries: [SetListEntry] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT id, chordset_id, position FROM setlist_entry WHERE setlist_id = ?",
                                       arguments: [setList.uuidString])
        while let row = try rows.next() {
            guard let id = String.fromDatabaseValue(row[0]).flatMap({ UUID(text: $0) }),
                  let chordset = String.fromDatabaseValue(row[1]).flatMap({ UUID(text: $0) }),
                  let position = Double.fromDatabaseValue(row[2]), position.isFinite else { continue }
            entries.append(SetListEntry(id: id, chordsetID: chordset, position: position))
        }
        return entries.sorted(by: SetListEntry.showOrder)
    }

    /// A position that sorts an entry at `index` among `others` (in show order), or nil when
    /// its neighbours leave no room (equal positions, or no double between them).
    static func position(between index: Int, in others: [SetListEntry]) -> Double? {
        let before = index > 0 ? others[index - 1].position : nil
        let after = index < others.count ? others[index].position : nil
        switch (before, after) {
        case (nil, nil): return 0
        case let (nil, after?):
            let first = (after - 1).rounded(.down)
            return first < after ? first : nil
        case let (before?, nil):
            let last = before.rounded(.down) + 1
            return last > before ? last : nil
        case let (before?, after?):
            let middle = before + (after - before) / 2
            return middle > before && middle < after ? middle : nil
        }
    }
}
