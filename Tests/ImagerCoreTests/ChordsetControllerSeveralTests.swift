import Foundation
import Testing
@testable import ImagerCore

/// Deleting and duplicating a selection of several chordsets: one undo step each, and a
/// save that writes only what changed.
@Suite struct ChordsetControllerSeveralTests {
    func stored(_ count: Int, perChord: Int = 0) throws -> (ChordsetStore, ChordsetController) {
        let store = ChordsetStore.inMemory()
        let lumis = (0..<count).map { SampleLumi.chordsetLumis(perChord, slots: [0, 3], start: $0 * 100) }
        try store.append(#require(ChordsetsWithLumis(Sample.chordsets(count), lumis: lumis)))
        return (store, try ChordsetController(store: store))
    }

    func titles(_ controller: ChordsetController) -> [String] { controller.chordsets.map(\.title) }

    func lumiCount(_ store: ChordsetStore, _ id: UUID) throws -> Int {
        let stored = try store.lumis(of: id).lumis
        return (0..<Chordset.chordCount).map { stored[$0].count }.reduce(0, +)
    }

    @Test func deletingSeveralIsOneStepThatUndoesWhole() throws {
        let (store, controller) = try stored(6, perChord: 2)
        let ids = [controller.chordsets[4].id, controller.chordsets[1].id, UUID()]
        controller.delete(ids: ids)
        #expect(titles(controller) == ["Sample 0", "Sample 2", "Sample 3", "Sample 5"])
        #expect(controller.undoAction == .deleteSeveral(count: 2))
        _ = controller.save()
        #expect(try store.load().chordsets.count == 4)

        controller.undo()
        #expect(titles(controller) == (0..<6).map { "Sample \($0)" })
        #expect(!controller.canUndo)
        _ = controller.save()
        #expect(try store.load().chordsets.map(\.title) == titles(controller))
        #expect(try lumiCount(store, ids[0]) == 4, "the lumis come back with their chordset")
    }

    @Test func deletingOneOfASelectionIsNamedAfterItsTitle() throws {
        let (_, controller) = try stored(3)
        controller.delete(ids: [controller.chordsets[2].id])
        #expect(controller.undoAction == .delete(title: "Sample 2"))
        controller.delete(ids: [UUID()])
        #expect(controller.count == 2)
    }

    @Test func duplicatingSeveralPutsEachCopyAfterItsOriginalInOneStep() throws {
        let (store, controller) = try stored(4, perChord: 1)
        let copies = controller.duplicate(ids: [controller.chordsets[2].id, controller.chordsets[0].id])
        #expect(copies.map(\.title) == ["Sample 0 (Copy)", "Sample 2 (Copy)"])
        #expect(titles(controller) == ["Sample 0", "Sample 0 (Copy)", "Sample 1", "Sample 2", "Sample 2 (Copy)", "Sample 3"])
        #expect(controller.undoAction == .duplicateSeveral(count: 2))
        let report = try #require(controller.save().report)
        #expect(report.rowsWritten >= 2)
        #expect(try store.load().chordsets.map(\.title) == titles(controller))
        #expect(try lumiCount(store, copies[0].id) == 2, "each copy has its original's lumis")

        controller.undo()
        #expect(titles(controller) == (0..<4).map { "Sample \($0)" })
        controller.redo()
        #expect(titles(controller) == ["Sample 0", "Sample 0 (Copy)", "Sample 1", "Sample 2", "Sample 2 (Copy)", "Sample 3"])
    }

    @Test func indicesOfManyIdsAgreeWithOneLookupEach() throws {
        let (_, controller) = try stored(40)
        let ids = stride(from: 39, through: 0, by: -3).map { controller.chordsets[$0].id } + [UUID(), UUID()]
        let found = controller.indices(of: ids)
        #expect(found.count == ids.count - 2)
        for id in ids { #expect(found[id] == controller.index(of: id)) }
        #expect(controller.indices(of: Array(ids.prefix(3))) == Dictionary(uniqueKeysWithValues: ids.prefix(3).map { ($0, controller.index(of: $0)!) }))
    }

    @Test func movingSeveralPutsThemTogetherAfterTheAnchorInOneStep() throws {
        let (store, controller) = try stored(6)
        let ids = controller.chordsets.map(\.id)
        #expect(controller.move(ids: [ids[3], ids[1]], after: ids[4]))
        #expect(titles(controller) == ["Sample 0", "Sample 2", "Sample 4", "Sample 1", "Sample 3", "Sample 5"])
        #expect(controller.undoAction == .move)
        let report = try #require(controller.save().report)
        #expect(report.rowsWritten == 2, "one row per chordset moved")
        #expect(try store.load().chordsets.map(\.title) == titles(controller))

        controller.undo()
        #expect(titles(controller) == (0..<6).map { "Sample \($0)" })
        controller.redo()
        #expect(controller.move(ids: [ids[5], ids[2]], after: nil))
        #expect(titles(controller) == ["Sample 2", "Sample 5", "Sample 0", "Sample 4", "Sample 1", "Sample 3"])
    }

    @Test func movingSeveralWhereTheyAreOrOntoThemselvesDoesNothing() throws {
        let (_, controller) = try stored(4)
        let ids = controller.chordsets.map(\.id)
        #expect(!controller.move(ids: [ids[1], ids[2]], after: ids[0]))
        #expect(!controller.move(ids: [ids[1], ids[2]], after: ids[2]))
        #expect(!controller.move(ids: [UUID()], after: ids[0]))
        #expect(!controller.canUndo)
    }

    @Test func movingSeveralIntoAUsedUpGapRenumbersInTheSameStep() throws {
        let (_, controller) = try stored(5)
        let ids = controller.chordsets.map(\.id)
        // Squeeze: many single moves into the gap after the first row use up its Doubles.
        for _ in 0..<60 { controller.move(id: controller.chordsets[4].id, to: 1) }
        let before = titles(controller)
        #expect(controller.move(ids: [ids[3], ids[4]], after: controller.chordsets[0].id))
        #expect(Array(titles(controller).prefix(3)) == [before[0], "Sample 3", "Sample 4"])
        controller.undo()
        #expect(titles(controller) == before)
    }
}
