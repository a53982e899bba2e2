import Foundation
import Testing
@testable import ImagerCore

/// The list operations, undo and redo, and what the list view is told.
/// Saving is in `ChordsetControllerSavingTests`.
@Suite struct ChordsetControllerTests {
    let red = RGBAColor(red: 255, green: 0, blue: 0)

    /// A controller over an in-memory store holding `count` saved sample chordsets.
    func controller(with count: Int = 5) throws -> ChordsetController {
        let store = ChordsetStore.inMemory()
        try store.append(Sample.chordsets(count))
        return try ChordsetController(store: store)
    }

    func shown(_ controller: ChordsetController) -> [ShownChordset] {
        controller.chordsets.map(ShownChordset.init)
    }

    func titles(_ controller: ChordsetController) -> [String] {
        controller.chordsets.map(\.title)
    }

    // MARK: Opening

    @Test func aControllerShowsWhatTheStoreHolds() throws {
        let store = ChordsetStore.inMemory()
        let stored = try store.append(Sample.chordsets(4))
        let controller = try ChordsetController(store: store)
        #expect(controller.chordsets == stored)
        #expect(controller.count == 4)
        #expect(!controller.hasUnsavedChanges)
        #expect(!controller.canUndo && !controller.canRedo)
    }

    // MARK: Add

    @Test func addingAppendsEightRandomChordsAfterTheLastChordset() throws {
        let controller = try controller(with: 2)
        let added = controller.add()!
        #expect(controller.chordsets.last == added)
        #expect(added.title == Chordset.defaultTitle)
        #expect(added.position == 2)
        #expect(added.chords.count == 8)
        #expect(controller.unsavedChangeCount == 1)
    }

    @Test func addingToAnEmptyListStartsAtPositionZero() throws {
        let controller = try controller(with: 0)
        #expect(controller.add()?.position == 0)
        #expect(controller.add()?.position == 1)
    }

    @Test func anAddedTitleIsSanitizedAndAnEmptyOneBecomesTheDefault() throws {
        let controller = try controller(with: 0)
        #expect(controller.add(title: "  Night\nSky\u{0} ")?.title == "Night Sky")
        #expect(controller.add(title: " \n ")?.title == Chordset.defaultTitle)
    }

    @Test func aChordsetMadeElsewhereIsAddedAtTheEndKeepingItsColours() throws {
        let controller = try controller(with: 2)
        let colors = (0..<8).map { RGBAColor(red: UInt8($0 * 30), green: 10, blue: 200) }
        let made = Chordset(title: " Photo\n1 ", chords: colors.map(Chord.init(color:)))!
        let added = try #require(controller.add(made))
        #expect(controller.chordsets.last == added)
        #expect(added.id == made.id)
        #expect(added.title == "Photo 1", "the one title rule")
        #expect(added.position == 2)
        #expect(added.chords.map(\.color) == colors)
        #expect(controller.unsavedChangeCount == 1)
    }

    @Test func aChordsetAddedTwiceGetsAFreshIdTheSecondTime() throws {
        let controller = try controller(with: 0)
        let made = Chordset.random(title: "Twice")
        let first = try #require(controller.add(made))
        let second = try #require(controller.add(made))
        #expect(first.id == made.id)
        #expect(second.id != made.id)
        #expect(controller.count == 2)
    }

    @Test func addingUsesTheControllersClock() throws {
        let moment = Date(timeIntervalSince1970: 1_700_000_000)
        let controller = try ChordsetController(store: .inMemory(), clock: { moment })
        let added = controller.add()!
        #expect(added.createdAt == moment)
        #expect(added.updatedAt == moment)
    }

    // MARK: Rename

    @Test func renamingChangesOnlyThatTitle() throws {
        let controller = try controller(with: 3)
        let before = shown(controller)
        #expect(controller.rename(id: before[1].id, to: "Dusk"))
        var expected = before
        expected[1].title = "Dusk"
        #expect(shown(controller) == expected)
    }

