import Foundation
import GRDB
import Testing
@testable import ImagerCore

/// Values from a sync folder pass the import's rules at the door; lines far ahead are
/// bounded; a database a bad value already reached heals when it is opened.
@Suite struct SyncAdmissionTests {
    let base: TemporaryDirectory
    let time = SimulatedTime()
    let peer = "ab12ab12ab12ab12"

    init() throws { base = try TemporaryDirectory() }

    private func admitted(_ key: SyncRecordKey, _ fields: [String: String]) -> [String: String]? {
        SyncAdmission.admit(SyncOperation(key: key, stamp: Stamp(milliseconds: 1, counter: 0, device: peer), fields: fields)).admitted?.fields
    }

    @Test func eachChordsetFieldIsCheckedOnItsOwn() {
        let key = SyncRecordKey.chordset(UUID())
        #expect(admitted(key, ["position": "nan", "title": "Kept"]) == ["title": "Kept"])
        #expect(admitted(key, ["position": "inf"]) == nil)
        #expect(admitted(key, ["created": "1e999"]) == nil)
        #expect(admitted(key, ["position": "2"]) == ["position": "2.0"])
        #expect(admitted(key, ["color3": "#zz"]) == nil)
        #expect(admitted(key, ["color3": "#aabbcc"]) == ["color3": "#AABBCCFF"])
        #expect(admitted(key, ["color8": "#AABBCC"]) == nil)
        #expect(admitted(key, ["title": " \u{1B}]0;x\u{07} "]) == ["title": "]0;x"])
        #expect(admitted(key, ["title": "   "]) == nil)
        #expect(admitted(key, ["title": String(repeating: "W", count: ChordsetTitle.maximumLength + 1)]) == nil)
        #expect(admitted(key, ["surprise": "1"]) == nil)
        #expect(admitted(key, ["deleted": "1"]) == ["deleted": "1"])
        #expect(admitted(key, ["deleted": "yes"]) == nil)
    }

    @Test func aLumiValueIsCheckedWhole() {
        let id = UUID(), owner = UUID()
        let key = SyncRecordKey.lumi(id)
        func value(slot: Int = 0, order: Int = 0, shape: String = "circle", x: String = "0.5") -> String {
            "\(owner.uuidString) \(slot) \(order) \(shape) \(x) 0.5 0.2 0.0 0.0 #FFFFFFFF"
        }
        #expect(admitted(key, ["lumi": value()]) == ["lumi": value()])
        #expect(admitted(key, ["lumi": "-"]) == ["lumi": "-"])
        for bad in [value(slot: 8), value(order: 32), value(shape: "hexagon"), value(x: "nan"), value(x: "1.5"), "garbage"] {
            #expect(admitted(key, ["lumi": bad]) == nil, "\(bad)")
        }
        #expect(admitted(key, ["title": "x"]) == nil)
    }

    @Test func aChordsetWhoseCreationHadARefusedFieldStillAppears() {
        var registers = Registers()
        registers.merge(SyncOperation(key: .chordset(UUID()), stamp: Stamp(milliseconds: 5, counter: 0, device: peer),
                                      fields: ["created": "1.0", "position": "3.0"]))
        let values = SyncValues.chordset(registers)
        #expect(values?.title == Chordset.defaultTitle)
        #expect(values?.colors.count == Chordset.chordCount)
        // A rename that arrived before the chordset is not a chordset yet.
        var early = Registers()
        early.merge(SyncOperation(key: .chordset(UUID()), stamp: Stamp(milliseconds: 5, counter: 0, device: peer), fields: ["title": "x"]))
        #expect(SyncValues.chordset(early) == nil)
    }

    /// A peer's file of lines an hour ahead, more than may wait: the rest is read again
    /// later, and once the clock has caught up every line has been applied.
    @Test func linesBeyondTheWaitingBoundAreReadAgainNotLost() throws {
        let b = try SimulatedMachine("B", in: base.url, time: time, seeded: true)
        try b.sync()
        let id = try b.store.loadAll()[0].id
        let directory = b.folder.appendingPathComponent(SyncFolder.directoryName).appendingPathComponent(peer)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let start = HybridClock.milliseconds(time.now) + 3_600_000
        let count = SyncTables.maximumWaiting + 5_000
        var text = ""
        for n in 0..<count {
            text += ChangeLine.encode(SyncOperation(key: .chordset(id), stamp: Stamp(milliseconds: start + UInt64(n / 0x10000),
                                                                                     counter: UInt32(n % 0x10000), device: peer),
                                                    fields: ["position": SyncValues.text(Double(n))]))
        }
        try Data(text.utf8).write(to: directory.appendingPathComponent(SyncFolder.DataFile.name(sequence: 1, snapshot: false)))
        let first = try b.sync()
        #expect(first.deferred == SyncTables.maximumWaiting)
        #expect(try b.store.loadAll()[0].position != Double(count - 1))
        time.advance(by: 2 * 3600)
        try b.sync()
        try b.sync()
        #expect(try b.store.loadAll().first { $0.id == id }?.position == Double(count - 1))
    }

