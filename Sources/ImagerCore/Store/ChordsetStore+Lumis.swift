import Foundation
import GRDB

/// What a read of lumis found: the lumis, and the rows it could not read (reported, left
/// in the file untouched, never guessed at).
public struct StoredLumis: Sendable, Equatable {
    public var lumis: ChordsetLumis
    public var unreadable: [UnreadableRow]
}

/// Lumis are read per chordset, when a window shows its row; never all at once with the list.
extension ChordsetStore {
    /// The lumis of one chordset, slot by slot in drawing order: one query through the
    /// chord table's (chordset_id, slot) key and the lumi table's (chord_id, ord) index.
    /// A chordset the store does not hold has none.
    public func lumis(of id: UUID) throws(StoreError) -> StoredLumis {
        do {
            return try writer.read { db in try Self.lumis(of: id, in: db) }
        } catch {
            throw Self.map(error, operation: "read the lumis", path: path)
        }
    }

    /// The lumis of each of a few chordsets, as `lumis(of:)` reads them, in one read
    /// transaction: a thousand reads of their own cost a thousand transactions.
    /// Chordsets without lumis are left out.
    public func lumis(ofEach ids: [UUID]) throws(StoreError) -> (lumis: [UUID: ChordsetLumis], unreadable: [UnreadableRow]) {
        do {
            return try writer.read { db in try Self.lumis(ofEach: ids, in: db) }
        } catch {
            throw Self.map(error, operation: "read the lumis", path: path)
        }
    }

    private static func lumis(ofEach ids: [UUID], in db: Database) throws -> (lumis: [UUID: ChordsetLumis], unreadable: [UnreadableRow]) {
        var found: [UUID: ChordsetLumis] = [:]
        var unreadable: [UnreadableRow] = []
        for id in ids {
            let stored = try lumis(of: id, in: db)
            if !stored.lumis.isEmpty { found[id] = stored.lumis }
            unreadable += stored.unreadable
        }
        return (found, unreadable)
    }

    /// Reads the lumis of `ids` as the store holds them now, on another thread, and hands
    /// them to `delivered` there (nothing found when the read fails). The snapshot is taken
    /// before this returns: a save that deletes the chordsets afterwards does not change
    /// what is read. A query each when few, one pass over the lumi table when many, as
    /// `lumis(ofEach:)` and `allLumis(of:)`. Returns false, and reads nothing, when the
    /// store cannot take a snapshot (a store in memory has one connection).
    public func readLumisFromSnapshot(ofEach ids: [UUID], onePassBeyond limit: Int,
                                      delivered: @escaping @Sendable (_ lumis: [UUID: ChordsetLumis], _ unreadable: [UnreadableRow]) -> Void) -> Bool {
        guard let pool = writer as? DatabasePool, let snapshot = try? pool.makeSnapshot() else { return false }
        DispatchQueue.global(qos: .userInitiated).async {
            let read = try? snapshot.read { db in
                ids.count <= limit ? try Self.lumis(ofEach: ids, in: db) : try Self.allLumis(of: Set(ids), in: db)
            }
            delivered(read?.lumis ?? [:], read?.unreadable ?? [])
        }
        return true
    }

    private static func lumis(of id: UUID, in db: Database) throws -> StoredLumis {
        let statement = try db.cachedStatement(sql: selectLumisOfChordset)
        var slots = Array(repeating: [Lumi](), count: Chordset.chordCount)
        var unreadable: [UnreadableRow] = []
        let rows = try Row.fetchCursor(statement, arguments: [id.uuidString])
        while let row = try rows.next() {
            place(row, from: 0, into: &slots, unreadable: &unreadable)
        }
        return StoredLumis(lumis: ChordsetLumis(slots: slots) ?? .none, unreadable: unreadable)
    }

    /// The lumis of many chordsets (nil: all), in one pass over the lumi table; chordsets
    /// without lumis are left out. For taking many chordsets out (Delete All), whose undo
    /// must put their lumis back after a save has deleted them.
    public func allLumis(of ids: Set<UUID>?) throws(StoreError) -> (lumis: [UUID: ChordsetLumis], unreadable: [UnreadableRow]) {
        do {
            return try writer.read { db in try Self.allLumis(of: ids, in: db) }
        } catch {
            throw Self.map(error, operation: "read the lumis", path: path)
        }
    }

