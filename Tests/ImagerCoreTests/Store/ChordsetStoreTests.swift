import Foundation
import GRDB
import Testing
@testable import ImagerCore

@Suite struct ChordsetStoreTests {
    let imagerTables: Set<String> = ["chordset", "chord", "app_state", "lumi", "grdb_migrations"]

    // MARK: Connections

    @Test func foreignKeysAreOnInEveryConnectionOfAFileStore() throws {
        let folder = try TemporaryDirectory()
        let store = try ChordsetStore.open(at: folder.databaseURL)
        let writing = try store.writer.write { db in try Int.fetchOne(db, sql: "PRAGMA foreign_keys") }
        let reading = try store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA foreign_keys") }
        #expect(writing == 1)
        #expect(reading == 1)
    }

    @Test func aFileStoreUsesWALAndFullSynchronous() throws {
        let folder = try TemporaryDirectory()
        let store = try ChordsetStore.open(at: folder.databaseURL)
        let journal = try store.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        let writing = try store.writer.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        let reading = try store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(journal == "wal")
        #expect(writing == 2)
        #expect(reading == 2)
    }

    @Test func aFileStoresReadersKeepASmallPageCacheAndItsWriterSQLitesOwn() throws {
        let folder = try TemporaryDirectory()
        let store = try ChordsetStore.open(at: folder.databaseURL)
        let writing = try store.writer.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
        let reading = try store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
        #expect(writing == -2000)
        #expect(reading == -512)
    }

