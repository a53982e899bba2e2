import Foundation
import Testing
@testable import ImagerCore

/// Deleting and duplicating a selection of several chordsets: one undo step each, and a
/// save that writes only what changed.
@Suite struct ChordsetControllerSeveralTests {
    func stored(_ count: Int, perChord: Int = 0) throws -> (ChordsetStore, ChordsetController) {
        try SampleLumi.storedWithController(count, perChord: perChord, slots: [0, 3], spacing: 100)
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

    /// The view is told which rows went and came back as runs (one for a Shift+click range),
    /// each right when told, so it moves its rows rather than redrawing all of them; replaying
    /// the changes on the old list gives the new one.
    @Test func deletingSeveralTellsTheViewRunsOfRows() throws {
        let (_, controller) = try stored(40)
        var shown = controller.chordsets.map(\.id)
        var changes: [ListChange] = []
        controller.listChanged = { change in
            changes.append(change)
            switch change {
            case let .removed(index, count): shown.removeSubrange(index..<(index + count))
            case let .inserted(index, count):
                shown.insert(contentsOf: controller.chordsets[index..<(index + count)].map(\.id), at: index)
            default: Issue.record("not told as runs: \(change)")
            }
        }
        let picked = [2, 3, 4, 10, 30, 31]
        controller.delete(ids: picked.map { controller.chordsets[$0].id })
        #expect(changes == [.removed(index: 30, count: 2), .removed(index: 10, count: 1), .removed(index: 2, count: 3)])
        #expect(shown == controller.chordsets.map(\.id))

        changes = []
        controller.undo()
        #expect(changes == [.inserted(index: 2, count: 3), .inserted(index: 10, count: 1), .inserted(index: 30, count: 2)])
        #expect(shown == controller.chordsets.map(\.id))
        #expect(controller.count == 40)
    }

    /// Deleting several and undoing it change the list in its own storage: a new array of
    /// 100,000 chordsets each time would copy them all, and leave it full, so the next add
    /// would copy the whole list again to grow it.
    @Test func deletingSeveralAndUndoingChangeTheListWhereItLies() throws {
        let (_, controller) = try stored(200)
        func storage() -> UnsafeRawPointer? { controller.chordsets.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        let before = storage()
        let order = controller.chordsets.map(\.id)
        controller.delete(ids: [3, 4, 5, 50, 120, 199].map { controller.chordsets[$0].id })
        #expect(storage() == before)
        controller.undo()
        #expect(storage() == before)
        #expect(controller.chordsets.map(\.id) == order)
    }

    /// The undo of a delete of several reads their lumis in one transaction, as one read each would.
    @Test func lumisOfEachAgreeWithOneReadEach() throws {
        let (store, controller) = try stored(5, perChord: 2)
        let ids = controller.chordsets.map(\.id) + [UUID()]
        let each = try store.lumis(ofEach: ids)
        #expect(each.lumis.count == 5)
        for id in ids {
            let one = try store.lumis(of: id).lumis
            #expect(each.lumis[id] == (one.isEmpty ? nil : one))
        }
    }

    @Test func deletingChordsetsScatteredAllOverReloadsOnce() throws {
        let (_, controller) = try stored(60)
        var changes: [ListChange] = []
        controller.listChanged = { changes.append($0) }
        let picked = stride(from: 0, to: 60, by: 3).map { controller.chordsets[$0].id }
        #expect(picked.count > ChordsetController.maxRunsToTell)
        controller.delete(ids: picked)
        #expect(changes == [.reloaded(previousCount: 60)])
        changes = []
        controller.undo()
        #expect(changes == [.reloaded(previousCount: 40)])
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
