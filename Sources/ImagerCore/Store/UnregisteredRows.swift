import Foundation
import GRDB

/// Rows an import stored while no sync folder was chosen, registered for sync later.
///
/// Registers (`sync_register`) are what sync merges and publishes; for an import they weigh
/// twice the rows themselves (a lumi's register restates the whole lumi), and writing them
/// made an import of 100,000 chordsets with lumis several times slower than its rows. While
/// nothing is published they are not needed yet: an import then stores only its rows and
/// marks the store (`flagKey`), and the first sync round registers every row whose registers
/// are missing or say something else, as if it had been imported at that moment, before it
/// publishes a snapshot. Edits of imported rows made meanwhile record their fields as usual;
/// registration fills in the rest.
enum UnregisteredRows {
    static let flagKey = "sync.unregistered-rows"

    static func mark(_ db: Database) throws {
        try SyncTables.setState(flagKey, "1", db)
    }

    static func arePending(_ db: Database) throws -> Bool {
        try SyncTables.state(flagKey, db) != nil
    }

    /// Registers what is missing, at fresh stamps of this device, and asks for a snapshot
    /// (which carries them: nothing goes to the outbox). Returns the records registered.
    @discardableResult
    static func register(_ db: Database, now: Date) throws -> Int {
        guard try arePending(db) else { return 0 }
        var clock = try SyncTables.clock(db)
        var registered = 0
        func fill(_ key: SyncRecordKey, _ fields: [String: String]) throws {
            var registers = try SyncTables.registers(key, db)
            if registers.isDeleted { return }
            let missing = fields.filter { registers[$0.key] != $0.value }
            guard !missing.isEmpty else { return }
            registers.merge(SyncOperation(key: key, stamp: clock.tick(now: now), fields: missing))
            try SyncTables.save(registers, of: key, db)
            registered += 1
        }
        try StoredRecords.forEveryRecord(db) { key, fields, _ in try fill(key, fields) }
        try SyncTables.saveClock(clock, db)
        try SyncTables.setState(SyncTables.snapshotKey, "1", db)
        try SyncTables.setState(flagKey, nil, db)
        return registered
    }
}