    @Test func anInMemoryStoreHasForeignKeysAndFullSynchronous() throws {
        let store = ChordsetStore.inMemory()
        let (foreignKeys, synchronous) = try store.writer.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA foreign_keys"), try Int.fetchOne(db, sql: "PRAGMA synchronous"))
        }
        #expect(foreignKeys == 1)
        #expect(synchronous == 2)
        #expect(store.path == nil)
        #expect(try store.tableNames().isSuperset(of: imagerTables))
    }

    @Test func theDatabaseRefusesAChordWithoutItsChordset() throws {
        let store = ChordsetStore.inMemory()
        #expect(throws: DatabaseError.self) {
            try store.writer.write { db in
                try db.execute(sql: "INSERT INTO chord (chordset_id, slot, color) VALUES ('nobody', 0, 0)")
            }
        }
    }

    // MARK: Opening and migrating

    @Test func openingAZeroByteFileCreatesTheSchema() throws {
        let folder = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: folder.databaseURL.path, contents: Data()))
        let store = try ChordsetStore.open(at: folder.databaseURL)
        #expect(try store.tableNames().isSuperset(of: imagerTables))
        #expect(try store.appliedMigrations() == ["v1-chordsets", "v2-lumis", "v3-sync", "v4-sync-pending-due", "v5-sync-heal-refused-values", "v6-setlists"])
        #expect(store.path == folder.databaseURL.path)
    }

    @Test func openingCreatesTheMissingFolders() throws {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("a/b/c/imager.sqlite")
        let store = try ChordsetStore.open(at: url)
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(try store.loadAll().isEmpty)
    }

    @Test func reopeningKeepsTheDataAndDoesNotMigrateAgain() throws {
        let folder = try TemporaryDirectory()
        let first = try ChordsetStore.open(at: folder.databaseURL)
        let stored = try first.append(Sample.chordsets(3))
        try closeConnections(of: first)

        let second = try ChordsetStore.open(at: folder.databaseURL)
        #expect(try second.loadAll() == stored)
        #expect(try second.appliedMigrations() == ["v1-chordsets", "v2-lumis", "v3-sync", "v4-sync-pending-due", "v5-sync-heal-refused-values", "v6-setlists"])
        let migrationRows = try second.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") }
        #expect(migrationRows == 6)
    }

    @Test func aDatabaseFromANewerVersionIsRefusedAndLeftByteForByte() throws {
        let folder = try TemporaryDirectory()
        let url = folder.databaseURL
        let store = try ChordsetStore.open(at: url)
        try store.append(Sample.chordsets(2))
        try store.writer.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-lumis')")
        }
        try closeConnections(of: store)
        let before = try bytes(of: url)

        #expect(throws: StoreError.newerVersion(path: url.path, unknownMigrations: ["v9-lumis"])) {
            try ChordsetStore.open(at: url)
        }
        #expect(try bytes(of: url) == before)
        #expect(throws: StoreError.newerVersion(path: url.path, unknownMigrations: ["v9-lumis"])) {
            try ChordsetStore.inspect(path: url.path)
        }
        #expect(try bytes(of: url) == before)
    }

    @Test(arguments: [
        ("random bytes", Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })),
        ("text", Data("These are my chordsets, please keep them.\n".utf8)),
        ("a short header", Data("SQLite format 3\0".utf8)),
    ])
    func aFileThatIsNotADatabaseIsRefusedAsUnreadableAndLeftAlone(kind: String, content: Data) throws {
        let folder = try TemporaryDirectory()
        let url = folder.databaseURL
        try content.write(to: url)
        do {
            _ = try ChordsetStore.open(at: url)
            Issue.record("\(kind) was opened as a database")
        } catch {
            #expect(error.isUnreadableFile, "\(kind): \(error)")
            #expect(error.description.contains(url.path))
        }
        #expect(try bytes(of: url) == content)
    }

    @Test func anotherAppsSQLiteDatabaseIsRefusedAndLeftAlone() throws {
        let folder = try TemporaryDirectory()
        let url = folder.databaseURL
        do {
            let queue = try DatabaseQueue(path: url.path)
            try queue.write { db in try db.execute(sql: "CREATE TABLE recipes (name TEXT)") }
            try queue.close()
        }
        let before = try bytes(of: url)
        #expect(throws: StoreError.unreadable(path: url.path, reason: "it is an SQLite database, but not one of Imager's")) {
            try ChordsetStore.open(at: url)
        }
        #expect(try bytes(of: url) == before)
    }

    @Test func aFolderThatCannotBeCreatedIsReportedAsNotWritable() throws {
        let folder = try TemporaryDirectory()
        let blocker = folder.file("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let url = blocker.appendingPathComponent("imager.sqlite")
        do {
            _ = try ChordsetStore.open(at: url)
            Issue.record("opened a database inside a regular file")
        } catch {
            guard case let .notWritable(path, _) = error else {
                Issue.record("expected notWritable, got \(error)")
                return
            }
            #expect(path == blocker.path)
        }
    }

    // MARK: Reading and writing

    @Test func loadAllReturnsEveryChordsetInPositionOrderWithItsChords() throws {
        let store = ChordsetStore.inMemory()
        let chordsets = [
            Sample.chordset("Third", position: 2.5, seed: 3),
            Sample.chordset("First", position: -1, seed: 1),
            Sample.chordset("Second", position: 0.25, seed: 2),
        ]
        var log = ChangeLog()
        for chordset in chordsets { log.inserted(chordset) }
        #expect(try store.write(log.changes).rows == 27)

        let loaded = try store.loadAll()
        #expect(loaded.map(\.title) == ["First", "Second", "Third"])
        #expect(loaded == chordsets.sorted { $0.position < $1.position })
        #expect(loaded[0].chords.map(\.color) == Sample.colors(1))
    }

    @Test func coloursAreStoredAsOnePackedInteger() throws {
        let store = ChordsetStore.inMemory()
        let chordset = try #require(store.append([Sample.chordset()]).first)
        #expect(try store.storedColors(of: chordset.id) == Sample.colors().map(\.packed))
        let translucent = try store.writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT color FROM chord WHERE chordset_id = ? AND slot = 7",
                               arguments: [chordset.id.uuidString])
        }
        #expect(translucent == Int64(Sample.colors()[7].packed))
        #expect(Sample.colors()[7].alpha == 0x80)
    }

    @Test func deletingAChordsetDeletesItsEightChords() throws {
        let store = ChordsetStore.inMemory()
        let stored = try store.append(Sample.chordsets(3))
        #expect(try store.counts() == (3, 24))
        #expect(try store.write([.chordset(stored[1].id): .deleted]).rows == 9)
        #expect(try store.counts() == (2, 16))
        #expect(try store.storedColors(of: stored[1].id).isEmpty)
        #expect(try store.loadAll().map(\.id) == [stored[0].id, stored[2].id])
    }

    @Test func deletingAChordsetThatIsNotThereWritesNothing() throws {
        let store = ChordsetStore.inMemory()
        try store.append(Sample.chordsets(1))
        #expect(try store.write([.chordset(UUID()): .deleted]).rows == 0)
        #expect(try store.counts() == (1, 8))
    }

    @Test func aRowUpdateKeepsTheCreationDateAndTheChords() throws {
        let store = ChordsetStore.inMemory()
        var chordset = try #require(store.append([Sample.chordset("Before")]).first)
        chordset.title = "After"
        chordset.position = 42
        chordset.updatedAt = Sample.createdAt.addingTimeInterval(60)
        var log = ChangeLog()
        log.rowChanged(chordset)
        #expect(try store.write(log.changes).rows == 1)
        let loaded = try #require(store.loadAll().first)
        #expect(loaded == chordset)
        #expect(loaded.createdAt == Sample.createdAt)
    }

    @Test func chordsetsMadeNowLoadBackEqual() throws {
        // Dates from the clock have more precision than the 1970-based REAL column keeps.
        let store = ChordsetStore.inMemory()
        let stored = try store.append((0..<40).map { _ in Chordset.random(now: Date()) })
        #expect(try store.loadAll() == stored)
    }

    @Test func loadingOrdersByPositionAndTiesByIdWhateverTheTableOrder() throws {
        // Rows go into the table in an order unrelated to the list's; the load puts them
        // in list order: by position, and by id where positions are equal, so every reader
        // (another process, another machine) agrees, whatever order the rows arrived in.
        let store = ChordsetStore.inMemory()
        let low = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
        let high = UUID(uuidString: "FFFFFFFF-0000-0000-0000-000000000000")!
        let stored = [Sample.chordset("C", position: 2), Sample.chordset("A", position: 0),
                      Sample.chordset("B-high", id: high, position: 1), Sample.chordset("D", position: 2.5),
                      Sample.chordset("B-low", id: low, position: 1)]
        try store.writer.write { db in
            for chordset in stored {   // one at a time, so the table keeps this order
                var log = ChangeLog()
                log.inserted(chordset)
                _ = try ChordsetStore.apply(log.changes, in: db)
            }
        }
        #expect(try store.loadAll().map(\.title) == ["A", "B-low", "B-high", "C", "D"])
    }

    @Test func aChordMissingFromAHandEditedFileLoadsAsGrey() throws {
        let store = ChordsetStore.inMemory()
        let chordset = try #require(store.append([Sample.chordset()]).first)
        try store.writer.write { db in
            try db.execute(sql: "DELETE FROM chord WHERE chordset_id = ? AND slot = 3", arguments: [chordset.id.uuidString])
        }
        let loaded = try #require(store.loadAll().first)
        #expect(loaded.color(at: 3) == ChordsetStore.missingChordColor)
        #expect(loaded.color(at: 2) == Sample.colors()[2])
        #expect(loaded.color(at: 4) == Sample.colors()[4])
    }

    @Test func anotherConnectionsCommitChangesTheDataVersion() throws {
        let folder = try TemporaryDirectory()
        let window = try ChordsetStore.open(at: folder.databaseURL)
        let terminal = try ChordsetStore.open(at: folder.databaseURL)
        let before = try window.dataVersion()
        try window.append(Sample.chordsets(1))
        #expect(try window.dataVersion() == before)
        try terminal.append(Sample.chordsets(1))
        #expect(try window.dataVersion() != before)
    }

    // MARK: Appending

    @Test func appendingToAnEmptyStoreStartsAtPositionZero() throws {
        let store = ChordsetStore.inMemory()
        let stored = try store.append(Sample.chordsets(3).map { var c = $0; c.position = 99; return c })
        #expect(stored.map(\.position) == [0, 1, 2])
        #expect(try store.loadAll() == stored)
    }

    @Test func appendingPlacesChordsetsAfterTheLastOneInTheirOrder() throws {
        let store = ChordsetStore.inMemory()
        let existing = Sample.chordset("Existing", position: 5.5)
        var log = ChangeLog()
        log.inserted(existing)
        _ = try store.write(log.changes)
        let stored = try store.append([Sample.chordset("A", position: 0), Sample.chordset("B", position: -3)])
        #expect(stored.map(\.position) == [6.5, 7.5])
        #expect(try store.loadAll().map(\.title) == ["Existing", "A", "B"])
    }

    @Test func appendingAChordsetWhoseIdIsTakenGivesItAFreshId() throws {
        let store = ChordsetStore.inMemory()
        let original = try #require(store.append([Sample.chordset("Original", seed: 1)]).first)
        let newcomer = Sample.chordset("Newcomer")
        let stored = try store.append([Sample.chordset("Copy", id: original.id, seed: 2), newcomer])

        #expect(stored[0].id != original.id)
        #expect(stored[0].title == "Copy")
        #expect(stored[0].chords.map(\.color) == Sample.colors(2))
        #expect(stored[1].id == newcomer.id)
        let loaded = try store.loadAll()
        #expect(loaded.map(\.title) == ["Original", "Copy", "Newcomer"])
        #expect(loaded[0] == original)
        #expect(try store.counts() == (3, 24))
    }

    @Test func appendingTwoChordsetsWithTheSameIdStoresBoth() throws {
        let store = ChordsetStore.inMemory()
        let id = UUID()
        let stored = try store.append([Sample.chordset("One", id: id, seed: 1), Sample.chordset("Two", id: id, seed: 2)])
        #expect(stored.count == 2)
        #expect(Set(stored.map(\.id)).count == 2)
        #expect(try store.loadAll() == stored)
        #expect(try store.counts() == (2, 16))
    }

    @Test func aFailedAppendStoresNothing() throws {
        let store = ChordsetStore.inMemory()
        try store.append(Sample.chordsets(2))
        // Let the first twelve chord rows in, then fail: the transaction must take them back out.
        try store.failWrites(to: "chord", when: "(SELECT count(*) FROM chord) >= 28")
        #expect(throws: StoreError.self) { try store.append(Sample.chordsets(3)) }
        #expect(try store.counts() == (2, 16))
    }

    @Test func aLargeAppendIsFastAndComplete() throws {
        let store = ChordsetStore.inMemory()
        let clock = ContinuousClock()
        let elapsed = try clock.measure { try store.append(Sample.chordsets(2_000)) }
        #expect(try store.counts() == (2_000, 16_000))
        #expect(try store.loadAll().count == 2_000)
        // A loose bound, even for a debug build: it only catches writing a row at a time.
        #expect(elapsed < .seconds(2))
    }

    // MARK: Awkward titles

    @Test(arguments: AwkwardTitles.all)
    func awkwardTitlesSurviveRenameSaveAndReopen(_ title: String) throws {
        let folder = try TemporaryDirectory()
        let id: UUID
        do {
            let store = try ChordsetStore.open(at: folder.databaseURL)
            let controller = try ChordsetController(store: store)
            id = controller.add(title: "Plain")!.id
            #expect(controller.rename(id: id, to: title))
            #expect(controller.save().report != nil)
            try closeConnections(of: store)
        }
        let reopened = try ChordsetStore.open(at: folder.databaseURL)
        #expect(try reopened.loadAll().map(\.title) == [title])
        #expect(try reopened.storedTitle(of: id) == title)
        #expect(try reopened.tableNames().isSuperset(of: imagerTables))
    }
}
