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
