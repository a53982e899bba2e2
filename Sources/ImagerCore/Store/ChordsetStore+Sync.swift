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
    /// The first few fields or operations refused (`SyncAdmission`), and how many in all.
    var refusals: [MergeRefusal] = []
    var refusedCount = 0
    /// The waiting set was full: the batch's read offset was not recorded, so its file is
    /// read again by a later round.
    var heldBack = false

    mutating func refuse(_ refusal: MergeRefusal) {
        refusedCount += 1
        if refusals.count < SyncSummary.refusalExamples { refusals.append(refusal) }
    }
}

/// A field or an operation of another machine that was refused, and the file it was in.
struct MergeRefusal: Sendable {
    var device: String
    var file: String
    var key: SyncRecordKey
    var refusal: SyncAdmission.Refusal
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

    /// Merges other devices' operations into the registers and the tables, first those that
    /// waited for their time and are due now. Each operation is admitted field by field
    /// (`SyncAdmission`); one stamped more than `HybridClock.maximumLead` ahead of `now` waits
    /// in `sync_pending`, one more than `HybridClock.maximumWait` ahead is refused. Each batch
    /// is one transaction with its read offset, and the waiting lines are applied in pieces
    /// of their own, so no transaction grows with what waits and an import or a save from
    /// the window gets its turn between them.
    func merge(_ batches: [ReadBatch], now: Date) throws(StoreError) -> MergeOutcome {
        var outcome = MergeOutcome()
        outcome.changedChordsets = try applyWaiting(now: now)
        for batch in batches {
            try syncTransaction("merge other machines' changes") { db in
                var merge = try RegisterMerge(db)
                var heldBack = false
                var room = SyncTables.maximumWaiting - (try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_pending") ?? 0)
                func refuse(_ key: SyncRecordKey, _ refusal: SyncAdmission.Refusal) {
                    outcome.refuse(MergeRefusal(device: batch.device, file: batch.file, key: key, refusal: refusal))
                }
                for operation in batch.operations {
                    let (admitted, refused) = SyncAdmission.admit(operation)
                    for refusal in refused { refuse(operation.key, refusal) }
                    guard let admitted else { continue }
                    if HybridClock.isBeyondWaiting(admitted.stamp, now: now) {
                        refuse(operation.key, .tooFarAhead(admitted.stamp))
                    } else if HybridClock.isTooFarAhead(admitted.stamp, now: now) {
                        guard room > 0 else {
                            // The waiting set is full: this file is read again, from where it
                            // was, by a later round (merging what it applies again is harmless).
                            heldBack = true
                            continue
                        }
                        try db.execute(sql: "INSERT OR IGNORE INTO sync_pending (line, due) VALUES (?, ?)", arguments: [
                            ChangeLine.encode(admitted), HybridClock.text(milliseconds: admitted.stamp.milliseconds)])
                        room -= db.changesCount
                        outcome.deferred += 1
                    } else if let refusal = try merge.take(admitted) {
                        refuse(operation.key, refusal)
                    }
                }
                outcome.heldBack = outcome.heldBack || heldBack
                if !heldBack {
                    try db.execute(sql: """
                        INSERT INTO sync_read (device, file, bytes) VALUES (?, ?, ?)
                        ON CONFLICT(device, file) DO UPDATE SET bytes = excluded.bytes
                        """, arguments: [batch.device, batch.file, batch.readThrough])
                }
                outcome.applied += merge.applied
                outcome.changedChordsets.formUnion(try merge.finish())
            }
        }
        return outcome
    }

    /// Applies the lines that waited and are due now, `waitingPiece` per transaction. Lines
    /// now more than `HybridClock.maximumWait` ahead (this computer's clock was set back) are
    /// dropped, as they would be refused now: nothing waits longer than that.
    private func applyWaiting(now: Date) throws(StoreError) -> Set<UUID> {
        let due = HybridClock.text(milliseconds: HybridClock.milliseconds(now) &+ HybridClock.maximumLead)
        let beyond = HybridClock.text(milliseconds: HybridClock.milliseconds(now) &+ HybridClock.maximumWait)
        var changed = Set<UUID>()
        // A read first: most rounds have nothing waiting, and take no write lock for it.
        do {
            guard try writer.read({ db in
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_pending WHERE due <= ? OR due > ?)",
                                  arguments: [due, beyond]) ?? false
            }) else { return changed }
        } catch {
            throw Self.map(error, operation: "read the changes waiting for their time", path: path)
        }
        // In pieces too (at most `maximumWaiting` lines, but the lock is never held for long).
        while try syncTransaction("drop changes stamped too far ahead", { db -> Bool in
            try db.execute(sql: """
                DELETE FROM sync_pending WHERE line IN (SELECT line FROM sync_pending WHERE due > ? LIMIT ?)
                """, arguments: [beyond, SyncTables.tidyPiece])
            return db.changesCount > 0
        }) {}
        while true {
            let (count, piece) = try syncTransaction("apply changes that waited for their time") { db -> (Int, Set<UUID>) in
                var merge = try RegisterMerge(db)
                let lines = try String.fetchAll(db, sql: "SELECT line FROM sync_pending WHERE due <= ? ORDER BY due LIMIT ?",
                                                arguments: [due, SyncTables.waitingPiece])
                for line in lines {
                    guard case let .success(operation) = ChangeLine.decode(line.dropLast()),
                          let admitted = SyncAdmission.admit(operation).admitted,
                          !HybridClock.isBeyondWaiting(admitted.stamp, now: now) else {
                        try db.execute(sql: "DELETE FROM sync_pending WHERE line = ?", arguments: [line])
                        continue
                    }
                    if HybridClock.isTooFarAhead(admitted.stamp, now: now) {
                        // Its due time was wrong: set it from the stamp, and it waits on.
                        try db.execute(sql: "UPDATE sync_pending SET due = ? WHERE line = ?", arguments: [
                            HybridClock.text(milliseconds: admitted.stamp.milliseconds), line])
                        continue
                    }
                    try db.execute(sql: "DELETE FROM sync_pending WHERE line = ?", arguments: [line])
                    _ = try merge.take(admitted)
                }
                return (lines.count, try merge.finish())
            }
            changed.formUnion(piece)
            if count < SyncTables.waitingPiece { return changed }
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