    @Test func aRenamedTitleIsSanitized() throws {
        let controller = try controller(with: 1)
        let id = controller.chordsets[0].id
        #expect(controller.rename(id: id, to: "\tDusk\u{0}\ntill\rdawn  "))
        #expect(controller.chordsets[0].title == "Dusk till dawn")
    }

    @Test(arguments: ["", "   ", "\n\t", "\u{0}", " \u{7F} "])
    func anEmptyOrBlankRenameKeepsTheOldTitle(_ title: String) throws {
        let controller = try controller(with: 1)
        let id = controller.chordsets[0].id
        #expect(!controller.rename(id: id, to: title))
        #expect(controller.chordsets[0].title == "Sample 0")
        #expect(!controller.canUndo)
        #expect(!controller.hasUnsavedChanges)
    }

    @Test func renamingToTheSameTitleOrAnUnknownIdChangesNothing() throws {
        let controller = try controller(with: 1)
        #expect(!controller.rename(id: controller.chordsets[0].id, to: " Sample 0 "))
        #expect(!controller.rename(id: UUID(), to: "Ghost"))
        #expect(!controller.canUndo)
        #expect(!controller.hasUnsavedChanges)
    }

    // MARK: Delete

    @Test func deletingRemovesOnlyThatChordset() throws {
        let controller = try controller(with: 3)
        let before = shown(controller)
        controller.delete(id: before[1].id)
        #expect(shown(controller) == [before[0], before[2]])
        #expect(controller.chordset(id: before[1].id) == nil)
    }

    @Test func deletingAnUnknownIdDoesNothing() throws {
        let controller = try controller(with: 2)
        controller.delete(id: UUID())
        #expect(controller.count == 2)
        #expect(!controller.canUndo)
    }

    @Test func deletingAllEmptiesTheList() throws {
        let controller = try controller(with: 4)
        controller.deleteAll()
        #expect(controller.isEmpty)
        #expect(controller.unsavedChangeCount == 4)
        controller.deleteAll()
        #expect(controller.undoName == "Delete All")
    }

    // MARK: Move

    @Test(arguments: [(0, 4), (4, 0), (1, 3), (3, 1), (0, 1), (1, 0), (2, 2), (3, 4), (4, 3)])
    func movingPutsTheChordsetAtTheTargetIndexAndKeepsTheOthersInOrder(from: Int, to: Int) throws {
        let controller = try controller(with: 5)
        var expected = titles(controller)
        expected.insert(expected.remove(at: from), at: to)
        controller.move(from: from, to: to)
        #expect(titles(controller) == expected)
        #expect(controller.chordsets.map(\.position) == controller.chordsets.map(\.position).sorted())
        #expect(controller.unsavedChangeCount == (from == to ? 0 : 1))
    }

    @Test func movingOutOfRangeDoesNothing() throws {
        let controller = try controller(with: 3)
        let before = shown(controller)
        controller.move(from: 3, to: 0)
        controller.move(from: 0, to: 3)
        controller.move(from: -1, to: 0)
        #expect(shown(controller) == before)
        #expect(!controller.canUndo)
    }

    @Test func manyMovesMatchAnArrayDoingTheSame() throws {
        let controller = try controller(with: 8)
        var expected = titles(controller)
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<500 {
            let from = Int.random(in: 0..<8, using: &generator), to = Int.random(in: 0..<8, using: &generator)
            controller.move(from: from, to: to)
            expected.insert(expected.remove(at: from), at: to)
            #expect(titles(controller) == expected)
        }
        #expect(Set(controller.chordsets.map(\.position)).count == 8)
    }

    @Test func movingIntoTheSameGapUntilPositionsRunOutStillKeepsOrder() throws {
        let controller = try controller(with: 3)
        var expected = titles(controller)
        // Each move halves the gap between the first two: doubles run out after ~50.
        for _ in 0..<120 {
            controller.move(from: 0, to: 1)
            expected.insert(expected.remove(at: 0), at: 1)
        }
        #expect(titles(controller) == expected)
        let positions = controller.chordsets.map(\.position)
        #expect(positions == positions.sorted() && Set(positions).count == 3)
    }

