import Foundation
import GRDB
import Testing
@testable import ImagerCore

/// The rules the store keeps for every writer: one list order, positions chosen inside the
/// write transaction, the title rule, rows it cannot read, and a lock that is not waited on.
@Suite struct StoreRulesTests {
    @Test func twoWritersAppendingAtOnceEndInOneOrderWithNoInterleaving() throws {
        let folder = try TemporaryDirectory()
        let window = try ChordsetStore.open(at: folder.databaseURL)
        let terminal = try ChordsetStore.open(at: folder.databaseURL)
        try window.append(Sample.chordsets(2))
        let controller = try ChordsetController(store: window)
        // The window adds two while a terminal imports two; nobody has seen the other's rows.
        let a1 = try #require(controller.add(title: "Window 1"))
        let a2 = try #require(controller.add(title: "Window 2"))
        let imported = try terminal.append([Sample.chordset("Terminal 1"), Sample.chordset("Terminal 2")])
        #expect(imported.map(\.position) == [2, 3])
        #expect(a1.position == 2 && a2.position == 3)

        #expect(controller.save().report != nil)
        let expected = ["Sample 0", "Sample 1", "Terminal 1", "Terminal 2", "Window 1", "Window 2"]
        #expect(try window.loadAll().map(\.title) == expected)
        #expect(try terminal.loadAll().map(\.title) == expected)
        _ = try controller.mergeExternalChanges()
        #expect(controller.chordsets.map(\.title) == expected)
        #expect(controller.chordsets == (try window.loadAll()))
    }

    @Test func equalPositionsAreOrderedByIdOnEveryReader() throws {
        let folder = try TemporaryDirectory()
        let first = try ChordsetStore.open(at: folder.databaseURL)
        let ids = (0..<6).map { _ in UUID() }
        var log = ChangeLog()
        for (n, id) in ids.enumerated() { log.inserted(Sample.chordset("T\(n)", id: id, position: 1)) }
        _ = try first.write(log.changes)
        let byID = ids.sorted { $0.uuidString < $1.uuidString }
        #expect(try first.loadAll().map(\.id) == byID)
        let second = try ChordsetStore.open(at: folder.databaseURL)
        #expect(try second.loadFirstPage(limit: 3).page.chordsets.map(\.id) == Array(byID.prefix(3)))
        let controller = ChordsetController(initial: try second.loadAll().shuffled(), reopening: { second })
        #expect(controller.chordsets.map(\.id) == byID)
    }

    @Test func aRowThatCannotBeReadIsReportedAndNeverCopiedOrGivenANewID() throws {
        let folder = try TemporaryDirectory()
        let store = try ChordsetStore.open(at: folder.databaseURL)
        try store.append(Sample.chordsets(2))
        try store.writer.write { db in
            try db.execute(sql: "INSERT INTO chordset (id, title, position, created_at, updated_at) VALUES ('not-a-uuid', 'Bad', 5, 0, 0)")
            try db.execute(sql: "INSERT INTO chordset (id, title, position, created_at, updated_at) VALUES (?, x'00FF', 6, 0, 0)",
                           arguments: [UUID().uuidString])
        }
        let loaded = try store.load()
        #expect(loaded.chordsets.count == 2)
        #expect(loaded.unreadable.count == 2)
        let controller = try ChordsetController(store: store)
        #expect(controller.unreadableRows.count == 2)
        controller.add(title: "New")
        controller.rename(id: controller.chordsets[0].id, to: "Renamed")
        #expect(controller.save().report != nil)
        let reopened = try ChordsetController(store: try ChordsetStore.open(at: folder.databaseURL))
        #expect(reopened.chordsets.count == 3)
        #expect(try store.counts().chordsets == 5)   // 3 readable, the 2 bad ones still there once
        #expect(AppStartup.unreadableRowsNotice(reopened.unreadableRows)?.description.contains("2 chordsets") == true)
    }

    @Test func importTitlesFollowTheOneTitleRule() throws {
        let store = ChordsetStore.inMemory()
        #expect(throws: StoreError.refused(index: 1, .empty)) {
            try store.append([Sample.chordset("Fine"), Sample.chordset(" \t\u{0} ")])
        }
        let long = String(repeating: "x", count: ChordsetTitle.maximumLength + 1)
        #expect(throws: StoreError.refused(index: 0, .tooLong(length: ChordsetTitle.maximumLength + 1))) {
            try store.append([Sample.chordset(long)])
        }
        #expect(try store.counts() == (0, 0))
    }

    @Test func aFileTitleThatIsEmptyOrTooLongRefusesTheFile() throws {
        for title in ["\\u0000", "  \\t ", String(repeating: "y", count: 1_001)] {
            let text = #"{"version": 1, "chordsets": [{"title": "\#(title)", "chords": ["#
                + Array(repeating: ##"{"color": "#112233"}"##, count: 8).joined(separator: ",") + "]}]}"
            #expect(throws: InterchangeError.self) { try ChordsetDocument.decode(Data(text.utf8), file: "t.json").chordsets }
        }
    }

    @Test func aFiftyMegabyteTitleIsRefusedWithoutBeingCleaned() {
        let huge = String(repeating: "a", count: 50_000_000)
        #expect(ChordsetTitle.accepted(huge) == .failure(.tooLong(length: 50_000_000)))
    }

    @Test func renameKeepsTheRuleButLetsAnOldLongTitleBeEdited() throws {
        let old = String(repeating: "z", count: 10_000)
        let store = ChordsetStore.inMemory()
        var log = ChangeLog()
        let chordset = Sample.chordset(old)
        log.inserted(chordset)
        _ = try store.write(log.changes)
        let controller = try ChordsetController(store: store)
        #expect(!controller.rename(id: chordset.id, to: old))
        #expect(controller.rename(id: chordset.id, to: "a" + old.dropFirst()))
        #expect(!controller.rename(id: chordset.id, to: old + "more"))
        let other = try #require(controller.add())
        #expect(!controller.rename(id: other.id, to: String(repeating: "q", count: 1_001)))
        #expect(controller.rename(id: other.id, to: String(repeating: "q", count: 1_000)))
    }

    @Test func aWindowStoreDoesNotWaitForAnotherWriterAndSavesOnceItIsDone() throws {
        let folder = try TemporaryDirectory()
        let window = try ChordsetStore.open(at: folder.databaseURL)
        try window.waitsForOtherWriters(false)
        let controller = try ChordsetController(store: window)
        controller.add(title: "Waiting")
        var holdsLock = Configuration()
        holdsLock.allowsUnsafeTransactions = true   // the test holds the write lock across calls
        let other = try DatabaseQueue(path: folder.databaseURL.path, configuration: holdsLock)
        try other.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        let started = Date()
        let outcome = controller.save()
        #expect(Date().timeIntervalSince(started) < 5, "a save must not sit out another writer's lock")
        guard case let .failed(error) = outcome else { Issue.record("the save went through a held lock"); return }
        #expect(error.isBusy)
        #expect(controller.hasUnsavedChanges)
        try other.inDatabase { db in try db.execute(sql: "COMMIT") }
        #expect(controller.save().report != nil)
        #expect(try window.loadAll().map(\.title) == ["Waiting"])
    }
}
