import Foundation
import Testing
@testable import ImagerCore

/// Moving by id and duplicating: one undo step each, one chordset written each.
@Suite struct ChordsetControllerArrangingTests {
    func stored(_ count: Int, perChord: Int = 0) throws -> (ChordsetStore, ChordsetController) {
        try SampleLumi.storedWithController(count, perChord: perChord, slots: [0, 3], spacing: 100)
    }

    func titles(_ controller: ChordsetController) -> [String] { controller.chordsets.map(\.title) }

    func storedTitles(_ store: ChordsetStore) throws -> [String] { try store.load().chordsets.map(\.title) }

    // MARK: Move by id

    @Test func movingByIdPutsTheChordsetAtTheIndexAndSavesOneRow() throws {
        let (store, controller) = try stored(6)
        let id = controller.chordsets[1].id
        #expect(controller.move(id: id, to: 4))
        #expect(titles(controller) == ["Sample 0", "Sample 2", "Sample 3", "Sample 4", "Sample 1", "Sample 5"])
        #expect(controller.undoName == "Move")
        let report = try #require(controller.save().report)
        #expect(report.rowsWritten == 1)
        #expect(try storedTitles(store) == titles(controller))
    }

    @Test func movingTheFirstUpOrTheLastDownDoesNothing() throws {
        let (_, controller) = try stored(3)
        #expect(!controller.move(id: controller.chordsets[0].id, to: -1))
        #expect(!controller.move(id: controller.chordsets[2].id, to: 3))
        #expect(!controller.move(id: controller.chordsets[1].id, to: 1))
        #expect(!controller.move(id: UUID(), to: 0))
        #expect(!controller.canUndo)
        #expect(!controller.hasUnsavedChanges)
    }

    @Test func movingPastTheEndClampsToTheLastPlace() throws {
        let (_, controller) = try stored(3)
        #expect(controller.move(id: controller.chordsets[0].id, to: 99))
        #expect(titles(controller) == ["Sample 1", "Sample 2", "Sample 0"])
    }

    @Test func oneMoveIsOneUndoStep() throws {
        let (_, controller) = try stored(4)
        let before = titles(controller)
        controller.move(id: controller.chordsets[3].id, to: 0)
        let after = titles(controller)
        controller.undo()
        #expect(titles(controller) == before)
        #expect(!controller.canUndo)
        controller.redo()
        #expect(titles(controller) == after)
    }

    @Test func movingToTheEndWhileOnlyTheFirstPageIsLoadedGoesAfterEveryStoredRow() throws {
        let store = ChordsetStore.inMemory()
        try store.append(Sample.chordsets(10))
        let controller = try ChordsetController(store: store, firstPage: 4)
        #expect(controller.isLoadingRest)
        #expect(controller.move(id: controller.chordsets[0].id, to: 3))
        #expect(!controller.isLoadingRest)
        #expect(titles(controller)[3] == "Sample 0")
        try controller.save()
        #expect(try storedTitles(store) == titles(controller))
    }

    // MARK: Duplicate

    @Test func aDuplicateGoesRightAfterItsOriginalWithANewIdAndTheSameColours() throws {
        let (_, controller) = try stored(3)
        let original = controller.chordsets[1]
        let copy = try #require(controller.duplicate(id: original.id))
        #expect(titles(controller) == ["Sample 0", "Sample 1", "Sample 1 (Copy)", "Sample 2"])
        #expect(controller.chordsets[2].id == copy.id)
        #expect(copy.id != original.id)
        #expect(copy.chords == original.chords)
        #expect(controller.undoName == "Duplicate “Sample 1”")
    }

    @Test func duplicatingTheLastGoesAtTheEnd() throws {
        let (_, controller) = try stored(2)
        controller.duplicate(id: controller.chordsets[1].id)
        #expect(titles(controller) == ["Sample 0", "Sample 1", "Sample 1 (Copy)"])
    }

    @Test func aDuplicateCopiesTheLumisWithNewIds() throws {
        let (store, controller) = try stored(2, perChord: 3)
        let original = controller.chordsets[0]
        let originalLumis = controller.lumis(of: original.id)
        let copy = try #require(controller.duplicate(id: original.id))
        let copiedLumis = controller.lumis(of: copy.id)
        #expect(lumiValues(copiedLumis) == lumiValues(originalLumis))
        let originalIDs = Set(originalLumis.slots.flatMap { $0.map(\.id) })
        #expect(copiedLumis.slots.flatMap { $0.map(\.id) }.allSatisfy { !originalIDs.contains($0) })
        try controller.save()
        #expect(lumiValues(try store.lumis(of: copy.id).lumis) == lumiValues(originalLumis))
        #expect(lumiValues(try store.lumis(of: original.id).lumis) == lumiValues(originalLumis))
    }

