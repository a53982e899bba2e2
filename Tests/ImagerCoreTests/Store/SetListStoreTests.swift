import Foundation
import GRDB
import Testing
@testable import ImagerCore

/// Set lists in the store: what is saved comes back, in order, and a deleted chordset leaves
/// every set list it was in, which keeps its other entries.
@Suite struct SetListStoreTests {
    func storeWith(_ count: Int) throws -> (ChordsetStore, [UUID]) {
        let store = ChordsetStore.inMemory()
        let stored = try store.append(Sample.chordsets(count))
        return (store, stored.map(\.id))
    }

    @Test func aSetListComesBackAsSavedAfterReopening() throws {
        let folder = try TemporaryDirectory()
        let store = try ChordsetStore.open(at: folder.databaseURL)
        let ids = try store.append(Sample.chordsets(4)).map(\.id)
        let friday = try store.createSetList(title: "  Friday\tnight ", chordsets: [ids[2], ids[0], ids[3]])
        let empty = try store.createSetList(title: "Encore")
        #expect(friday.title == "Friday night")
        try closeConnections(of: store)

        let reopened = try ChordsetStore.open(at: folder.databaseURL)
        let loaded = try reopened.loadSetLists()
        #expect(loaded.map(\.id) == [friday.id, empty.id])
        #expect(loaded.map(\.title) == ["Friday night", "Encore"])
        #expect(loaded[0].chordsetIDs == [ids[2], ids[0], ids[3]])
        #expect(loaded[0].entries == friday.entries)
        #expect(loaded[1].entries.isEmpty)
        #expect(try reopened.foreignKeyViolations() == 0)
    }

    @Test func deletingAChordsetRemovesItsEntriesAndKeepsTheOthers() throws {
        let (store, ids) = try storeWith(3)
        let setList = try store.createSetList(title: "Friday", chordsets: [ids[0], ids[1], ids[2], ids[1]])
        try store.writer.write { db in
            try db.execute(sql: "DELETE FROM chordset WHERE id = ?", arguments: [ids[1].uuidString])
        }
        let loaded = try store.loadSetLists()
        #expect(loaded.count == 1)
        #expect(loaded[0].id == setList.id)
        #expect(loaded[0].chordsetIDs == [ids[0], ids[2]])
        #expect(try store.foreignKeyViolations() == 0)
    }

    @Test func deletingAChordsetThroughASaveRemovesItsEntries() throws {
        let folder = try TemporaryDirectory()
        let store = try ChordsetStore.open(at: folder.databaseURL)
        _ = try store.append(Sample.chordsets(3))
        let controller = try ChordsetController(store: store)
        let ids = controller.chordsets.map(\.id)
        _ = try store.createSetList(title: "Friday", chordsets: ids)
        controller.delete(id: ids[0])
        _ = try #require(controller.save().report)
        #expect(try store.loadSetLists()[0].chordsetIDs == [ids[1], ids[2]])
    }

    @Test func aDeleteUndoneBeforeItIsSavedKeepsTheSetListsAsTheyWere() throws {
        let folder = try TemporaryDirectory()
        let store = try ChordsetStore.open(at: folder.databaseURL)
        _ = try store.append(Sample.chordsets(3))
        let controller = try ChordsetController(store: store)
        let ids = controller.chordsets.map(\.id)
        _ = try store.createSetList(title: "Friday", chordsets: [ids[1], ids[0], ids[1]])
        controller.delete(id: ids[1])
        controller.undo()
        _ = try #require(controller.save().report)
        #expect(try store.loadSetLists()[0].chordsetIDs == [ids[1], ids[0], ids[1]])
    }

    @Test func deletingASetListKeepsItsChordsetsAndOtherSetLists() throws {
        let (store, ids) = try storeWith(2)
        let first = try store.createSetList(title: "Friday", chordsets: ids)
        let second = try store.createSetList(title: "Saturday", chordsets: ids.reversed())
        try store.deleteSetList(first.id)
        #expect(try store.loadSetLists().map(\.id) == [second.id])
        #expect(try store.loadSetLists()[0].chordsetIDs == ids.reversed())
        #expect(try store.counts().chordsets == 2)
        #expect(try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM setlist_entry") } == 2)
        #expect(throws: StoreError.noSuchSetList(first.id)) { try store.deleteSetList(first.id) }
    }

