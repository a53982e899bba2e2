import Foundation
import GRDB

/// The places chordsets hold in set lists, read before a delete and put back by its undo.
/// A chordset's delete takes its entries out with it (`ON DELETE CASCADE`); its undo puts
/// each back in the same save that stores the chordset again (`ChangeLog.inserted`).
extension ChordsetStore {
    /// Every place each of `chordsets` holds in a set list, by chordset. Rows a hand-edited
    /// file made unreadable are left out.
    public func setListPlaces(of chordsets: Set<UUID>) throws(StoreError) -> [UUID: [SetListPlace]] {
        guard !chordsets.isEmpty else { return [:] }
        do {
            return try writer.read { db in
                var places: [UUID: [SetListPlace]] = [:]
                // A few chordsets (a row's delete): a query each, through the index; many (a
                // selection, Delete All): one pass over the entries, which hold at most what
                // a performer put in set lists.
                let rows: RowCursor
                if chordsets.count <= Self.placeReadsOneByOne {
                    let list = chordsets.map { "'\($0.uuidString)'" }.joined(separator: ",")
                    rows = try Row.fetchCursor(db, sql: """
                        SELECT id, setlist_id, chordset_id, position FROM setlist_entry WHERE chordset_id IN (\(list))
                        """)
                } else {
                    rows = try Row.fetchCursor(db, sql: "SELECT id, setlist_id, chordset_id, position FROM setlist_entry")
                }
                while let row = try rows.next() {
                    guard let chordset = String.fromDatabaseValue(row[2]).flatMap({ UUID(text: $0) }),
                          chordsets.contains(chordset),
                          let entry = String.fromDatabaseValue(row[0]).flatMap({ UUID(text: $0) }),
                          let setList = String.fromDatabaseValue(row[1]).flatMap({ UUID(text: $0) }),
                          let position = Double.fromDatabaseValue(row[3]), position.isFinite else { continue }
                    places[chordset, default: []].append(SetListPlace(entry: entry, setList: setList, position: position))
                }
                return places
            }
        } catch {
            throw Self.map(error, operation: "read the set lists", path: path)
        }
    }

    /// Beyond this many chordsets, one pass over the entries is cheaper than a query each.
    static let placeReadsOneByOne = 200

    /// Puts back the places of chordsets an undo stored again, each in an entry of its own at
    /// the position it had, in the set list it was in. A place is left out when its entry is
    /// still stored (the delete was undone before it was saved), when its set list is gone,
    /// or when its chordset is not stored (deleted elsewhere meanwhile). Each set list that
    /// gets a place back is marked edited. Returns the new entries' ids and the set lists
    /// touched, for sync to record.
    static func restore(_ places: [(chordset: UUID, place: SetListPlace)], now: Double, in db: Database) throws
        -> (entries: [UUID], setLists: Set<UUID>, rows: Int) {
        guard !places.isEmpty else { return ([], [], 0) }
        let entryStored = try db.cachedStatement(sql: "SELECT 1 FROM setlist_entry WHERE id = ?")
        let setListStored = try db.cachedStatement(sql: "SELECT 1 FROM setlist WHERE id = ?")
        let chordsetStored = try db.cachedStatement(sql: "SELECT 1 FROM chordset WHERE id = ?")
        let insert = try db.cachedStatement(sql: """
            INSERT INTO setlist_entry (id, setlist_id, chordset_id, position) VALUES (?, ?, ?, ?)
            """)
        var entries: [UUID] = [], setLists = Set<UUID>()
        for (chordset, place) in places {
            guard !(try Bool.fetchOne(entryStored, arguments: [place.entry.uuidString]) ?? false),
                  try Bool.fetchOne(setListStored, arguments: [place.setList.uuidString]) ?? false,
                  try Bool.fetchOne(chordsetStored, arguments: [chordset.uuidString]) ?? false else { continue }
            let entry = UUID()
            try insert.execute(arguments: [entry.uuidString, place.setList.uuidString, chordset.uuidString, place.position])
            entries.append(entry)
            setLists.insert(place.setList)
        }
        for setList in setLists { try touchSetList(setList, now: now, db) }
        return (entries, setLists, entries.count + setLists.count)
    }
}