    @Test func aDuplicateIsSavedAsOneChordsetAndUndoTakesItOut() throws {
        let (store, controller) = try stored(3)
        let copy = try #require(controller.duplicate(id: controller.chordsets[0].id))
        let report = try #require(controller.save().report)
        #expect(report.rowsWritten == 1 + Chordset.chordCount, "its row and its eight chords")
        #expect(try storedTitles(store) == ["Sample 0", "Sample 0 (Copy)", "Sample 1", "Sample 2"])
        controller.undo()
        #expect(controller.chordset(id: copy.id) == nil)
        #expect(!controller.canUndo)
        try controller.save()
        #expect(try storedTitles(store) == ["Sample 0", "Sample 1", "Sample 2"])
        controller.redo()
        try controller.save()
        #expect(try storedTitles(store) == ["Sample 0", "Sample 0 (Copy)", "Sample 1", "Sample 2"])
    }

    @Test func duplicatingIntoAUsedUpGapRenumbersInTheSameUndoStep() throws {
        let (_, controller) = try stored(3)
        // Each move halves the gap after the first chordset until no Double fits in it.
        for _ in 0..<60 { controller.move(from: 0, to: 1) }
        let before = titles(controller)
        let positions = controller.chordsets.map(\.position)
        controller.duplicate(id: controller.chordsets[0].id)
        #expect(titles(controller) == [before[0], before[0] + " (Copy)", before[1], before[2]])
        let after = controller.chordsets.map(\.position)
        #expect(after == after.sorted() && Set(after).count == 4)
        controller.undo()
        #expect(titles(controller) == before)
        #expect(controller.chordsets.map(\.position) == positions)
    }

    @Test func nothingIsDuplicatedForAnUnknownId() throws {
        let (_, controller) = try stored(2)
        #expect(controller.duplicate(id: UUID()) == nil)
        #expect(!controller.canUndo)
    }

    // MARK: Copy titles

    @Test func aCopysTitleKeepsWithinTheLengthRule() {
        #expect(ChordsetTitle.copy(of: "Warm") == "Warm (Copy)")
        #expect(ChordsetTitle.copy(of: "Warm", pattern: "Kopie von %@") == "Kopie von Warm")
        let long = String(repeating: "é", count: ChordsetTitle.maximumLength)
        let copy = ChordsetTitle.copy(of: long)
        #expect(copy.unicodeScalars.count == ChordsetTitle.maximumLength)
        #expect(copy.hasSuffix(" (Copy)"))
        #expect((try? ChordsetTitle.accepted(copy).get()) == copy)
        let olderAndLonger = String(repeating: "a", count: ChordsetTitle.maximumLength * 3)
        #expect(ChordsetTitle.copy(of: olderAndLonger).unicodeScalars.count == ChordsetTitle.maximumLength)
    }
}

/// A copy never takes a title the list holds: "(Copy)", then "(Copy 2)", "(Copy 3)", as
/// GNOME Files names copies; a copy of a copy counts on from its original's title.
@Suite struct CopyTitleNumberingTests {
    func titles(_ controller: ChordsetController) -> [String] { controller.chordsets.map(\.title) }

    @Test func duplicatingTwiceGivesTheSecondCopyANumber() throws {
        let (_, controller) = try SampleLumi.storedWithController(2, perChord: 0, slots: [0], spacing: 100)
        let original = controller.chordsets[1].id
        controller.duplicate(id: original)
        controller.duplicate(id: original)
        controller.duplicate(id: original)
        #expect(Set(titles(controller)) == ["Sample 0", "Sample 1", "Sample 1 (Copy)", "Sample 1 (Copy 2)", "Sample 1 (Copy 3)"])
        #expect(Set(titles(controller)).count == controller.count)
    }

    @Test func aCopyOfACopyCountsOnFromTheOriginal() throws {
        let (_, controller) = try SampleLumi.storedWithController(1, perChord: 0, slots: [0], spacing: 100)
        let copy = try #require(controller.duplicate(id: controller.chordsets[0].id))
        #expect(copy.title == "Sample 0 (Copy)")
        let second = try #require(controller.duplicate(id: copy.id))
        #expect(second.title == "Sample 0 (Copy 2)")
        let third = try #require(controller.duplicate(id: second.id))
        #expect(third.title == "Sample 0 (Copy 3)")
    }

    @Test func duplicatingSeveralNamesEachCopyApart() throws {
        let (_, controller) = try SampleLumi.storedWithController(2, perChord: 0, slots: [0], spacing: 100)
        let ids = controller.chordsets.map(\.id)
        controller.duplicate(ids: ids)
        controller.duplicate(ids: ids)
        #expect(titles(controller).sorted() == ["Sample 0", "Sample 0 (Copy 2)", "Sample 0 (Copy)",
                                                "Sample 1", "Sample 1 (Copy 2)", "Sample 1 (Copy)"])
    }

    @Test func aNumberedCopysTitleKeepsWithinTheLengthRule() {
        let long = String(repeating: "é", count: ChordsetTitle.maximumLength)
        let first = ChordsetTitle.copy(of: long)
        let second = ChordsetTitle.copy(of: long, besides: { $0 == first })
        #expect(second != first)
        #expect(second.hasSuffix(" (Copy 2)"))
        #expect(second.unicodeScalars.count == ChordsetTitle.maximumLength)
        #expect((try? ChordsetTitle.accepted(second).get()) == second)
        #expect(ChordsetTitle.copy(of: "Warm", pattern: "Kopie von %@", numberedPattern: "Kopie %d von %@",
                                   besides: { $0 == "Kopie von Warm" }) == "Kopie 2 von Warm")
    }
}