    @Test func aChordsetMayBeInSeveralSetLists() throws {
        let (store, ids) = try storeWith(3)
        _ = try store.createSetList(title: "Friday", chordsets: [ids[0], ids[1]])
        _ = try store.createSetList(title: "Saturday", chordsets: [ids[1], ids[2]])
        _ = try store.createSetList(title: "Sunday", chordsets: [ids[1]])
        let loaded = try store.loadSetLists()
        #expect(loaded.map(\.chordsetIDs) == [[ids[0], ids[1]], [ids[1], ids[2]], [ids[1]]])
        try store.writer.write { db in
            try db.execute(sql: "DELETE FROM chordset WHERE id = ?", arguments: [ids[1].uuidString])
        }
        #expect(try store.loadSetLists().map(\.chordsetIDs) == [[ids[0]], [ids[2]], []])
    }

    @Test func entriesAreOrderedByPositionThenByID() throws {
        let (store, ids) = try storeWith(4)
        let setList = try store.createSetList(title: "Friday")
        // Entries as another machine may leave them: equal positions, written in any order.
        let entryIDs = ["F0000000-0000-4000-8000-000000000000", "10000000-0000-4000-8000-000000000000",
                        "A0000000-0000-4000-8000-000000000000", "20000000-0000-4000-8000-000000000000"]
        let positions = [1.0, 1.0, 0.5, 1.0]
        try store.writer.write { db in
            for i in 0..<4 {
                try db.execute(sql: "INSERT INTO setlist_entry (id, setlist_id, chordset_id, position) VALUES (?, ?, ?, ?)",
                               arguments: [entryIDs[i], setList.id.uuidString, ids[i].uuidString, positions[i]])
            }
        }
        let loaded = try store.loadSetLists()[0]
        #expect(loaded.entries.map(\.id.uuidString) == [entryIDs[2], entryIDs[1], entryIDs[3], entryIDs[0]])
        #expect(loaded.chordsetIDs == [ids[2], ids[1], ids[3], ids[0]])
    }

    @Test func setListsAreOrderedByPositionThenByID() throws {
        let store = ChordsetStore.inMemory()
        let rows = [("C0000000-0000-4000-8000-000000000000", 2.0), ("B0000000-0000-4000-8000-000000000000", 1.0),
                    ("A0000000-0000-4000-8000-000000000000", 2.0)]
        try store.writer.write { db in
            for (id, position) in rows {
                try db.execute(sql: "INSERT INTO setlist (id, title, position, created_at, updated_at) VALUES (?, ?, ?, 0, 0)",
                               arguments: [id, "t" + id.prefix(1), position])
            }
        }
        #expect(try store.loadSetLists().map(\.title) == ["tB", "tA", "tC"])
    }

    @Test func movingAnEntryReordersTheSetList() throws {
        let (store, ids) = try storeWith(4)
        let setList = try store.createSetList(title: "Friday", chordsets: ids)
        let entries = setList.entries
        try store.moveEntry(entries[3].id, to: 0)
        #expect(try store.loadSetLists()[0].chordsetIDs == [ids[3], ids[0], ids[1], ids[2]])
        try store.moveEntry(entries[3].id, to: 2)
        #expect(try store.loadSetLists()[0].chordsetIDs == [ids[0], ids[1], ids[3], ids[2]])
        try store.moveEntry(entries[0].id, to: 99)
        #expect(try store.loadSetLists()[0].chordsetIDs == [ids[1], ids[3], ids[2], ids[0]])
        #expect(throws: StoreError.noSuchSetListEntry(setList.id)) { try store.moveEntry(setList.id, to: 0) }
    }

    @Test func movingBetweenEntriesThatShareAPositionNumbersThemAgain() throws {
        let (store, ids) = try storeWith(3)
        let setList = try store.createSetList(title: "Friday")
        let entryIDs = ["10000000-0000-4000-8000-000000000000", "20000000-0000-4000-8000-000000000000",
                        "30000000-0000-4000-8000-000000000000"]
        try store.writer.write { db in
            for i in 0..<3 {
                try db.execute(sql: "INSERT INTO setlist_entry (id, setlist_id, chordset_id, position) VALUES (?, ?, ?, 7)",
                               arguments: [entryIDs[i], setList.id.uuidString, ids[i].uuidString])
            }
        }
        try store.moveEntry(UUID(uuidString: entryIDs[2])!, to: 1)
        #expect(try store.loadSetLists()[0].chordsetIDs == [ids[0], ids[2], ids[1]])
    }

