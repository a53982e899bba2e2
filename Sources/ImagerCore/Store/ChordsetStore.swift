import Foundation
import GRDB

/// The chordsets on disk (or in memory, for tests). Owns the database connection and
/// the migrator; SQL lives here and nowhere else.
///
/// Every connection has foreign keys on, `synchronous=FULL`, and a busy timeout so a
/// second writer (`imager --import` while the window is open) waits instead of failing.
/// A file store is a WAL-mode `DatabasePool`.
public final class ChordsetStore: Sendable {
    /// nil for an in-memory store.
    public let path: String?
    let writer: any DatabaseWriter

    private init(path: String?, writer: any DatabaseWriter) {
        self.path = path
        self.writer = writer
    }

    // MARK: Opening

    /// Opens (creating if needed) the database at `url` and migrates it.
    /// An unreadable file, or one written by a newer Imager, is reported and left untouched.
    public static func open(at url: URL) throws(StoreError) -> ChordsetStore {
        let path = url.path
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .notWritable(path: directory.path, reason: Self.describe(error))
        }
        if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > 0 {
            try inspect(path: path)
        }
        do {
            let pool = try DatabasePool(path: path, configuration: configuration())
            // GRDB sets the writer to synchronous=NORMAL when it turns WAL on, after
            // prepareDatabase ran; FULL again, so a save that reported success survives a power cut.
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            try StoreSchema.migrator.migrate(pool)
            return ChordsetStore(path: path, writer: pool)
        } catch {
            throw map(error, operation: "open the database", path: path)
        }
    }

    /// A private database in memory, like the original app's `inMemory` option.
    public static func inMemory() -> ChordsetStore {
        do {
            let queue = try DatabaseQueue(configuration: configuration())
            try StoreSchema.migrator.migrate(queue)
            return ChordsetStore(path: nil, writer: queue)
        } catch {
            // Only reachable if SQLite cannot allocate a fresh in-memory database.
            preconditionFailure("cannot create an in-memory database: \(error)")
        }
    }

    /// Checks, read-only, that the file is an Imager database this version understands.
    /// Throws `.unreadable` or `.newerVersion`; never writes to the file.
    public static func inspect(path: String) throws(StoreError) {
        do {
            var config = configuration()
            config.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: config)
            defer { try? queue.close() }
            try queue.read { db in
                let tables = try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
                if tables.isEmpty { return }
                guard tables.contains("grdb_migrations") else {
                    throw StoreError.unreadable(path: path, reason: "it is an SQLite database, but not one of Imager's")
                }
                let known = Set(StoreSchema.migrator.migrations)
                let unknown = try StoreSchema.migrator.appliedIdentifiers(db).subtracting(known)
                if !unknown.isEmpty {
                    throw StoreError.newerVersion(path: path, unknownMigrations: unknown.sorted())
                }
            }
        } catch {
            throw map(error, operation: "read the database", path: path)
        }
    }

    private static func configuration() -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(10)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return config
    }

    // MARK: Reading

    /// Every chordset with its eight chords, in list order.
    public func loadAll() throws(StoreError) -> [Chordset] {
        do {
            return try writer.read { db in try Self.fetchAll(db) }
        } catch {
            throw Self.map(error, operation: "read the chordsets", path: path)
        }
    }

    static func fetchAll(_ db: Database) throws -> [Chordset] {
        // One pass over a join in table order, then the list order is a sort in memory:
        // walking the chordset table front to back costs SQLite half what hopping through it
        // in position order does (packaging/bench.sh, 100,000 chordsets).
        try fetch(db, where: "", expectedCount: try Int.fetchOne(db, sql: "SELECT count(*) FROM chordset") ?? 0)
    }

    /// The first `limit` chordsets in list order, and the largest position in the store, so
    /// the window can paint before the rest is read (see `ChordsetController.finishLoading`).
    public func loadFirstPage(limit: Int) throws(StoreError) -> (page: [Chordset], maxPosition: Double?) {
        do {
            return try writer.read { db in
                let page = try Self.fetch(db, where: """
                    WHERE c.rowid IN (SELECT rowid FROM chordset ORDER BY position, rowid LIMIT \(max(0, limit)))
                    """, expectedCount: limit)
                return (page, try Double.fetchOne(db, sql: "SELECT max(position) FROM chordset"))
            }
        } catch {
            throw Self.map(error, operation: "read the chordsets", path: path)
        }
    }

    /// Reads chordsets with their chords; the text columns are read once per chordset.
    private static func fetch(_ db: Database, where filter: String, expectedCount: Int) throws -> [Chordset] {
        var loaded: [(rowID: Int64, chordset: Chordset)] = []
        loaded.reserveCapacity(expectedCount)
        let rows = try Row.fetchCursor(db, sql: """
            SELECT c.rowid, c.id, c.title, c.position, c.created_at, c.updated_at, ch.slot, ch.color
            FROM chordset c LEFT JOIN chord ch ON ch.chordset_id = c.id
            \(filter)
            ORDER BY c.rowid
            """)
        var currentRowID: Int64 = -1
        let noChords = [Chord](repeating: Chord(color: Self.missingChordColor), count: Chordset.chordCount)
        var chords = noChords
        var pending: (id: UUID, title: String, position: Double, created: Double, updated: Double)?
        func flush() {
            guard let p = pending else { return }
            loaded.append((currentRowID, Chordset(id: p.id, title: p.title, position: p.position,
                                                  createdAt: Date(timeIntervalSince1970: p.created),
                                                  updatedAt: Date(timeIntervalSince1970: p.updated),
                                                  chords: chords)!))
            chords = noChords
        }
        while let row = try rows.next() {
            let rowID: Int64 = row[0]
            if rowID != currentRowID {
                flush()
                currentRowID = rowID
                let idText: String = row[1]
                pending = (UUID(uuidString: idText) ?? UUID(), row[2], row[3], row[4], row[5])
            }
            if let slot = row[6] as Int?, (0..<Chordset.chordCount).contains(slot) {
                let packed: Int64 = row[7]
                chords[slot] = Chord(color: RGBAColor(packed: UInt32(truncatingIfNeeded: packed)))
            }
        }
        flush()
        // List order: by position, and by age (rowid) where positions tie.
        loaded.sort { ($0.chordset.position, $0.rowID) < ($1.chordset.position, $1.rowID) }
        return loaded.map(\.chordset)
    }

    /// A chord row can only be missing if the file was edited by hand; show it as grey.
    static let missingChordColor = RGBAColor(red: 0x9A, green: 0x99, blue: 0x96)

    /// Number of chordsets and chords in the database.
    public func counts() throws(StoreError) -> (chordsets: Int, chords: Int) {
        do {
            return try writer.read { db in
                (try Int.fetchOne(db, sql: "SELECT count(*) FROM chordset") ?? 0,
                 try Int.fetchOne(db, sql: "SELECT count(*) FROM chord") ?? 0)
            }
        } catch {
            throw Self.map(error, operation: "count the chordsets", path: path)
        }
    }

    /// SQLite's `PRAGMA data_version` on the writer connection: it changes when another
    /// process commits to the file, so the window can merge an import made from a terminal.
    public func dataVersion() throws(StoreError) -> Int {
        do {
            return try writer.writeWithoutTransaction { db in
                try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            }
        } catch {
            throw Self.map(error, operation: "check the database for changes", path: path)
        }
    }

    // MARK: Writing

    /// Writes the pending entries in one transaction and returns the rows written.
    /// On any error nothing is written (the transaction rolls back) and the caller keeps its entries.
    public func write(_ entries: [UUID: PendingChanges.Entry]) throws(StoreError) -> Int {
        do {
            return try writer.writeWithoutTransaction { db in
                var rows = 0
                try db.inTransaction(.immediate) {
                    rows = try Self.apply(entries, in: db)
                    return .commit
                }
                return rows
            }
        } catch {
            throw Self.map(error, operation: "save", path: path)
        }
    }

    static func apply(_ entries: [UUID: PendingChanges.Entry], in db: Database) throws -> Int {
        var rows = 0
        let updateChordset = try db.cachedStatement(sql: """
            UPDATE chordset SET title = ?, position = ?, updated_at = ? WHERE id = ?
            """)
        let insertChordset = try db.cachedStatement(sql: """
            INSERT INTO chordset (id, title, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
            """)
        let upsertChord = try db.cachedStatement(sql: """
            INSERT INTO chord (chordset_id, slot, color) VALUES (?, ?, ?)
            ON CONFLICT(chordset_id, slot) DO UPDATE SET color = excluded.color
            """)
        let deleteChordset = try db.cachedStatement(sql: "DELETE FROM chordset WHERE id = ?")
        for (id, entry) in entries {
            let key = id.uuidString
            switch entry {
            case .delete:
                try deleteChordset.execute(arguments: [key])
                // changesCount does not include the cascade; a chordset always had eight chords.
                rows += db.changesCount * (1 + Chordset.chordCount)
            case .upsert(let chordset, let row, var slots):
                if row {
                    try updateChordset.execute(arguments: [
                        chordset.title, chordset.position, chordset.updatedAt.timeIntervalSince1970, key,
                    ])
                    if db.changesCount == 0 {
                        // New here, or deleted by another process since we loaded it (an edit
                        // brings it back): either way it goes in whole, never short of chords.
                        try insertChordset.execute(arguments: [
                            key, chordset.title, chordset.position,
                            chordset.createdAt.timeIntervalSince1970, chordset.updatedAt.timeIntervalSince1970,
                        ])
                        slots = Set(0..<Chordset.chordCount)
                    }
                    rows += 1
                }
                for slot in slots.sorted() {
                    try upsertChord.execute(arguments: [key, slot, Int64(chordset.color(at: slot).packed)])
                    rows += 1
                }
            }
        }
        return rows
    }

    /// Appends chordsets after the current last one, in one transaction, as an import does.
    /// An id already in the store gets a fresh one, so re-importing an export adds copies.
    /// Returns the chordsets as stored (final ids and positions).
    @discardableResult
    public func append(_ chordsets: [Chordset]) throws(StoreError) -> [Chordset] {
        do {
            return try writer.writeWithoutTransaction { db in
                var stored: [Chordset] = []
                try db.inTransaction(.immediate) {
                    stored = try Self.append(chordsets, in: db)
                    return .commit
                }
                return stored
            }
        } catch {
            throw Self.map(error, operation: "import", path: path)
        }
    }

    static func append(_ chordsets: [Chordset], in db: Database) throws -> [Chordset] {
        let last = try Double.fetchOne(db, sql: "SELECT max(position) FROM chordset") ?? -1
        let exists = try db.cachedStatement(sql: "SELECT 1 FROM chordset WHERE id = ?")
        var entries: [UUID: PendingChanges.Entry] = [:]
        var stored: [Chordset] = []
        stored.reserveCapacity(chordsets.count)
        for (offset, original) in chordsets.enumerated() {
            var chordset = original
            // Taken in the store, or earlier in this same list (a hand-made seed may repeat one).
            if try entries[chordset.id] != nil || Bool.fetchOne(exists, arguments: [chordset.id.uuidString]) ?? false {
                chordset = chordset.withNewID()
            }
            chordset.position = last + 1 + Double(offset)
            entries[chordset.id] = .upsert(chordset, row: true, slots: Set(0..<Chordset.chordCount))
            stored.append(chordset)
        }
        _ = try apply(entries, in: db)
        return stored
    }

    // MARK: Seeding

    /// Runs `makeSeed` and stores its chordsets, once in the life of the database: the
    /// insert and the record that seeding happened share one transaction, so a crash or a
    /// failure leaves neither, and the next launch tries again. Returns how many were
    /// seeded, or nil when the store was already seeded (even if it is empty now).
    @discardableResult
    public func seedIfNeeded(_ makeSeed: () throws -> [Chordset]) throws -> Int? {
        if try isSeeded() { return nil }
        var seeded: Int?
        do {
            try writer.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    // Checked again inside the transaction: another process may have seeded.
                    guard try String.fetchOne(db, sql: "SELECT value FROM app_state WHERE key = ?",
                                              arguments: [StoreSchema.seededKey]) == nil else { return .commit }
                    let chordsets = try makeSeed()
                    seeded = try Self.append(chordsets, in: db).count
                    try db.execute(sql: "INSERT INTO app_state (key, value) VALUES (?, ?)",
                                   arguments: [StoreSchema.seededKey, ISO8601DateFormatter().string(from: Date())])
                    return .commit
                }
            }
        } catch let error as DatabaseError {
            throw Self.map(error, operation: "store the starter chordsets", path: path)
        }
        return seeded
    }

    public func isSeeded() throws(StoreError) -> Bool {
        do {
            return try writer.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM app_state WHERE key = ?",
                                    arguments: [StoreSchema.seededKey]) != nil
            }
        } catch {
            throw Self.map(error, operation: "read the database", path: path)
        }
    }

    // MARK: Errors

    static func map(_ error: any Error, operation: String, path: String?) -> StoreError {
        if let error = error as? StoreError { return error }
        let where_ = path ?? "the in-memory database"
        guard let error = error as? DatabaseError else {
            return .failed(operation: operation, reason: describe(error))
        }
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return .unreadable(path: where_, reason: "it is not an SQLite database")
        case .SQLITE_CORRUPT:
            return .unreadable(path: where_, reason: "the file is damaged (\(error.message ?? "corrupt"))")
        case .SQLITE_FULL:
            return .diskFull(path: where_)
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            // SQLite says "unable to open database file"; the system can say why.
            let reason = path.flatMap(writeProblem(at:)) ?? error.message ?? "permission denied"
            return .notWritable(path: where_, reason: reason)
        case .SQLITE_IOERR:
            if error.extendedResultCode == .SQLITE_IOERR_SHORT_READ {
                return .unreadable(path: where_, reason: "the file is truncated")
            }
            return .notWritable(path: where_, reason: "input/output error (\(error.message ?? "I/O error"))")
        default:
            return .failed(operation: operation, reason: error.message ?? "\(error.resultCode)")
        }
    }

    /// Why the database file, or the folder it goes in, cannot be written ("Read-only file
    /// system", "Permission denied"), or nil when both can.
    static func writeProblem(at path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        for candidate in [path, folder] where access(candidate, F_OK) == 0 {
            if access(candidate, W_OK) != 0 { return String(cString: strerror(errno)) }
        }
        return nil
    }

    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        // Foundation on Linux often gives no underlying errno, and its own sentences end in a
        // full stop that the message adds again; name the usual causes as the system does.
        let errno: Int32? = switch (error as? CocoaError)?.code {
        case .fileWriteVolumeReadOnly?: EROFS
        case .fileWriteNoPermission?, .fileReadNoPermission?: EACCES
        case .fileWriteOutOfSpace?: ENOSPC
        default: nil
        }
        if let errno { return String(cString: strerror(errno)) }
        var text = nsError.localizedDescription
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

extension Chordset {
    /// The same chordset under a fresh id (for imports that collide with a stored one).
    func withNewID() -> Chordset {
        Chordset(title: title, position: position, createdAt: createdAt, updatedAt: updatedAt, chords: chords)!
    }
}
