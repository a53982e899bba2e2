import Foundation
import GRDB
import Testing
@testable import ImagerCore

/// A database from the version before lumis opens with nothing lost and the lumi table added.
@Suite struct LumiMigrationTests {
    @Test func aVersionOneDatabaseWithDataMigratesWithNothingLost() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("imager.sqlite")
        // Built by running only the first migration, as a release without lumis did.
        let queue = try DatabaseQueue(path: url.path)
        try StoreSchema.migrator.migrate(queue, upTo: "v1-chordsets")
        let chordsets = Sample.chordsets(5)
        try queue.write { db in
            for (index, chordset) in chordsets.enumerated() {
                try db.execute(sql: "INSERT INTO chordset (id, title, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
                               arguments: [chordset.id.uuidString, chordset.title, Double(index),
                                           chordset.createdAt.timeIntervalSince1970, chordset.updatedAt.timeIntervalSince1970])
                for slot in 0..<8 {
                    try db.execute(sql: "INSERT INTO chord (chordset_id, slot, color) VALUES (?, ?, ?)",
                                   arguments: [chordset.id.uuidString, slot, Int64(chordset.color(at: slot).packed)])
                }
            }
            try db.execute(sql: "INSERT INTO app_state (key, value) VALUES ('seeded', 'then')")
        }
        #expect(try queue.read { db in try db.tableExists("lumi") } == false)
        try queue.close()

        let store = try ChordsetStore.open(at: url)
        #expect(try store.appliedMigrations() == ["v1-chordsets", "v2-lumis", "v3-sync", "v4-sync-pending-due", "v5-sync-heal-refused-values", "v6-setlists"])
        #expect(try store.tableNames().contains("lumi"))
        let loaded = try store.loadAll()
        #expect(loaded.map(\.id) == chordsets.map(\.id))
        #expect(loaded.map(\.chords) == chordsets.map(\.chords))
        #expect(try store.isSeeded())
        #expect(try store.lumiCount() == 0)
        #expect(try store.foreignKeyViolations() == 0)
        // And the new table works on the old rows.
        let controller = try ChordsetController(store: store)
        let lumi = SampleLumi.lumi(1)
        controller.setLumis([lumi], slot: 4, of: chordsets[2].id)
        #expect(controller.save().report != nil)
        #expect(try store.lumis(of: chordsets[2].id).lumis[4] == [lumi])
    }

    @Test func theLumiMigrationRunsInOneTransaction() throws {
        // GRDB runs each migration in a transaction of its own; a failure part way leaves
        // the database at version 1, as the statement that fails here shows.
        let folder = try TemporaryDirectory()
        let url = folder.file("imager.sqlite")
        let queue = try DatabaseQueue(path: url.path)
        try StoreSchema.migrator.migrate(queue, upTo: "v1-chordsets")
        // An index named like the one the migration creates makes its second statement fail.
        try queue.write { db in try db.execute(sql: "CREATE TABLE blocker (a); CREATE INDEX lumi_by_chord ON blocker(a)") }
        #expect(throws: (any Error).self) { try StoreSchema.migrator.migrate(queue) }
        #expect(try queue.read { db in try db.tableExists("lumi") } == false, "the table created before the failure was rolled back")
        #expect(try queue.read { db in try StoreSchema.migrator.appliedIdentifiers(db) } == ["v1-chordsets"])
    }

    @Test func theStoreRefusesLumiValuesOutOfRange() throws {
        let store = ChordsetStore.inMemory()
        let chordset = try #require(store.append([Sample.chordset()]).first)
        let bad = ["x = 1.5", "y = -0.1", "size = 0", "size = 1.01", "rotation = 360", "glow = 2", "shape = 'hexagon'", "ord = 32"]
        for change in bad {
            #expect(throws: DatabaseError.self, "\(change)") {
                try store.writer.write { db in
                    try db.execute(sql: """
                        INSERT INTO lumi (id, chord_id, ord, shape, x, y, size, rotation, glow, color)
                        SELECT ?, id, 0, 'star', 0.5, 0.5, 0.5, 0, 0, 0 FROM chord WHERE chordset_id = ? AND slot = 0
                        """, arguments: [UUID().uuidString, chordset.id.uuidString])
                    try db.execute(sql: "UPDATE lumi SET \(change)")
                }
            }
        }
        #expect(try store.lumiCount() == 0)
    }

    @Test func aDamagedLumiRowIsReportedNotCrashedOn() throws {
        let store = ChordsetStore.inMemory()
        let stored = try store.append(#require(ChordsetsWithLumis([Sample.chordset()], lumis: [SampleLumi.chordsetLumis(2, slots: [1])])))
        try store.writer.writeWithoutTransaction { db in
            // A hand edit with the checks off: an id that is not a UUID.
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: "UPDATE lumi SET id = 'not a uuid' WHERE ord = 0")
            try db.execute(sql: "PRAGMA ignore_check_constraints = OFF")
        }
        let read = try store.lumis(of: stored[0].id)
        #expect(read.lumis[1].count == 1)
        #expect(read.unreadable.count == 1)
        #expect(read.unreadable.first?.description.contains("lumi row") == true)
        let controller = try ChordsetController(store: store)
        #expect(controller.lumis(of: stored[0].id)[1].count == 1)
        #expect(controller.unreadableRows.count == 1)
    }
}