    @Test func undoingMovesAfterPositionsWereRenumberedRestoresTheOrder() throws {
        let controller = try controller(with: 3)
        var orders = [titles(controller)]
        for _ in 0..<120 {
            controller.move(from: 0, to: 1)
            orders.append(titles(controller))
        }
        for expected in orders.reversed().dropFirst() {
            controller.undo()
            #expect(titles(controller) == expected)
        }
        #expect(titles(controller) == ["Sample 0", "Sample 1", "Sample 2"])
        for expected in orders.dropFirst() {
            controller.redo()
            #expect(titles(controller) == expected)
        }
        let positions = controller.chordsets.map(\.position)
        #expect(positions == positions.sorted() && Set(positions).count == 3)
    }

    // MARK: Colours

    @Test func settingAColourChangesOnlyThatSlot() throws {
        let controller = try controller(with: 2)
        let id = controller.chordsets[1].id
        controller.setColor(red, slot: 6, of: id)
        var expected = Sample.colors(1)
        expected[6] = red
        #expect(controller.chordsets[1].chords.map(\.color) == expected)
        #expect(controller.chordsets[0].chords.map(\.color) == Sample.colors(0))
    }

    @Test func settingTheSameColourABadSlotOrAnUnknownIdDoesNothing() throws {
        let controller = try controller(with: 1)
        let id = controller.chordsets[0].id
        controller.setColor(Sample.colors()[2], slot: 2, of: id)
        controller.setColor(red, slot: 8, of: id)
        controller.setColor(red, slot: -1, of: id)
        controller.setColor(red, slot: 0, of: UUID())
        #expect(controller.chordsets[0].chords.map(\.color) == Sample.colors())
        #expect(!controller.canUndo)
        #expect(!controller.hasUnsavedChanges)
    }

    // MARK: Import

    @Test func importedChordsetsGoAfterTheLastOneInFileOrder() throws {
        let controller = try controller(with: 2)
        let imported = try controller.importChordsets([Sample.chordset("A", position: 7), Sample.chordset("B", position: 0)])
        #expect(titles(controller) == ["Sample 0", "Sample 1", "A", "B"])
        #expect(imported.map(\.position) == [2, 3])
    }

    @Test func importedIdsAlreadyInTheListGetFreshOnes() throws {
        let controller = try controller(with: 1)
        let existing = controller.chordsets[0]
        let repeated = UUID()
        let imported = try controller.importChordsets([
            Sample.chordset("Copy", id: existing.id, seed: 5),
            Sample.chordset("Twin", id: repeated),
            Sample.chordset("Twin again", id: repeated),
        ])
        #expect(imported[0].id != existing.id)
        #expect(imported[0].chords.map(\.color) == Sample.colors(5))
        #expect(imported[1].id == repeated)
        #expect(imported[2].id != repeated)
        #expect(Set(controller.chordsets.map(\.id)).count == 4)
        #expect(controller.chordset(id: existing.id) == existing)
    }

    @Test func importingNothingChangesNothing() throws {
        let controller = try controller(with: 1)
        #expect(try controller.importChordsets([]).isEmpty)
        #expect(!controller.canUndo)
    }

    // MARK: Undo and redo

    /// Runs `operation`, undoes it, redoes it, and checks the list at every step.
    func checkUndoAndRedo(of name: String, on controller: ChordsetController,
                          _ operation: (ChordsetController) throws -> Void) throws {
        let before = shown(controller)
        try operation(controller)
        let after = shown(controller)
        #expect(after != before, "\(name) changed nothing")
        #expect(controller.undoName == name)
        #expect(controller.redoName == nil)

        controller.undo()
        #expect(shown(controller) == before, "undo \(name)")
        #expect(controller.undoName == nil)
        #expect(controller.redoName == name)

        controller.redo()
        #expect(shown(controller) == after, "redo \(name)")
        #expect(controller.undoName == name)
        #expect(controller.redoName == nil)

        controller.undo()
        #expect(shown(controller) == before, "undo \(name) again")
    }

    @Test func addIsUndoable() throws {
        try checkUndoAndRedo(of: "Add Chordset", on: controller()) { $0.add(title: "New") }
    }