    @Test func aLineADayAheadIsRefusedAndNeverWaits() throws {
        let b = try SimulatedMachine("B", in: base.url, time: time, seeded: true)
        try b.sync()
        let id = try b.store.loadAll()[0].id
        let directory = b.folder.appendingPathComponent(SyncFolder.directoryName).appendingPathComponent(peer)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let line = ChangeLine.encode(SyncOperation(key: .chordset(id), stamp: Stamp(milliseconds: 0xFFFF_FFFF_FFFF, counter: 0, device: peer),
                                                   fields: ["position": "9.0"]))
        try Data(line.utf8).write(to: directory.appendingPathComponent(SyncFolder.DataFile.name(sequence: 1, snapshot: false)))
        let summary = try b.sync()
        #expect(summary.deferred == 0)
        #expect(summary.refusedCount == 1)
        #expect(summary.refused.first?.refusal == .tooFarAhead(Stamp(milliseconds: 0xFFFF_FFFF_FFFF, counter: 0, device: peer)))
        // The clock was not dragged along: a local edit is stamped now.
        try b.edit { $0.rename(id: id, to: "After") }
        #expect(try b.store.loadAll().first { $0.id == id }?.title == "After")
    }

    /// A database of the version before values were checked, a bad value in its registers,
    /// heals when this version opens it.
    @Test func aPoisonedDatabaseHealsOnUpgrade() throws {
        let url = base.url.appendingPathComponent("imager.sqlite")
        let queue = try DatabaseQueue(path: url.path)
        try StoreSchema.migrator.migrate(queue, upTo: "v3-sync")
        try queue.close()
        let store = try ChordsetStore.open(at: url)
        try store.seedIfNeeded { [Sample.chordset("Shown", seed: 1), Sample.chordset("Second", position: 1, seed: 2)] }
        let shown = try store.loadAll()
        try closeConnections(of: store)

        let hidden = UUID(), later = Stamp(milliseconds: 9_000_000_000_000, counter: 0, device: peer)
        let poisoned = try DatabaseQueue(path: url.path)
        try poisoned.write { db in
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier NOT IN ('v1-chordsets', 'v2-lumis', 'v3-sync')")
            try db.execute(sql: "DROP INDEX IF EXISTS sync_pending_by_due")
            try db.execute(sql: "ALTER TABLE sync_pending DROP COLUMN due")
            // Nor had it the tables of later migrations.
            try db.execute(sql: "DROP TABLE setlist_entry; DROP TABLE setlist")
            var registers = try SyncTables.registers(.chordset(shown[0].id), db)
            registers.merge(SyncOperation(key: .chordset(shown[0].id), stamp: later, fields: ["position": "nan", "color3": "#zz"]))
            try SyncTables.save(registers, of: .chordset(shown[0].id), db)
            var big = try SyncTables.registers(.chordset(shown[1].id), db)
            big.merge(SyncOperation(key: .chordset(shown[1].id), stamp: later, fields: ["title": String(repeating: "W", count: 100_000)]))
            try SyncTables.save(big, of: .chordset(shown[1].id), db)
            // A chordset that arrived whole, then lost its position to a bad line: never shown here.
            var lost = Registers()
            lost.merge(SyncOperation(key: .chordset(hidden), stamp: Stamp(milliseconds: 1, counter: 0, device: peer),
                                     fields: SyncValues.fields(title: "Hidden", position: 5, created: 1, updated: 1,
                                                               colors: Array(repeating: RGBAColor(hex: "#102030")!, count: 8))))
            lost.merge(SyncOperation(key: .chordset(hidden), stamp: later, fields: ["position": "nan"]))
            try SyncTables.save(lost, of: .chordset(hidden), db)
            try db.execute(sql: "INSERT INTO sync_read (device, file, bytes) VALUES (?, '0000000001.changes', 10)", arguments: [peer])
        }
        try poisoned.close()

        let healed = try ChordsetStore.open(at: url)
        let loaded = try healed.loadAll()
        #expect(loaded.first { $0.id == shown[0].id }?.position == shown[0].position)
        #expect(loaded.first { $0.id == shown[0].id }?.chords == shown[0].chords)
        // The long title was never shown: the title the list showed is what it keeps.
        #expect(loaded.first { $0.id == shown[1].id }?.title == "Second")
        // With its bad field dropped, the hidden chordset appears (at the default position).
        #expect(loaded.first { $0.id == hidden }?.title == "Hidden")
        let (bodies, reads) = try healed.writer.read { db in
            (try String.fetchAll(db, sql: "SELECT body FROM sync_register"), try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_read") ?? -1)
        }
        #expect(!bodies.contains { $0.contains("nan") || $0.contains("#zz") || $0.contains("WWWW") })
        // A dropped field makes the next round read every file again.
        #expect(reads == 0)
    }
}
