import Foundation
import GRDB

/// This machine's sync settings as the store keeps them.
public struct SyncSettings: Sendable, Equatable {
    /// The folder shared between machines; nil when sync is off.
    public var folder: String?
    public var device: String
    /// This machine's name as other machines show it; nil until chosen (the host name is shown).
    public var name: String?
}

/// What a round needs from the store before it touches files.
struct SyncRoundStart: Sendable {
    var device: String
    var published: Int
    var needsSnapshot: Bool
    /// The device id was made on another computer (a copied home): a new one was taken.
    var tookNewDeviceID = false
}

/// One file's new lines, read by a round, to be merged.
struct ReadBatch: Sendable {
    var device: String
    var file: String
    /// Bytes of the file read (whole lines) once this batch is merged.
    var readThrough: Int
    var operations: [SyncOperation]
}

/// What merging a round's batches did.
struct MergeOutcome: Sendable {
    var applied = 0
    /// Operations too far in the future, kept for a later round.
    var deferred = 0
    /// Chordsets whose stored contents may have changed (for the open window).
    var changedChordsets = Set<UUID>()
}

/// Sync's reads and writes of the store: settings, the outbox, what was read from whom, and
/// merging other devices' operations. Each is one transaction.
extension ChordsetStore {
    /// A read, so the window's poll never takes the write lock while sync is off; only a
    /// database without a device id yet (made by the migration, so rarely) is written.
    public func syncSettings() throws(StoreError) -> SyncSettings {
        do {
            let read = try writer.read { db -> SyncSettings? in
                guard let device = try SyncTables.state(SyncTables.deviceKey, db), DeviceID.isValid(device) else { return nil }
                return SyncSettings(folder: try SyncTables.state(SyncTables.folderKey, db), device: device,
                                    name: try SyncTables.state(SyncTables.nameKey, db))
            }
            if let read { return read }
        } catch {
            throw Self.map(error, operation: "read the sync settings", path: path)
        }
        return try syncTransaction("read the sync settings") { db in
            SyncSettings(folder: try SyncTables.state(SyncTables.folderKey, db), device: try SyncTables.device(db),
                         name: try SyncTables.state(SyncTables.nameKey, db))
        }
    }

    /// Chooses the sync folder (nil: stop syncing). Choosing another folder gives this
    /// database a new device id there (nothing of the old folder is assumed to be in the new
    /// one) and publishes the whole list as a snapshot on the next round; stopping drops what
    /// was waiting to be published (the next folder gets a snapshot instead).
    public func setSyncFolder(_ folder: String?) throws(StoreError) {
        try syncTransaction("save the sync folder") { db in
            let current = try SyncTables.state(SyncTables.folderKey, db)
            guard current != folder else { return }
            try SyncTables.setState(SyncTables.folderKey, folder, db)
            try db.execute(sql: "DELETE FROM sync_outbox")
            if folder != nil {
                if current != nil { try Self.takeNewDeviceID(db) }
                try db.execute(sql: "DELETE FROM sync_read")
                try SyncTables.setState(SyncTables.snapshotKey, "1", db)
                try SyncTables.setState(SyncTables.publishedKey, nil, db)
            }
        }
    }

    public func setSyncName(_ name: String?) throws(StoreError) {
        let cleaned = name?.trimmingCharacters(in: .whitespacesAndNewlines)
        try syncTransaction("save this machine's name") { db in
            try SyncTables.setState(SyncTables.nameKey, cleaned?.isEmpty == false ? cleaned : nil, db)
        }
    }

