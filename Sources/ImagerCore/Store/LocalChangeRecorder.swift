import Foundation
import GRDB

/// Turns the writes of one save or import into sync operations, inside the same
/// transaction: each is stamped by this device's clock, merged into the record's registers,
/// and (when a sync folder is chosen) appended to the outbox. The edit and its "to be
/// published" row commit together or not at all, so a `kill -9` at any moment publishes
/// each change exactly once.
struct LocalChangeRecorder {
    private let db: Database
    private let now: Date
    private var clock: HybridClock
    private let publishing: Bool

    init(_ db: Database, now: Date) throws {
        self.db = db
        self.now = now
        clock = try SyncTables.clock(db)
        publishing = try SyncTables.isPublishing(db)
    }

    /// The fields of each record as stored, before the write.
    static func snapshot(_ keys: [SyncRecordKey], _ db: Database) throws -> [SyncRecordKey: [String: String]] {
        var before: [SyncRecordKey: [String: String]] = [:]
        for key in keys { before[key] = try StoredRecords.fields(of: key, db) }
        return before
    }

    /// Compares each record with what it was before the write and records what changed: all
    /// fields of a new record, the changed ones of an edited one, a tombstone for a deleted
    /// chordset, set list or set-list entry, and `gone` for a removed lumi.
    mutating func recordDifferences(from before: [SyncRecordKey: [String: String]], keys: [SyncRecordKey]) throws {
        for key in keys {
            let after = try StoredRecords.fields(of: key, db)
            let old = before[key] ?? nil
            var fields: [String: String] = [:]
            switch (old, after) {
            case (nil, nil): continue
            case (_?, nil):
                if case .lumi = key { fields[SyncField.lumi] = SyncField.goneLumi } else { fields[SyncField.deleted] = publishing ? SyncField.deletedEverywhere : SyncField.deletedHere }
            case let (nil, new?): fields = new
            case let (old?, new?):
                for (name, value) in new where old[name] != value { fields[name] = value }
            }
            if fields.isEmpty { continue }
            try record(key, fields: fields)
        }
    }

    /// Records one operation at a fresh stamp (or at `stamp`: the seed's). `unseen`: the
    /// record's id was made in this transaction, so it has no registers to read (an import's
    /// lumis, millions of them).
    mutating func record(_ key: SyncRecordKey, fields: [String: String], stamp: Stamp? = nil, unseen: Bool = false) throws {
        let operation = SyncOperation(key: key, stamp: stamp ?? clock.tick(now: now), fields: fields)
        var registers = unseen ? Registers() : try SyncTables.registers(key, db)
        registers.merge(operation)
        try SyncTables.save(registers, of: key, db)
        if publishing { try SyncTables.enqueue(operation, db) }
    }

    func finish() throws {
        try SyncTables.saveClock(clock, db)
    }

    /// Whether the chordset's id is retired for good: its delete may be known to another
    /// machine (it was made while syncing, came from another machine, or a sync folder is
    /// chosen now, so a snapshot carries it). A delete that never left this machine is not:
    /// its tombstone is dropped, so undo (or an import) brings the chordset back under its
    /// own id, as before sync existed.
    static func isRetiredForGood(_ id: UUID, _ db: Database) throws -> Bool {
        try isRetiredForGood(.chordset(id), db)
    }

    /// The same for any record with a tombstone (a set list's).
    static func isRetiredForGood(_ key: SyncRecordKey, _ db: Database) throws -> Bool {
        let registers = try SyncTables.registers(key, db)
        guard registers.isDeleted else { return false }
        let publishing = try SyncTables.isPublishing(db)
        if registers[SyncField.deleted] != SyncField.deletedHere || publishing { return true }
        try SyncTables.forget(key, db)
        return false
    }
}
