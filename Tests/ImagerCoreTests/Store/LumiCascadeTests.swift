import Foundation
import GRDB
import Testing
@testable import ImagerCore

/// Deleting a chordset deletes its chords and their lumis, with no orphans; undo puts the
/// lumis back, with their ids, whether or not a save came in between.
@Suite struct LumiCascadeTests {
    func stored(_ count: Int, perChord: Int = 3) throws -> (ChordsetStore, ChordsetController) {
        try SampleLumi.storedWithController(count, perChord: perChord, spacing: 1000)
    }

    func save(_ controller: ChordsetController) throws {
        _ = try #require(controller.save().report)
    }

    @Test func deletingAChordsetInTheStoreDeletesItsChordsAndLumis() throws {
        let (store, controller) = try stored(3)
        #expect(try store.lumiCount() == 3 * 8 * 3)
        try store.writer.write { db in try db.execute(sql: "DELETE FROM chordset WHERE id = ?", arguments: [controller.chordsets[0].id.uuidString]) }
        #expect(try store.lumiCount() == 2 * 8 * 3)
        #expect(try store.counts().chords == 2 * 8)
        #expect(try store.orphanLumis() == 0)
        #expect(try store.foreignKeyViolations() == 0)
    }

    @Test func deleteSaveUndoSaveRestoresEveryLumiWithItsID() throws {
        let (store, controller) = try stored(3)
        let victim = controller.chordsets[1]
        let before = controller.lumis(of: victim.id)
        controller.delete(id: victim.id)
        try save(controller)
        #expect(try store.lumiCount() == 2 * 8 * 3)
        #expect(try store.orphanLumis() == 0)
        controller.undo()
        #expect(controller.lumis(of: victim.id) == before, "shown again before any save")
        try save(controller)
        #expect(try store.lumiCount() == 3 * 8 * 3)
        #expect(try store.lumis(of: victim.id).lumis == before)
        controller.redo()
        try save(controller)
        #expect(try store.lumiCount() == 2 * 8 * 3)
    }

    @Test func deleteUndoWithoutASaveInBetweenWritesNoDuplicates() throws {
        let (store, controller) = try stored(2)
        let victim = controller.chordsets[0]
        let before = controller.lumis(of: victim.id)
        controller.delete(id: victim.id)
        controller.undo()
        try save(controller)
        #expect(try store.lumiCount() == 2 * 8 * 3)
        #expect(try store.lumis(of: victim.id).lumis == before)
        #expect(try store.orphanLumis() == 0)
    }