    /// A new device id: for a copied home, a restored backup, or a new folder. The old id's
    /// files stay in the folder and are read like any other device's, so nothing they hold is
    /// lost; the new id starts with a snapshot of everything this database holds.
    static func takeNewDeviceID(_ db: Database) throws {
        let device = DeviceID.random()
        try SyncTables.setState(SyncTables.deviceKey, device, db)
        let clock = try SyncTables.clock(db)
        try SyncTables.saveClock(HybridClock(last: Stamp(milliseconds: clock.last.milliseconds, counter: clock.last.counter,
                                                         device: device), device: device), db)
        try SyncTables.setState(SyncTables.publishedKey, nil, db)
        try SyncTables.setState(SyncTables.snapshotKey, "1", db)
        try db.execute(sql: "DELETE FROM sync_outbox")
    }

    /// Checks the machine: a device id made on another machine (a copied home) is replaced.
    func startSyncRound(machine: String) throws(StoreError) -> SyncRoundStart {
        try syncTransaction("start a sync round") { db in
            let recorded = try SyncTables.state(SyncTables.machineKey, db)
            let copied = recorded != nil && recorded != machine
            if copied { try Self.takeNewDeviceID(db) }
            if recorded != machine { try SyncTables.setState(SyncTables.machineKey, machine, db) }
            return SyncRoundStart(device: try SyncTables.device(db),
                                  published: Int(try SyncTables.state(SyncTables.publishedKey, db) ?? "") ?? 0,
                                  needsSnapshot: try SyncTables.state(SyncTables.snapshotKey, db) != nil,
                                  tookNewDeviceID: copied)
        }
    }

    /// The own files do not match the database (a restored backup, or another machine with
    /// this id): take a new id.
    func abandonDeviceID() throws(StoreError) {
        try syncTransaction("take a new device id") { db in try Self.takeNewDeviceID(db) }
    }

    func requestSnapshot() throws(StoreError) {
        try syncTransaction("plan a snapshot") { db in try SyncTables.setState(SyncTables.snapshotKey, "1", db) }
    }

    /// Registers the rows imported while nothing was published (`UnregisteredRows`), in one
    /// transaction; a read first, so a round takes no write lock when there are none.
    func registerUnregisteredRows(now: Date) throws(StoreError) {
        do {
            guard try writer.read(UnregisteredRows.arePending) else { return }
        } catch {
            throw Self.map(error, operation: "read the sync settings", path: path)
        }
        _ = try syncTransaction("register imported chordsets for sync") { db in try UnregisteredRows.register(db, now: now) }
    }

    /// The oldest `limit` outbox lines and the outbox sequence of the last one.
    func outboxBatch(limit: Int) throws(StoreError) -> (through: Int64, lines: [String])? {
        try syncTransaction("read the outbox") { db in
            let rows = try Row.fetchAll(db, sql: "SELECT seq, line FROM sync_outbox ORDER BY seq LIMIT ?", arguments: [limit])
            guard let last = rows.last else { return nil }
            return (last["seq"], rows.map { $0["line"] })
        }
    }

    /// Every register as operations: a snapshot of everything this database knows, and the
    /// last outbox line it covers (a save that commits after this read is published later).
    func snapshotLines() throws(StoreError) -> (lines: [String], outboxThrough: Int64) {
        do {
            return try writer.read { db in
                let through = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM sync_outbox") ?? 0
                var lines: [String] = []
                let rows = try Row.fetchCursor(db, sql: "SELECT key, body FROM sync_register ORDER BY key")
                while let row = try rows.next() {
                    guard let key = SyncRecordKey(Substring(row[0] as String)),
                          let registers = Registers(encoded: row[1]) else { continue }
                    for operation in registers.operations(for: key) { lines.append(ChangeLine.encode(operation)) }
                }
                return (lines, through)
            }
        } catch {
            throw Self.map(error, operation: "read the sync registers", path: path)
        }
    }

    /// The file `sequence` was written: drop the outbox lines it holds (through `outbox`, or
    /// all of them for a snapshot) in the same transaction that records it as published.
    func markPublished(sequence: Int, outboxThrough outbox: Int64?, snapshot: Bool) throws(StoreError) {
        try syncTransaction("record what was published") { db in
            if let outbox { try db.execute(sql: "DELETE FROM sync_outbox WHERE seq <= ?", arguments: [outbox]) }
            if snapshot { try SyncTables.setState(SyncTables.snapshotKey, nil, db) }
            try SyncTables.setState(SyncTables.publishedKey, String(sequence), db)
        }
    }

