import Foundation
import GRDB

/// The chordsets on disk, or in memory (`inMemory()`, a store that lasts as long as the process). Owns the database connection and
/// the migrator; SQL lives here and nowhere else.
///
/// Every connection has foreign keys on, `synchronous=FULL`, and a busy timeout so a
/// second writer (`imager --import` while the window is open) waits instead of failing.
/// A file store is a WAL-mode `DatabasePool`.
public final class ChordsetStore: Sendable {
    /// nil for an in-memory store.
    public let path: String?
    let writer: any DatabaseWriter
    /// The wall clock that stamps this store's edits for sync; given, so the merge rules can be
    /// checked with machines whose clocks disagree.
    let now: @Sendable () -> Date

    private init(path: String?, writer: any DatabaseWriter, now: @escaping @Sendable () -> Date = Date.init) {
        self.path = path
        self.writer = writer
        self.now = now
    }

    // MARK: Opening

    /// Opens (creating if needed) the database at `url` and migrates it.
    /// An unreadable file, or one written by a newer Imager, is reported and left untouched.
    public static func open(at url: URL, now: @escaping @Sendable () -> Date = Date.init) throws(StoreError) -> ChordsetStore {
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
            do {
                try StoreSchema.migrator.migrate(pool)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                // Another process (an import started with a sync round, on a database of an
                // older version) ran the same migration first: ours was rolled back whole, and
                // a second look finds it done.
                try StoreSchema.migrator.migrate(pool)
            }
            return ChordsetStore(path: path, writer: pool, now: now)
        } catch {
            throw map(error, operation: "open the database", path: path)
        }
    }

    /// Opens a database this version may only look at (one written by a newer Imager):
    /// read-only, no migration, so not one byte of the file changes. Loading may still fail
    /// if the newer version changed the tables.
    public static func openReadOnly(at url: URL) throws(StoreError) -> ChordsetStore {
        do {
            var config = configuration()
            config.readonly = true
            return ChordsetStore(path: url.path, writer: try DatabaseQueue(path: url.path, configuration: config))
        } catch {
            throw map(error, operation: "open the database", path: url.path)
        }
    }

    /// A second, independent connection to the same file, for long work on another thread
    /// (an import): its transaction and the window's saves meet as two SQLite writers, and
    /// the window's save finds a lock it can wait out rather than a queue that blocks it.
    /// An in-memory store has only itself.
    public func openAnotherConnection() throws(StoreError) -> ChordsetStore {
        guard let path else { return self }
        return try Self.open(at: URL(fileURLWithPath: path), now: now)
    }

    /// Whether a write waits (up to 10 s) for another program that is writing, or fails at
    /// once with `.busy`. The window never waits: its main loop must not freeze, so it tries
    /// again a moment later. The command line waits.
    public func waitsForOtherWriters(_ waits: Bool) throws(StoreError) {
        do {
            try writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA busy_timeout = \(waits ? Self.busyTimeoutMilliseconds : 0)")
            }
        } catch {
            throw Self.map(error, operation: "open the database", path: path)
        }
    }

    static let busyTimeoutMilliseconds = 10_000

    /// A private database in memory, like the original app's `inMemory` option.
    public static func inMemory(now: @escaping @Sendable () -> Date = Date.init) -> ChordsetStore {
        do {
            let queue = try DatabaseQueue(configuration: configuration())
            try StoreSchema.migrator.migrate(queue)
            return ChordsetStore(path: nil, writer: queue, now: now)
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

    /// The page cache of each reading connection, KiB (SQLite's default is 2,000, which the
    /// writer keeps). A reader reads the list front to back once, at launch, or one
    /// chordset's lumis through two indexes; neither comes back to many pages, and the
    /// system's file cache holds the file anyway. With SQLite's default, the window's peak
    /// memory after scrolling through 100,000 chordsets with 2.4 million lumis is about
    /// 2 MiB higher (docs/benchmark.md, "The list's memory").
    static let readerCacheKiB = 512

    private static func configuration() -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(Double(busyTimeoutMilliseconds) / 1000)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            if db.configuration.readonly { try db.execute(sql: "PRAGMA cache_size = -\(readerCacheKiB)") }
        }
        return config
    }

    // MARK: Reading

    /// Every chordset with its eight chords, in list order. Rows that cannot be read are
    /// left out here; `load()` reports them.
    public func loadAll() throws(StoreError) -> [Chordset] {
        try load().chordsets
    }

    /// Every readable chordset in list order, and the rows that could not be read. Such a
    /// row is never guessed at, given a new id or crashed on: it stays in the file as it is.
    public func load() throws(StoreError) -> LoadedChordsets {
        do {
            return try writer.read { db in try Self.fetchAll(db) }
        } catch {
            throw Self.map(error, operation: "read the chordsets", path: path)
        }
    }

    /// The chordsets with these ids that the store holds (readable ones), in no set order:
    /// what a sync round changed, for the open window.
    public func load(ids: Set<UUID>) throws(StoreError) -> [Chordset] {
        guard !ids.isEmpty else { return [] }
        // UUID strings are hex digits and dashes only: safe to write into the SQL.
        let list = ids.map { "'\($0.uuidString)'" }.joined(separator: ",")
        do {
            return try writer.read { db in try Self.fetch(db, where: "WHERE c.id IN (\(list))", expectedCount: ids.count).chordsets }
        } catch {
            throw Self.map(error, operation: "read the chordsets", path: path)
        }
    }

    static func fetchAll(_ db: Database) throws -> LoadedChordsets {
        // One pass over a join in table order, then the list order is a sort in memory:
        // walking the chordset table front to back costs SQLite half what hopping through it
        // in position order does (packaging/bench.sh, 100,000 chordsets).
        try fetch(db, where: "", expectedCount: try Int.fetchOne(db, sql: "SELECT count(*) FROM chordset") ?? 0)
    }

    /// The first `limit` chordsets in list order, and the largest position in the store, so
    /// the window can paint before the rest is read (see `ChordsetController.finishLoading`).
    public func loadFirstPage(limit: Int) throws(StoreError) -> (page: LoadedChordsets, maxPosition: Double?) {
        do {
            return try writer.read { db in
                let page = try Self.fetch(db, where: """
                    WHERE c.rowid IN (SELECT rowid FROM chordset ORDER BY position, id LIMIT \(max(0, limit)))
                    """, expectedCount: limit)
                return (page, try Double.fetchOne(db, sql: "SELECT max(position) FROM chordset"))
            }
        } catch {
            throw Self.map(error, operation: "read the chordsets", path: path)
        }
    }

    /// Reads chordsets with their chords; the text columns are read once per chordset.
    /// Every value is checked for its type (a hand-edited or damaged file may hold anything),
    /// so a bad row is reported, never trapped on.
    private static func fetch(_ db: Database, where filter: String, expectedCount: Int) throws -> LoadedChordsets {
        var loaded: [Chordset] = []
        loaded.reserveCapacity(expectedCount)
        var unreadable: [UnreadableRow] = []
        let rows = try Row.fetchCursor(db, sql: """
            SELECT c.rowid, c.id, c.title, c.position, c.created_at, c.updated_at, ch.slot, ch.color
            FROM chordset c LEFT JOIN chord ch ON ch.chordset_id = c.id
            \(filter)
            ORDER BY c.rowid
            """)
        var currentRowID: Int64?
        let noChords = Chords(repeating: Chord(color: Self.missingChordColor))
        var chords = noChords
        var pending: (id: UUID, title: String, position: Double, created: Double, updated: Double)?
        func flush() {
            if let p = pending {
                loaded.append(Chordset(id: p.id, title: p.title, position: p.position,
                                       createdAt: Date(timeIntervalSince1970: p.created),
                                       updatedAt: Date(timeIntervalSince1970: p.updated), chords: chords))
            }
            chords = noChords
            pending = nil
        }
        while let row = try rows.next() {
            let rowID = Int64.fromDatabaseValue(row[0]) ?? -1
            if rowID != currentRowID {
                flush()
                currentRowID = rowID
                switch readChordsetColumns(row) {
                case let .success(columns): pending = columns
                case let .failure(problem): unreadable.append(UnreadableRow(rowID: rowID, reason: problem))
                }
            }
            guard pending != nil else { continue }
            if let slot = Int.fromDatabaseValue(row[6]), (0..<Chordset.chordCount).contains(slot),
               let packed = Int64.fromDatabaseValue(row[7]) {
                chords[slot] = Chord(color: RGBAColor(packed: UInt32(truncatingIfNeeded: packed)))
            }
        }
        flush()
        loaded.sort(by: Chordset.listOrder)
        return LoadedChordsets(chordsets: loaded, unreadable: unreadable)
    }

    private static func readChordsetColumns(_ row: Row)
        -> Result<(id: UUID, title: String, position: Double, created: Double, updated: Double), UnreadableRow.Problem> {
        guard let idText = String.fromDatabaseValue(row[1]), let id = UUID(text: idText) else {
            return .failure(.id(String(describing: row[1] as DatabaseValue).prefix(60).description))
        }
        guard let title = String.fromDatabaseValue(row[2]) else { return .failure(.column("title")) }
        guard let position = Double.fromDatabaseValue(row[3]), position.isFinite else { return .failure(.column("position")) }
        guard let created = Double.fromDatabaseValue(row[4]), created.isFinite else { return .failure(.column("created_at")) }
        guard let updated = Double.fromDatabaseValue(row[5]), updated.isFinite else { return .failure(.column("updated_at")) }
        return .success((id, title, position, created, updated))
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

    // MARK: Seeding

    /// Runs `makeSeed` and stores its chordsets, once in the life of the database: the
    /// insert and the record that seeding happened share one transaction, so a crash or a
    /// failure leaves neither, and the next launch tries again. Returns how many were
    /// seeded, or nil when the store was already seeded (even if it is empty now).
    @discardableResult
    public func seedIfNeeded(_ makeSeed: () throws -> [Chordset]) throws -> Int? {
        try seedIfNeeded { () throws -> ChordsetsWithLumis in ChordsetsWithLumis(try makeSeed()) }
    }

    @discardableResult
    public func seedIfNeeded(_ makeSeed: () throws -> ChordsetsWithLumis) throws -> Int? {
        if try isSeeded() { return nil }
        var seeded: Int?
        do {
            try writer.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    // Checked again inside the transaction: another process may have seeded.
                    guard try String.fetchOne(db, sql: "SELECT value FROM app_state WHERE key = ?",
                                              arguments: [StoreSchema.seededKey]) == nil else { return .commit }
                    let chordsets = try makeSeed()
                    seeded = try Self.append(chordsets, in: db, asSeed: true).count
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
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .busy(path: where_)
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