    @Test func deleteAllThenUndoAfterASaveRestoresEveryLumi() throws {
        let (store, controller) = try stored(4)
        let before = Dictionary(uniqueKeysWithValues: controller.chordsets.map { ($0.id, try! store.lumis(of: $0.id).lumis) })
        controller.deleteAll()
        try save(controller)
        #expect(try store.lumiCount() == 0)
        #expect(try store.counts().chords == 0)
        controller.undo()
        try save(controller)
        #expect(try store.lumiCount() == 4 * 8 * 3)
        for (id, lumis) in before { #expect(try store.lumis(of: id).lumis == lumis) }
    }

    @Test func deleteAllOfManyReadsLumisInOnePassAndUndoRestoresThem() throws {
        let count = ChordsetController.lumiReadsOneByOne + 10
        let (store, controller) = try stored(count, perChord: 1)
        let sample = controller.chordsets[count / 2].id
        let before = try store.lumis(of: sample).lumis
        controller.deleteAll()
        try save(controller)
        #expect(try store.lumiCount() == 0)
        controller.undo()
        #expect(controller.lumis(of: sample) == before)
        try save(controller)
        #expect(try store.lumiCount() == count * 8)
        #expect(try store.lumis(of: sample).lumis == before)
    }

    @Test func undoingAnAddOfAChordsetWithEditedLumisAndRedoingKeepsThem() throws {
        let (store, controller) = try stored(0)
        let added = try #require(controller.add())
        let lumis = [SampleLumi.lumi(5)]
        controller.setLumis(lumis, slot: 2, of: added.id)
        try save(controller)
        controller.undo()   // the lumi edit
        controller.undo()   // the add
        try save(controller)
        #expect(try store.counts().chordsets == 0)
        #expect(try store.lumiCount() == 0)
        controller.redo()
        controller.redo()
        try save(controller)
        #expect(try store.lumis(of: added.id).lumis[2] == lumis)
    }

    // MARK: Lumis read from a snapshot (a store on disk)

    /// A store on disk takes snapshots, so the lumis of chordsets taken out are read on
    /// another thread (KeptLumis); the in-memory stores above read them at once.
    func storedOnDisk(_ count: Int, perChord: Int) throws -> (TemporaryDirectory, ChordsetStore, ChordsetController) {
        let folder = try TemporaryDirectory()
        let store = try ChordsetStore.open(at: folder.databaseURL)
        let lumis = (0..<count).map { SampleLumi.chordsetLumis(perChord, slots: Array(0..<Chordset.chordCount), start: $0 * 1000) }
        try store.append(#require(ChordsetsWithLumis(Sample.chordsets(count), lumis: lumis)))
        return (folder, store, try ChordsetController(store: store))
    }

    @Test func deletingSeveralAndSavingAtOnceThenUndoingRestoresTheirLumisFromTheSnapshot() throws {
        let (folder, store, controller) = try storedOnDisk(30, perChord: 2)
        let victims = stride(from: 1, to: 30, by: 3).map { controller.chordsets[$0].id }
        let before = Dictionary(uniqueKeysWithValues: try victims.map { ($0, try store.lumis(of: $0).lumis) })
        controller.delete(ids: victims)
        try save(controller)  // deletes them and their lumis from the store, maybe before the read ran
        #expect(try store.lumiCount() == (30 - victims.count) * 8 * 2)
        controller.undo()
        for id in victims { #expect(controller.lumis(of: id) == before[id], "shown again before any save") }
        try save(controller)
        #expect(try store.lumiCount() == 30 * 8 * 2)
        for id in victims { #expect(try store.lumis(of: id).lumis == before[id]) }
        #expect(try store.orphanLumis() == 0)
        withExtendedLifetime(folder) {}
    }

    @Test func deletingAllOfManyOnDiskThenUndoingRestoresEveryLumi() throws {
        let count = ChordsetController.lumiReadsOneByOne + 10
        let (folder, store, controller) = try storedOnDisk(count, perChord: 1)
        let sample = controller.chordsets[count / 3].id
        let before = try store.lumis(of: sample).lumis
        controller.deleteAll()
        try save(controller)
        #expect(try store.lumiCount() == 0)
        controller.undo()
        try save(controller)
        #expect(try store.lumiCount() == count * 8)
        #expect(try store.lumis(of: sample).lumis == before)
        withExtendedLifetime(folder) {}
    }

    @Test func aLumiEditNotSavedYetIsKeptOverTheStoredLumisByTheDelete() throws {
        let (folder, store, controller) = try storedOnDisk(3, perChord: 1)
        let edited = controller.chordsets[0].id, untouched = controller.chordsets[1].id
        let stored = try store.lumis(of: untouched).lumis
        let lumi = SampleLumi.lumi(7)
        controller.setLumis([lumi], slot: 4, of: edited)
        controller.delete(ids: [edited, untouched])
        controller.undo()
        #expect(controller.lumis(of: edited)[4] == [lumi])
        #expect(controller.lumis(of: untouched) == stored)
        try save(controller)
        #expect(try store.lumis(of: edited).lumis[4] == [lumi])
        #expect(try store.lumis(of: untouched).lumis == stored)
        withExtendedLifetime(folder) {}
    }
}