    /// How many bytes of each of the device's files were read.
    func readOffsets(of device: String) throws(StoreError) -> [String: Int] {
        try syncTransaction("read the sync offsets") { db in
            var offsets: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT file, bytes FROM sync_read WHERE device = ?", arguments: [device]) {
                offsets[row["file"]] = row["bytes"]
            }
            return offsets
        }
    }

    /// Forgets offsets of files that are gone (compacted away): should one come back, it is
    /// read again, which merging makes harmless.
    func forgetOffsets(of device: String, except files: Set<String>) throws(StoreError) {
        try syncTransaction("tidy the sync offsets") { db in
            for file in try String.fetchAll(db, sql: "SELECT file FROM sync_read WHERE device = ?", arguments: [device])
            where !files.contains(file) {
                try db.execute(sql: "DELETE FROM sync_read WHERE device = ? AND file = ?", arguments: [device, file])
            }
        }
    }

    /// Merges other devices' operations (and those deferred earlier) into the registers and
    /// the tables, and records how far each file was read, in one transaction. Operations
    /// stamped more than `HybridClock.maximumLead` ahead of `now` are deferred.
    func merge(_ batches: [ReadBatch], now: Date) throws(StoreError) -> MergeOutcome {
        try syncTransaction("merge other machines' changes") { db in
            var outcome = MergeOutcome()
            var clock = try SyncTables.clock(db)
            var touched: [SyncRecordKey: Registers] = [:]
            var order: [SyncRecordKey] = []
            func take(_ received: SyncOperation) throws -> Bool {
                if HybridClock.isTooFarAhead(received.stamp, now: now) { return false }
                var operation = received
                // A delete that came from another machine is known there: retired for good.
                if operation.isTombstone { operation.fields[SyncField.deleted] = SyncField.deletedEverywhere }
                var registers = try touched[operation.key] ?? SyncTables.registers(operation.key, db)
                // Only records whose registers changed are written (a duplicate costs a read).
                if registers.merge(operation) {
                    if touched[operation.key] == nil { order.append(operation.key) }
                    touched[operation.key] = registers
                }
                clock.observe(operation.stamp)
                outcome.applied += 1
                return true
            }
            for line in try String.fetchAll(db, sql: "SELECT line FROM sync_pending") {
                guard case let .success(operation) = ChangeLine.decode(line.dropLast()) else { continue }
                if try take(operation) { try db.execute(sql: "DELETE FROM sync_pending WHERE line = ?", arguments: [line]) }
            }
            for batch in batches {
                for operation in batch.operations where try !take(operation) {
                    try db.execute(sql: "INSERT OR IGNORE INTO sync_pending (line) VALUES (?)",
                                   arguments: [ChangeLine.encode(operation)])
                    outcome.deferred += 1
                }
                try db.execute(sql: """
                    INSERT INTO sync_read (device, file, bytes) VALUES (?, ?, ?)
                    ON CONFLICT(device, file) DO UPDATE SET bytes = excluded.bytes
                    """, arguments: [batch.device, batch.file, batch.readThrough])
            }
            // Chordsets before lumis, so a lumi finds its chord.
            let sorted = order.filter { if case .chordset = $0 { true } else { false } }
                + order.filter { if case .lumi = $0 { true } else { false } }
            for key in sorted {
                let registers = touched[key]!
                try SyncTables.save(registers, of: key, db)
                outcome.changedChordsets.formUnion(try StoredRecords.materialize(key, registers, db))
            }
            try SyncTables.saveClock(clock, db)
            return outcome
        }
    }

    private func syncTransaction<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try writer.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch {
            throw Self.map(error, operation: operation, path: path)
        }
    }
}
