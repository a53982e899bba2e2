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
}