    @Test func addingAChordsetMadeElsewhereIsOneUndoStepNamedAfterIt() throws {
        try checkUndoAndRedo(of: "Add “Harbour”", on: controller()) { $0.add(Chordset.random(title: "Harbour")) }
    }

    @Test func renameIsUndoable() throws {
        try checkUndoAndRedo(of: "Rename", on: controller()) { $0.rename(id: $0.chordsets[2].id, to: "Dusk") }
    }

    @Test func deleteIsUndoableAndNamedAfterTheChordset() throws {
        try checkUndoAndRedo(of: "Delete “Sample 2”", on: controller()) { $0.delete(id: $0.chordsets[2].id) }
    }

    @Test func deletingTheFirstAndLastIsUndoable() throws {
        try checkUndoAndRedo(of: "Delete “Sample 0”", on: controller()) { $0.delete(id: $0.chordsets[0].id) }
        try checkUndoAndRedo(of: "Delete “Sample 4”", on: controller()) { $0.delete(id: $0.chordsets[4].id) }
    }

    @Test func deleteAllIsUndoable() throws {
        try checkUndoAndRedo(of: "Delete All", on: controller()) { $0.deleteAll() }
    }

    @Test func moveIsUndoable() throws {
        try checkUndoAndRedo(of: "Move", on: controller()) { $0.move(from: 0, to: 3) }
        try checkUndoAndRedo(of: "Move", on: controller()) { $0.move(from: 4, to: 0) }
    }

    @Test func colourChangeIsUndoable() throws {
        try checkUndoAndRedo(of: "Change Colour", on: controller()) { $0.setColor(red, slot: 7, of: $0.chordsets[3].id) }
    }

    @Test func importIsUndoable() throws {
        try checkUndoAndRedo(of: "Import Chordset", on: controller()) { _ = try $0.importChordsets([Sample.chordset("In")]) }
        try checkUndoAndRedo(of: "Import 3 Chordsets", on: controller()) { _ = try $0.importChordsets(Sample.chordsets(3)) }
        try checkUndoAndRedo(of: "Import 2 Chordsets", on: controller(with: 0)) { _ = try $0.importChordsets(Sample.chordsets(2)) }
    }

    @Test func undoWalksBackThroughEveryStepAndRedoForward() throws {
        let controller = try controller(with: 3)
        var states = [shown(controller)]
        var names: [String] = []
        let steps: [(String, (ChordsetController) throws -> Void)] = [
            ("Add Chordset", { $0.add(title: "Fresh") }),
            ("Rename", { $0.rename(id: $0.chordsets[0].id, to: "First") }),
            ("Move", { $0.move(from: 3, to: 0) }),
            ("Change Colour", { $0.setColor(RGBAColor(red: 1, green: 2, blue: 3), slot: 0, of: $0.chordsets[1].id) }),
            ("Delete “Sample 1”", { $0.delete(id: $0.chordsets[2].id) }),
            ("Import 2 Chordsets", { _ = try $0.importChordsets(Sample.chordsets(2)) }),
            ("Delete All", { $0.deleteAll() }),
        ]
        for (name, step) in steps {
            try step(controller)
            states.append(shown(controller))
            names.append(name)
            #expect(controller.undoName == name)
        }
        for index in stride(from: steps.count - 1, through: 0, by: -1) {
            controller.undo()
            #expect(shown(controller) == states[index], "undo \(names[index])")
            #expect(controller.redoName == names[index])
        }
        #expect(!controller.canUndo)
        for index in 0..<steps.count {
            controller.redo()
            #expect(shown(controller) == states[index + 1], "redo \(names[index])")
        }
        #expect(!controller.canRedo)
    }

    @Test func aNewEditClearsRedo() throws {
        let controller = try controller(with: 2)
        controller.rename(id: controller.chordsets[0].id, to: "One")
        controller.rename(id: controller.chordsets[1].id, to: "Two")
        controller.undo()
        #expect(controller.canRedo)
        controller.add()
        #expect(!controller.canRedo)
        #expect(controller.redoName == nil)
        controller.redo()
        #expect(titles(controller).prefix(2) == ["One", "Sample 1"])
    }

