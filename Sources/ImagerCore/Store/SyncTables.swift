import Foundation
import GRDB

/// The SQL of sync's own tables (created by the `v3-sync` migration), used inside the
/// transactions of saves, imports and sync rounds. Nothing here touches files.
enum SyncTables {
    static let deviceKey = "sync.device"
    static let clockKey = "sync.clock"
    static let folderKey = "sync.folder"
    static let nameKey = "sync.name"
    /// The sequence number of the last change file this device wrote.
    static let publishedKey = "sync.published"
    /// The machine (`/etc/machine-id`) the device id was made on: another one means a copied home.
    static let machineKey = "sync.machine"
    /// Set when the folder is chosen or the device id changes: the next round writes the
    /// whole merged state as a snapshot instead of the outbox.
    static let snapshotKey = "sync.needs-snapshot"
    /// The most lines that wait for their time (`sync_pending`): about 15 MB. Beyond it, the
    /// file holding more is read again by later rounds instead, so nothing is lost and
    /// nothing grows without bound.
    static let maximumWaiting = 50_000
    /// Waiting lines applied per transaction.
    static let waitingPiece = 2_000
    /// Waiting lines dropped per transaction.
    static let tidyPiece = 20_000

    static func state(_ key: String, _ db: Database) throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM app_state WHERE key = ?"), arguments: [key])
    }

    static func setState(_ key: String, _ value: String?, _ db: Database) throws {
        if let value {
            try db.cachedStatement(sql: """
                INSERT INTO app_state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """).execute(arguments: [key, value])
        } else {
            try db.cachedStatement(sql: "DELETE FROM app_state WHERE key = ?").execute(arguments: [key])
        }
    }

    /// This database's device id, made on first use.
    static func device(_ db: Database) throws -> String {
        if let device = try state(deviceKey, db), DeviceID.isValid(device) { return device }
        let device = DeviceID.random()
        try setState(deviceKey, device, db)
        return device
    }

    static func clock(_ db: Database) throws -> HybridClock {
        let device = try device(db)
        let last = try state(clockKey, db).flatMap { Stamp(Substring($0)) } ?? Stamp(milliseconds: 0, counter: 0, device: device)
        return HybridClock(last: last, device: device)
    }

    static func saveClock(_ clock: HybridClock, _ db: Database) throws {
        try setState(clockKey, clock.last.description, db)
    }

    static func isPublishing(_ db: Database) throws -> Bool {
        try state(folderKey, db) != nil
    }

    // MARK: Registers

    /// The record's registers; empty when it has none (or they are damaged, which only a
    /// hand-edited file can do: the next write of the record starts them again).
    static func registers(_ key: SyncRecordKey, _ db: Database) throws -> Registers {
        let body = try String.fetchOne(db.cachedStatement(sql: "SELECT body FROM sync_register WHERE key = ?"),
                                       arguments: [key.description])
        return body.flatMap(Registers.init(encoded:)) ?? Registers()
    }

    static func save(_ registers: Registers, of key: SyncRecordKey, _ db: Database) throws {
        var owner: String?
        switch key {
        case .lumi: owner = registers[SyncField.lumi].flatMap(SyncValues.chordsetOfPlacement)?.uuidString
        // An entry waits for its chordset as a lumi does: found by its owner when it arrives.
        case .setListEntry: owner = registers[SyncField.chordset]
        case .chordset, .setList: break
        }
        try db.cachedStatement(sql: """
            INSERT INTO sync_register (key, owner, body) VALUES (?, ?, ?)
            ON CONFLICT(key) DO UPDATE SET owner = excluded.owner, body = excluded.body
            """).execute(arguments: [key.description, owner, registers.encoded])
    }

    /// Drops a record's registers (a tombstone that never left this machine, see
    /// `LocalChangeRecorder.isRetiredForGood`).
    static func forget(_ key: SyncRecordKey, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM sync_register WHERE key = ?").execute(arguments: [key.description])
    }

    /// Lumi and set-list entry records whose value places them in the chordset.
    static func lumiKeys(ownedBy chordset: UUID, _ db: Database) throws -> [SyncRecordKey] {
        try String.fetchAll(db.cachedStatement(sql: "SELECT key FROM sync_register WHERE owner = ?"),
                            arguments: [chordset.uuidString]).compactMap { SyncRecordKey(Substring($0)) }
    }

    /// Set-list entry records that name the set list (set lists are few, and their entries
    /// tens: a pass over the entry registers, which sort together by their `e:` keys).
    static func entryKeys(inSetList setList: UUID, _ db: Database) throws -> [SyncRecordKey] {
        var keys: [SyncRecordKey] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT key, body FROM sync_register WHERE key >= 'e:' AND key < 'e;'")
        while let row = try rows.next() {
            guard let text = String.fromDatabaseValue(row[0]), let key = SyncRecordKey(Substring(text)),
                  let body = String.fromDatabaseValue(row[1]), let registers = Registers(encoded: body),
                  registers[SyncField.setList] == setList.uuidString else { continue }
            keys.append(key)
        }
        return keys
    }

    static func enqueue(_ operation: SyncOperation, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO sync_outbox (line) VALUES (?)").execute(arguments: [ChangeLine.encode(operation)])
    }

    // MARK: The v3-sync migration

    /// Registers for every row stored before sync existed, stamped at the row's own updated
    /// time by this device. Nothing goes to the outbox: the first round with a folder
    /// publishes a snapshot.
    static func registerExistingRows(_ db: Database) throws {
        let device = try device(db)
        try StoredRecords.forEveryRecord(db) { key, fields, updated in
            let stamp = Stamp(milliseconds: HybridClock.milliseconds(Date(timeIntervalSince1970: updated)), counter: 0, device: device)
            var registers = Registers()
            registers.merge(SyncOperation(key: key, stamp: stamp, fields: fields))
            try save(registers, of: key, db)
        }
    }
}
