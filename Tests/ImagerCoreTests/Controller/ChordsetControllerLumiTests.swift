import Foundation
import GRDB
import Testing
@testable import ImagerCore

/// Lumis through the controller: read on demand, edited as undo steps, saved incrementally.
@Suite struct ChordsetControllerLumiTests {
    /// A store with `count` chordsets, each with `perChord` lumis in slots 0 and 3, and a controller.
    func stored(_ count: Int, perChord: Int = 2) throws -> (ChordsetStore, ChordsetController, [ChordsetLumis]) {
        let store = ChordsetStore.inMemory()
        let lumis = (0..<count).map { SampleLumi.chordsetLumis(perChord, slots: [0, 3], start: $0 * 100) }
        try store.append(#require(ChordsetsWithLumis(Sample.chordsets(count), lumis: lumis)))
        return (store, try ChordsetController(store: store), lumis)
    }

    func saveRows(_ controller: ChordsetController) throws -> Int {
        try #require(controller.save().report).rowsWritten
    }

    @Test func lumisOfAStoredChordsetAreReadOnDemandInOrder() throws {
        let (_, controller, lumis) = try stored(3)
        for (index, chordset) in controller.chordsets.enumerated() {
            #expect(lumiValues(controller.lumis(of: chordset.id)) == lumiValues(lumis[index]))
        }
    }

    @Test func lumisComeBackAfterTheCacheDroppedThem() throws {
        let (store, controller, lumis) = try stored(3)
        controller.lumiCache = LumiCache(capacity: 2)
        let ids = controller.chordsets.map(\.id)
        let first = controller.lumis(of: ids[0])
        for _ in 0..<3 { for id in ids.dropFirst() { _ = controller.lumis(of: id) } }
        #expect(controller.lumiCache.peek(ids[0]) == nil, "the least recently used entry was dropped")
        #expect(controller.lumis(of: ids[0]) == first)
        #expect(lumiValues(first) == lumiValues(lumis[0]))
        #expect(try store.lumis(of: ids[0]).lumis == first)
    }

    @Test func unsavedLumisSurviveTheCacheDroppingCleanOnes() throws {
        let (_, controller, _) = try stored(5)
        controller.lumiCache = LumiCache(capacity: 2)
        let ids = controller.chordsets.map(\.id)
        let edited = [SampleLumi.lumi(900)]
        #expect(controller.setLumis(edited, slot: 5, of: ids[0]) != nil)
        let added = try #require(controller.add())
        let addedLumis = [SampleLumi.lumi(901)]
        #expect(controller.setLumis(addedLumis, slot: 1, of: added.id) != nil)
        for _ in 0..<4 { for id in ids.dropFirst() { _ = controller.lumis(of: id) } }
        #expect(controller.lumis(of: ids[0])[5] == edited)
        #expect(controller.lumis(of: added.id)[1] == addedLumis)
    }

    @Test func setLumisRefusesOutOfRangeTooManyAndRepeatedIDs() throws {
        let (_, controller, _) = try stored(1)
        let id = controller.chordsets[0].id
        var bad = SampleLumi.lumi(1)
        bad.x = 1.5
        #expect(controller.setLumis([bad], slot: 0, of: id) == nil)
        #expect(controller.setLumis((0...Lumi.maximumPerChord).map { SampleLumi.lumi($0) }, slot: 1, of: id) == nil)
        let one = SampleLumi.lumi(2)
        #expect(controller.setLumis([one, one], slot: 1, of: id) == nil)
        let elsewhere = controller.lumis(of: id)[3][0]
        #expect(controller.setLumis([elsewhere], slot: 1, of: id) == nil, "a lumi id already used by slot 3")
        #expect(controller.setLumis([one], slot: 8, of: id) == nil)
        #expect(controller.setLumis([one], slot: 0, of: UUID()) == nil)
        #expect(!controller.canUndo)
        #expect(!controller.hasUnsavedChanges)
    }

    @Test func setLumisIsOneUndoStepAndUndoRedoRestoreExactly() throws {
        let (_, controller, _) = try stored(1)
        let id = controller.chordsets[0].id
        let recorder = ListChangeRecorder(controller)
        let before = controller.lumis(of: id)
        var moved = before[0]
        moved[0].x = 0.75
        let step = try #require(controller.setLumis(moved, slot: 0, of: id))
        #expect(controller.undoStepID == step)
        #expect(controller.undoName == "Edit Chord")
        #expect(recorder.take() == [.updated(index: 0)])
        controller.undo()
        #expect(controller.lumis(of: id) == before)
        #expect(recorder.take() == [.updated(index: 0)])
        controller.redo()
        #expect(controller.lumis(of: id)[0] == moved)
        controller.undo()
        #expect(controller.lumis(of: id) == before)
    }

    @Test func aDragCoalescesIntoOneStepThatUndoesToBeforeIt() throws {
        let (store, controller, _) = try stored(1)
        let id = controller.chordsets[0].id
        let before = controller.lumis(of: id)
        var lumis = before[3]
        var step: Int?
        for x in stride(from: 0.1, through: 0.9, by: 0.1) {
            lumis[1].x = x
            let next = controller.setLumis(lumis, slot: 3, of: id, coalescingWith: step)
            if let step { #expect(next == step) }
            step = next
        }
        #expect(controller.lumis(of: id)[3] == lumis)
        controller.undo()
        #expect(controller.lumis(of: id) == before)
        #expect(!controller.canUndo, "the whole drag was one step")
        controller.redo()
        #expect(controller.lumis(of: id)[3] == lumis)
        #expect(try saveRows(controller) == 2, "the chordset row and the one lumi that moved")
        #expect(try store.lumis(of: id).lumis[3] == lumis)
    }

    @Test func coalescingWithAStepThatIsNotOnTopPushesANewStep() throws {
        let (_, controller, _) = try stored(2)
        let (a, b) = (controller.chordsets[0].id, controller.chordsets[1].id)
        var lumis = controller.lumis(of: a)[0]
        lumis[0].y = 0.5
        let first = try #require(controller.setLumis(lumis, slot: 0, of: a))
        var other = controller.lumis(of: b)[0]
        other[0].y = 0.5
        let second = try #require(controller.setLumis(other, slot: 0, of: b, coalescingWith: first))
        #expect(second != first)
        lumis[0].y = 0.6
        let third = try #require(controller.setLumis(lumis, slot: 0, of: a, coalescingWith: first))
        #expect(third != first, "another edit came in between")
        var sameChordsetOtherSlot = controller.lumis(of: a)[3]
        sameChordsetOtherSlot[0].glow = 1
        #expect(controller.setLumis(sameChordsetOtherSlot, slot: 3, of: a, coalescingWith: third) != third)
    }

    @Test func editingOneLumiWritesThatLumiAndTheChordsetRowOnly() throws {
        let (store, controller, _) = try stored(3, perChord: 5)
        let id = controller.chordsets[1].id
        var lumis = controller.lumis(of: id)[3]
        lumis[2].size = 0.9
        controller.setLumis(lumis, slot: 3, of: id)
        #expect(try saveRows(controller) == 2)
        #expect(try store.lumis(of: id).lumis[3] == lumis)
        #expect(try store.lumiCount() == 3 * 2 * 5)
    }

    @Test func raisingALumiWritesOnlyTheLumisWhoseOrderChanged() throws {
        let (store, controller, _) = try stored(1, perChord: 5)
        let id = controller.chordsets[0].id
        var lumis = controller.lumis(of: id)[0]
        lumis.swapAt(3, 4)
        controller.setLumis(lumis, slot: 0, of: id)
        #expect(try saveRows(controller) == 1 + 2)
        #expect(try store.lumis(of: id).lumis[0] == lumis)
    }

    @Test func addingAndRemovingLumisWritesOneRowEach() throws {
        let (store, controller, _) = try stored(1, perChord: 3)
        let id = controller.chordsets[0].id
        var lumis = controller.lumis(of: id)[0]
        lumis.removeLast()
        lumis.append(SampleLumi.lumi(77))
        controller.setLumis(lumis, slot: 0, of: id)
        #expect(try saveRows(controller) == 1 + 1 + 1)
        #expect(try store.lumis(of: id).lumis[0] == lumis)
        #expect(try store.lumiCount() == 2 * 3)
        #expect(!controller.hasUnsavedChanges)
    }

    @Test func lumisOfANewChordsetAreSavedWithIt() throws {
        let (store, controller, _) = try stored(0)
        let added = try #require(controller.add())
        let lumis = [SampleLumi.lumi(1), SampleLumi.lumi(2, shape: .circle)]
        controller.setLumis(lumis, slot: 7, of: added.id)
        #expect(try saveRows(controller) == 1 + 8 + 2)
        #expect(try store.lumis(of: added.id).lumis[7] == lumis)
        let reopened = try ChordsetController(store: store)
        #expect(reopened.lumis(of: added.id)[7] == lumis)
    }

    @Test func aLumiEditOfAChordsetDeletedElsewhereIsDropped() throws {
        let store = ChordsetStore.inMemory()
        let stored = try store.append(#require(ChordsetsWithLumis(Sample.chordsets(1), lumis: [SampleLumi.chordsetLumis(1)])))
        let controller = try ChordsetController(store: store)
        var lumis = controller.lumis(of: stored[0].id)[0]
        lumis[0].x = 0.25
        controller.setLumis(lumis, slot: 0, of: stored[0].id)
        try store.writer.write { db in try db.execute(sql: "DELETE FROM chordset") }
        #expect(controller.save().report != nil)
        #expect(try store.lumiCount() == 0)
        #expect(controller.chordsets.isEmpty)
    }
}