    @Test func removingAnEntryKeepsTheOthersInOrder() throws {
        let (store, ids) = try storeWith(3)
        let setList = try store.createSetList(title: "Friday", chordsets: [ids[0], ids[1], ids[0], ids[2]])
        try store.removeEntry(setList.entries[2].id)
        #expect(try store.loadSetLists()[0].chordsetIDs == [ids[0], ids[1], ids[2]])
        #expect(try store.counts().chordsets == 3)
    }

    @Test func addingAppendsAtTheEndAndRefusesAnUnknownChordset() throws {
        let (store, ids) = try storeWith(3)
        let setList = try store.createSetList(title: "Friday", chordsets: [ids[0]])
        let added = try store.addChordsets([ids[2], ids[1]], to: setList.id)
        #expect(added.map(\.chordsetID) == [ids[2], ids[1]])
        #expect(try store.loadSetLists()[0].chordsetIDs == [ids[0], ids[2], ids[1]])
        let stranger = UUID()
        #expect(throws: StoreError.noSuchChordset(stranger)) { try store.addChordsets([ids[0], stranger], to: setList.id) }
        #expect(try store.loadSetLists()[0].chordsetIDs == [ids[0], ids[2], ids[1]], "one transaction: nothing added")
        #expect(throws: StoreError.noSuchSetList(ids[0])) { try store.addChordsets([ids[0]], to: ids[0]) }
    }

    @Test func addingAtAnIndexPutsTheNewEntriesThereInOrder() throws {
        let (store, ids) = try storeWith(4)
        let setList = try store.createSetList(title: "Friday", chordsets: [ids[0], ids[1]])
        let added = try store.addChordsets([ids[3], ids[2]], to: setList.id, at: 1)
        #expect(try store.loadSetLists()[0].chordsetIDs == [ids[0], ids[3], ids[2], ids[1]])
        #expect(try store.loadSetLists()[0].entries.filter { added.map(\.id).contains($0.id) } == added,
                "the entries returned are the ones stored, with their positions")
        try store.addChordsets([ids[1]], to: setList.id, at: 0)
        try store.addChordsets([ids[2]], to: setList.id, at: 99)
        #expect(try store.loadSetLists()[0].chordsetIDs == [ids[1], ids[0], ids[3], ids[2], ids[1], ids[2]])
    }

    @Test func aDeletedSetListIsRestoredInItsPlaceWithTheEntriesWhoseChordsetsRemain() throws {
        let (store, ids) = try storeWith(3)
        let first = try store.createSetList(title: "Thursday")
        let friday = try store.createSetList(title: "Friday", chordsets: [ids[2], ids[0], ids[1], ids[0]])
        let last = try store.createSetList(title: "Saturday")
        try store.deleteSetList(friday.id)
        try store.writer.write { db in
            try db.execute(sql: "DELETE FROM chordset WHERE id = ?", arguments: [ids[1].uuidString])
        }
        let restored = try store.restoreSetList(friday)
        #expect(restored.id == friday.id)
        let loaded = try store.loadSetLists()
        #expect(loaded.map(\.id) == [first.id, friday.id, last.id])
        #expect(loaded[1].title == "Friday")
        #expect(loaded[1].chordsetIDs == [ids[2], ids[0], ids[0]])
        #expect(try store.foreignKeyViolations() == 0)
        let again = try store.restoreSetList(friday)
        #expect(again.id != friday.id, "a set list that is there already is not overwritten")
        #expect(try store.loadSetLists().count == 4)
    }

    @Test func titlesFollowTheChordsetTitleRules() throws {
        let store = ChordsetStore.inMemory()
        #expect(throws: StoreError.refusedSetListTitle(index: nil, .empty)) { try store.createSetList(title: " \n\t ") }
        let tooLong = String(repeating: "x", count: ChordsetTitle.maximumLength + 1)
        #expect(throws: StoreError.refusedSetListTitle(index: nil, .tooLong(length: ChordsetTitle.maximumLength + 1))) {
            try store.createSetList(title: tooLong)
        }
        #expect(try store.loadSetLists().isEmpty)
        let setList = try store.createSetList(title: "Friday")
        #expect(try store.renameSetList(setList.id, to: "Sat\u{0}urday\n") == "Saturday")
        #expect(throws: StoreError.refusedSetListTitle(index: nil, .empty)) { try store.renameSetList(setList.id, to: "") }
        #expect(try store.loadSetLists().map(\.title) == ["Saturday"])
        for title in AwkwardTitles.all {
            _ = try store.renameSetList(setList.id, to: title)
            #expect(try store.loadSetLists()[0].title == title)
        }
    }
}