    private static func allLumis(of ids: Set<UUID>?, in db: Database) throws -> (lumis: [UUID: ChordsetLumis], unreadable: [UnreadableRow]) {
        var byChordset: [UUID: [[Lumi]]] = [:]
        var unreadable: [UnreadableRow] = []
        let rows = try Row.fetchCursor(db, sql: """
            SELECT ch.chordset_id, \(lumiColumns)
            FROM lumi l JOIN chord ch ON ch.id = l.chord_id
            ORDER BY l.chord_id, l.ord, l.id
            """)
        while let row = try rows.next() {
            guard let text = String.fromDatabaseValue(row[0]), let id = UUID(text: text) else { continue }
            if let ids, !ids.contains(id) { continue }
            var slots = byChordset[id] ?? Array(repeating: [], count: Chordset.chordCount)
            place(row, from: 1, into: &slots, unreadable: &unreadable)
            byChordset[id] = slots
        }
        return (byChordset.compactMapValues { ChordsetLumis(slots: $0) }, unreadable)
    }

    /// Number of lumi rows in the database.
    public func lumiCount() throws(StoreError) -> Int {
        do {
            return try writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM lumi") ?? 0 }
        } catch {
            throw Self.map(error, operation: "count the lumis", path: path)
        }
    }

    /// Reads lumis of many chordsets inside one read transaction, one indexed query each, as
    /// an export walks the list: only one chordset's lumis are in memory at a time.
    public func readingLumis<T>(_ body: (_ lumisOf: (UUID) throws -> ChordsetLumis) throws -> T) throws(StoreError) -> T {
        do {
            return try writer.read { db in
                let statement = try db.cachedStatement(sql: Self.selectLumisOfChordset)
                var ignored: [UnreadableRow] = []
                return try body { id in
                    var slots = Array(repeating: [Lumi](), count: Chordset.chordCount)
                    let rows = try Row.fetchCursor(statement, arguments: [id.uuidString])
                    while let row = try rows.next() { Self.place(row, from: 0, into: &slots, unreadable: &ignored) }
                    return ChordsetLumis(slots: slots) ?? .none
                }
            }
        } catch {
            throw Self.map(error, operation: "read the lumis", path: path)
        }
    }

    /// The lumi columns as `place` reads them, after any columns of its own.
    static let lumiColumns = "ch.slot, l.rowid, l.id, l.shape, l.x, l.y, l.size, l.rotation, l.glow, l.color"

    /// Equal `ord`s (two machines each put a lumi in one place of a chord, and sync merged
    /// both) are ordered by the lumi's id, so every machine shows the same order.
    private static let selectLumisOfChordset = """
        SELECT \(lumiColumns)
        FROM chord ch JOIN lumi l ON l.chord_id = ch.id
        WHERE ch.chordset_id = ?
        ORDER BY ch.slot, l.ord, l.id
        """

    /// Reads one row of `lumiColumns` starting at column `first`, and appends its lumi to its
    /// slot; a row with a value of the wrong kind, out of range, or beyond a chord's
    /// maximum is reported instead.
    private static func place(_ row: Row, from first: Int, into slots: inout [[Lumi]], unreadable: inout [UnreadableRow]) {
        let rowID = Int64.fromDatabaseValue(row[first + 1]) ?? -1
        func bad(_ column: String) { unreadable.append(UnreadableRow(rowID: rowID, reason: .lumi(column))) }
        guard let slot = Int.fromDatabaseValue(row[first]), (0..<Chordset.chordCount).contains(slot) else { return bad("slot") }
        guard let idText = String.fromDatabaseValue(row[first + 2]), let id = UUID(text: idText) else { return bad("id") }
        guard let shapeText = String.fromDatabaseValue(row[first + 3]), let shape = LumiShape(rawValue: shapeText) else { return bad("shape") }
        // Five numbers without an array apiece: a delete of 1,000 chordsets reads 24,000 lumis.
        func number(_ offset: Int, _ field: Lumi.Field) -> Double? {
            guard let value = Double.fromDatabaseValue(row[first + 4 + offset]), Lumi.allows(value, for: field) else { return nil }
            return value
        }
        guard let x = number(0, .x) else { return bad(Lumi.Field.x.rawValue) }
        guard let y = number(1, .y) else { return bad(Lumi.Field.y.rawValue) }
        guard let size = number(2, .size) else { return bad(Lumi.Field.size.rawValue) }
        guard let rotation = number(3, .rotation) else { return bad(Lumi.Field.rotation.rawValue) }
        guard let glow = number(4, .glow) else { return bad(Lumi.Field.glow.rawValue) }
        guard let packed = Int64.fromDatabaseValue(row[first + 9]) else { return bad("color") }
        guard slots[slot].count < Lumi.maximumPerChord else { return bad("order") }
        slots[slot].append(Lumi(id: id, shape: shape, x: x, y: y, size: size, rotation: rotation,
                                color: RGBAColor(packed: UInt32(truncatingIfNeeded: packed)), glow: glow))
    }
}