    @Test func undoAndRedoWithNothingToDoChangeNothing() throws {
        let controller = try controller(with: 2)
        let before = shown(controller)
        controller.undo()
        controller.redo()
        #expect(shown(controller) == before)
        #expect(!controller.hasUnsavedChanges)
    }

    // MARK: What the list view is told

    @Test func everyOperationReportsTheRowsItChanged() throws {
        let controller = try controller(with: 4)
        let changes = ListChangeRecorder(controller)
        let ids = controller.chordsets.map(\.id)

        controller.add()
        #expect(changes.take() == [.inserted(index: 4, count: 1)])
        controller.rename(id: ids[2], to: "Two")
        #expect(changes.take() == [.updated(index: 2)])
        controller.setColor(red, slot: 1, of: ids[1])
        #expect(changes.take() == [.updated(index: 1)])
        controller.move(from: 0, to: 3)
        #expect(changes.take() == [.moved(from: 0, to: 3)])
        controller.delete(id: ids[3])
        #expect(changes.take() == [.removed(index: 2, count: 1)])
        controller.undo()
        #expect(changes.take() == [.inserted(index: 2, count: 1)])
        try controller.importChordsets([Sample.chordset("One")])
        #expect(changes.take() == [.inserted(index: 5, count: 1)])
        try controller.importChordsets(Sample.chordsets(2))
        #expect(changes.take() == [.inserted(index: 6, count: 2)])
        controller.undo()
        #expect(changes.take() == [.removed(index: 6, count: 2)])
        controller.redo()
        #expect(changes.take() == [.inserted(index: 6, count: 2)])
        controller.deleteAll()
        #expect(changes.take() == [.removed(index: 0, count: 8)])
        controller.undo()
        #expect(changes.take() == [.inserted(index: 0, count: 8)])
        #expect(controller.count == 8)
    }

    @Test func changesReplayedOnACopyRebuildTheList() throws {
        // A list view that applies each change to its own copy must end up with the same rows.
        let controller = try controller(with: 5)
        var mirror = controller.chordsets.map(\.id)
        controller.listChanged = { [unowned controller] change in
            switch change {
            case let .inserted(index, count):
                mirror.insert(contentsOf: controller.chordsets[index..<index + count].map(\.id), at: index)
            case let .removed(index, count):
                mirror.removeSubrange(index..<index + count)
            case let .updated(index):
                #expect(mirror[index] == controller.chordsets[index].id)
            case let .moved(from, to):
                mirror.insert(mirror.remove(at: from), at: to)
                #expect(mirror[to] == controller.chordsets[to].id)
            case .reloaded:
                mirror = controller.chordsets.map(\.id)
            }
        }
        var generator = SeededGenerator(seed: 21)
        for _ in 0..<400 {
            let count = controller.count
            switch Int.random(in: 0..<9, using: &generator) {
            case 0: controller.add()
            case 1 where count > 0: controller.delete(id: controller.chordsets[Int.random(in: 0..<count, using: &generator)].id)
            case 2 where count > 0: controller.move(from: Int.random(in: 0..<count, using: &generator), to: Int.random(in: 0..<count, using: &generator))
            case 3 where count > 0: controller.rename(id: controller.chordsets[Int.random(in: 0..<count, using: &generator)].id, to: "R\(Int.random(in: 0..<9, using: &generator))")
            case 4: controller.undo()
            case 5: controller.redo()
            case 6: _ = try controller.importChordsets(Sample.chordsets(Int.random(in: 1...3, using: &generator)))
            case 7 where Int.random(in: 0..<10, using: &generator) == 0: controller.deleteAll()
            case 8 where count > 1:
                // Several at once, picked anywhere: told as runs of rows, undone the same way.
                let picked = (0..<Int.random(in: 2...6, using: &generator)).map { _ in
                    controller.chordsets[Int.random(in: 0..<count, using: &generator)].id
                }
                controller.delete(ids: picked)
            default: controller.undo()
            }
        }
        #expect(mirror == controller.chordsets.map(\.id))
    }
}
