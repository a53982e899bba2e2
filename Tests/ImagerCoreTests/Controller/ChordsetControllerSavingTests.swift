import Foundation
import GRDB
import Testing
@testable import ImagerCore

/// `ChordsetController.save()` and `mergeExternalChanges()`: what reaches the database.
@Suite struct ChordsetControllerSavingTests {
    let red = RGBAColor(red: 255, green: 0, blue: 0)

    /// An in-memory store with `count` saved chordsets and a controller over it, on the real clock.
    func saved(_ count: Int) throws -> (ChordsetStore, ChordsetController) {
        let store = ChordsetStore.inMemory()
        try store.append(Sample.chordsets(count))
        return (store, try ChordsetController(store: store))
    }

    /// Saves, checks the save succeeded, and returns the rows it wrote.
    func rowsWritten(by controller: ChordsetController, sourceLocation: SourceLocation = #_sourceLocation) -> Int? {
        let outcome = controller.save()
        #expect(outcome.report != nil, "save failed: \(outcome)", sourceLocation: sourceLocation)
        return outcome.report?.rowsWritten
    }

    /// The database says what the window shows: same chordsets, same order, eight chords each.
    func expectStoreMatches(_ controller: ChordsetController, _ store: ChordsetStore,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try store.loadAll() == controller.chordsets, sourceLocation: sourceLocation)
        let counts = try store.counts()
        #expect(counts.chords == 8 * counts.chordsets, sourceLocation: sourceLocation)
        #expect(try store.foreignKeyViolations() == 0, sourceLocation: sourceLocation)
        #expect(try store.chordsetsWithoutEightChords() == 0, sourceLocation: sourceLocation)
    }

    // MARK: Incremental saves

    @Test func aSaveWithNothingChangedWritesNothing() throws {
        let (_, controller) = try saved(20)
        let report = try #require(controller.save().report)
        #expect(report.rowsWritten == 0)
        #expect(report.chordsets == 20)
        #expect(report.chords == 160)
        #expect(controller.lastSaveReport == report)
    }

    @Test func renamingOneWritesOneRow() throws {
        let (store, controller) = try saved(50)
        let id = controller.chordsets[17].id
        controller.rename(id: id, to: "Dusk")
        #expect(rowsWritten(by: controller) == 1)
        #expect(try store.storedTitle(of: id) == "Dusk")
        #expect(try store.storedTitle(of: controller.chordsets[16].id) == "Sample 16")
        try expectStoreMatches(controller, store)
    }

    @Test func renamingTwiceBeforeSavingStillWritesOneRow() throws {
        let (store, controller) = try saved(10)
        let id = controller.chordsets[3].id
        controller.rename(id: id, to: "Dusk")
        controller.rename(id: id, to: "Dawn")
        #expect(rowsWritten(by: controller) == 1)
        #expect(try store.storedTitle(of: id) == "Dawn")
    }

    @Test func changingOneColourWritesTheRowAndThatChord() throws {
        let (store, controller) = try saved(50)
        let id = controller.chordsets[8].id
        controller.setColor(red, slot: 5, of: id)
        #expect(rowsWritten(by: controller) == 2)
        var expected = Sample.colors(8).map(\.packed)
        expected[5] = red.packed
        #expect(try store.storedColors(of: id) == expected)
        try expectStoreMatches(controller, store)
    }

    @Test func changingTwoColoursOfOneChordsetWritesTheRowAndTwoChords() throws {
        let (_, controller) = try saved(10)
        let id = controller.chordsets[0].id
        controller.setColor(red, slot: 1, of: id)
        controller.setColor(red, slot: 6, of: id)
        #expect(rowsWritten(by: controller) == 3)
    }

    @Test func deletingOneWritesItsRowAndEightChords() throws {
        let (store, controller) = try saved(50)
        let id = controller.chordsets[30].id
        controller.delete(id: id)
        #expect(rowsWritten(by: controller) == 9)
        #expect(try store.counts() == (49, 392))
        #expect(try store.storedTitle(of: id) == nil)
        try expectStoreMatches(controller, store)
    }

    @Test func addingOneWritesItsRowAndEightChords() throws {
        let (store, controller) = try saved(50)
        let added = controller.add(title: "Fresh")!
        #expect(rowsWritten(by: controller) == 9)
        #expect(try store.counts() == (51, 408))
        #expect(try store.storedColors(of: added.id) == added.chords.map(\.color.packed))
        try expectStoreMatches(controller, store)
    }

    @Test func movingOneWritesOneRow() throws {
        let (store, controller) = try saved(50)
        controller.move(from: 40, to: 3)
        #expect(rowsWritten(by: controller) == 1)
        try expectStoreMatches(controller, store)
        controller.move(from: 0, to: 49)
        #expect(rowsWritten(by: controller) == 1)
        try expectStoreMatches(controller, store)
    }

    @Test func deletingAllWritesEveryRow() throws {
        let (store, controller) = try saved(20)
        controller.deleteAll()
        #expect(rowsWritten(by: controller) == 180)
        #expect(try store.counts() == (0, 0))
    }

    @Test func importingIsWrittenByTheStoreAtOnceAndLeavesNothingToSave() throws {
        let (store, controller) = try saved(5)
        try controller.importChordsets(Sample.chordsets(3))
        #expect(try store.counts() == (8, 64))
        #expect(!controller.hasUnsavedChanges)
        #expect(rowsWritten(by: controller) == 0)
        try expectStoreMatches(controller, store)
    }

    @Test func aChordsetAddedAndDeletedBeforeSavingIsNeverWritten() throws {
        let (store, controller) = try saved(5)
        let added = controller.add()!
        controller.delete(id: added.id)
        #expect(rowsWritten(by: controller) == 0)
        #expect(!controller.hasUnsavedChanges)
        #expect(try store.counts() == (5, 40))
    }

    @Test func theReportCountsTheListAfterTheSave() throws {
        let (_, controller) = try saved(12)
        controller.add()
        controller.delete(id: controller.chordsets[0].id)
        controller.delete(id: controller.chordsets[0].id)
        let report = try #require(controller.save().report)
        #expect(report.chordsets == 11)
        #expect(report.chords == 88)
        #expect(report.rowsWritten == 27)
        #expect(report.line.hasPrefix("Saved 11 chordsets (88 chords): 27 rows written in "))
        #expect(report.line.hasSuffix(" ms"))
        #expect(!controller.hasUnsavedChanges)
    }

    // MARK: Undo and redo reach the database

    @Test func undoingASavedDeleteBringsTheRowBackWithItsChordsAndId() throws {
        let (store, controller) = try saved(5)
        let deleted = controller.chordsets[2]
        controller.delete(id: deleted.id)
        #expect(rowsWritten(by: controller) == 9)
        #expect(try store.storedTitle(of: deleted.id) == nil)

        controller.undo()
        #expect(rowsWritten(by: controller) == 9)
        let back = try #require(try store.loadAll().first { $0.id == deleted.id })
        #expect(back == deleted)
        #expect(try store.storedColors(of: deleted.id) == Sample.colors(2).map(\.packed))
        try expectStoreMatches(controller, store)

        controller.redo()
        #expect(rowsWritten(by: controller) == 9)
        #expect(try store.storedTitle(of: deleted.id) == nil)
        try expectStoreMatches(controller, store)
    }

    @Test func undoingEachSavedOperationIsSaved() throws {
        let (store, controller) = try saved(6)
        let operations: [(String, (ChordsetController) throws -> Void)] = [
            ("add", { $0.add() }),
            ("rename", { $0.rename(id: $0.chordsets[1].id, to: "Dusk") }),
            ("delete", { $0.delete(id: $0.chordsets[4].id) }),
            ("move", { $0.move(from: 0, to: 4) }),
            ("colour", { $0.setColor(RGBAColor(red: 9, green: 9, blue: 9), slot: 3, of: $0.chordsets[2].id) }),
            ("import", { _ = try $0.importChordsets(Sample.chordsets(2)) }),
            ("delete all", { $0.deleteAll() }),
        ]
        for (name, operation) in operations {
            let before = try store.loadAll()
            try operation(controller)
            #expect(controller.save().report != nil, "\(name)")
            let after = try store.loadAll()
            #expect(after != before, "\(name) saved nothing")

            controller.undo()
            #expect(controller.save().report != nil)
            #expect(try store.loadAll().map(ShownChordset.init)
                == before.map(ShownChordset.init), "undo \(name)")
            try expectStoreMatches(controller, store)

            controller.redo()
            #expect(controller.save().report != nil)
            #expect(try store.loadAll().map(ShownChordset.init)
                == after.map(ShownChordset.init), "redo \(name)")
            try expectStoreMatches(controller, store)
        }
    }

    // MARK: Failed saves

    @Test func aFailedSaveKeepsTheChangesAndWritesNothingUntilItCan() throws {
        let folder = try TemporaryDirectory()
        let store = try ChordsetStore.open(at: folder.databaseURL)
        let stored = try store.append(Sample.chordsets(6))
        let controller = try ChordsetController(store: store)

        controller.rename(id: stored[0].id, to: "Renamed")
        controller.delete(id: stored[1].id)
        controller.setColor(red, slot: 2, of: stored[2].id)
        controller.move(from: 0, to: 3)
        let added = controller.add(title: "Added")!
        // The added chordset's row and seven chords go in before the disk gives up.
        try store.failWrites(to: "chord", when: "NEW.slot = 7")

        guard case let .failed(error) = controller.save() else {
            Issue.record("the save succeeded")
            return
        }
        #expect(error.description.contains("disk says no"))
        #expect(controller.saveError == error)
        #expect(controller.hasUnsavedChanges)
        #expect(controller.unsavedChangeCount == 4)
        #expect(try store.loadAll() == stored)
        #expect(try store.counts() == (6, 48))

        try store.stopFailingWrites(to: "chord")
        #expect(rowsWritten(by: controller) == 1 + 9 + 2 + 9)
        #expect(controller.saveError == nil)
        #expect(!controller.hasUnsavedChanges)
        #expect(try store.storedTitle(of: added.id) == "Added")
        try expectStoreMatches(controller, store)
    }

    @Test func editsMadeAfterAFailedSaveAreWrittenWithTheEarlierOnes() throws {
        let (store, controller) = try saved(3)
        let id = controller.chordsets[0].id
        controller.rename(id: id, to: "First try")
        try store.failWrites("UPDATE", to: "chordset")
        #expect(controller.save().report == nil)
        #expect(try store.storedTitle(of: id) == "Sample 0")
        controller.rename(id: id, to: "Second try")
        controller.add()
        try store.stopFailingWrites("UPDATE", to: "chordset")
        #expect(rowsWritten(by: controller) == 10)
        #expect(try store.storedTitle(of: id) == "Second try")
        try expectStoreMatches(controller, store)
    }

    // MARK: The invariant

    /// Random edits, undos, imports and saves: after every save the database holds exactly the
    /// list, eight chords per chordset and no chord without its chordset.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func noChordIsEverOrphanedWhateverTheEdits(seed: UInt64) throws {
        let folder = try TemporaryDirectory()
        let store = try ChordsetStore.open(at: folder.databaseURL)
        _ = try store.seedIfNeeded { Sample.chordsets(6) }
        let controller = try ChordsetController(store: store)
        var generator = SeededGenerator(seed: seed)
        func pick() -> Chordset? {
            controller.isEmpty ? nil : controller.chordsets[Int.random(in: 0..<controller.count, using: &generator)]
        }

        var saves = 0
        for step in 0..<400 {
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<15: controller.add(title: "Added \(step)")
            case 15..<25: if let c = pick() { controller.rename(id: c.id, to: "Renamed \(step)") }
            case 25..<37: if let c = pick() { controller.delete(id: c.id) }
            case 37..<39: controller.deleteAll()
            case 39..<50:
                if !controller.isEmpty {
                    controller.move(from: Int.random(in: 0..<controller.count, using: &generator),
                                    to: Int.random(in: 0..<controller.count, using: &generator))
                }
            case 50..<62:
                if let c = pick() {
                    controller.setColor(.randomPleasant(using: &generator), slot: Int.random(in: 0..<8, using: &generator), of: c.id)
                }
            case 62..<75: controller.undo()
            case 75..<83: controller.redo()
            case 83..<90:
                // Re-importing what is already there gives copies with fresh ids.
                let some = controller.chordsets.shuffled(using: &generator).prefix(2)
                _ = try controller.importChordsets(Array(some) + [Sample.chordset("Imported \(step)")])
            default:
                #expect(controller.save().report != nil)
                saves += 1
                try expectStoreMatches(controller, store)
            }
        }
        #expect(controller.save().report != nil)
        try expectStoreMatches(controller, store)
        #expect(saves > 20)

        let list = controller.chordsets
        try closeConnections(of: store)
        let reopened = try ChordsetStore.open(at: folder.databaseURL)
        #expect(try reopened.loadAll() == list)
        #expect(try reopened.foreignKeyViolations() == 0)
    }

    // MARK: Another process writing

    @Test func chordsetsImportedByAnotherProcessAreMergedUnderUnsavedEdits() throws {
        let folder = try TemporaryDirectory()
        let window = try ChordsetStore.open(at: folder.databaseURL)
        let terminal = try ChordsetStore.open(at: folder.databaseURL)
        try window.append(Sample.chordsets(3))
        let controller = try ChordsetController(store: window)
        let changes = ListChangeRecorder(controller)
        let renamed = controller.chordsets[1].id
        controller.rename(id: renamed, to: "Mine")
        _ = changes.take()

        let imported = try terminal.append([Sample.chordset("From the terminal"), Sample.chordset("And another")])

        #expect(try controller.mergeExternalChanges())
        #expect(controller.chordsets.map(\.title) == ["Sample 0", "Mine", "Sample 2", "From the terminal", "And another"])
        #expect(controller.chordsets.suffix(2).map(\.id) == imported.map(\.id))
        #expect(changes.take() == [.reloaded(previousCount: 3)])
        #expect(controller.hasUnsavedChanges)

        #expect(rowsWritten(by: controller) == 1)
        try expectStoreMatches(controller, terminal)
    }

    @Test func mergingWithNothingNewChangesNothing() throws {
        let folder = try TemporaryDirectory()
        let window = try ChordsetStore.open(at: folder.databaseURL)
        try window.append(Sample.chordsets(2))
        let controller = try ChordsetController(store: window)
        let changes = ListChangeRecorder(controller)
        controller.add()
        #expect(controller.save().report != nil)
        _ = changes.take()
        #expect(try !controller.mergeExternalChanges())
        #expect(changes.take().isEmpty)
        #expect(controller.count == 3)
    }

    @Test func anImportByAnotherProcessIsMergedEvenAfterASave() throws {
        let folder = try TemporaryDirectory()
        let window = try ChordsetStore.open(at: folder.databaseURL)
        let terminal = try ChordsetStore.open(at: folder.databaseURL)
        try window.append(Sample.chordsets(2))
        let controller = try ChordsetController(store: window)

        let imported = try terminal.append([Sample.chordset("From the terminal")])
        controller.rename(id: controller.chordsets[0].id, to: "Mine")
        #expect(rowsWritten(by: controller) == 1)

        #expect(try controller.mergeExternalChanges())
        #expect(controller.chordsets.map(\.title) == ["Mine", "Sample 1", "From the terminal"])
        #expect(controller.chordsets.last?.id == imported[0].id)
        try expectStoreMatches(controller, window)
    }

    @Test func aDeletionNotYetSavedSurvivesAMerge() throws {
        let folder = try TemporaryDirectory()
        let window = try ChordsetStore.open(at: folder.databaseURL)
        let terminal = try ChordsetStore.open(at: folder.databaseURL)
        let stored = try window.append(Sample.chordsets(3))
        let controller = try ChordsetController(store: window)
        controller.delete(id: stored[0].id)
        try terminal.append([Sample.chordset("New")])

        #expect(try controller.mergeExternalChanges())
        #expect(controller.chordsets.map(\.title) == ["Sample 1", "Sample 2", "New"])
        #expect(rowsWritten(by: controller) == 9)
        try expectStoreMatches(controller, window)
    }

    /// A delete wins over an edit, here as it will between machines: another program's
    /// delete is not undone by an edit made before we saw it.
    @Test func aChordsetDeletedElsewhereStaysDeletedThoughEditedHere() throws {
        let folder = try TemporaryDirectory()
        let window = try ChordsetStore.open(at: folder.databaseURL)
        let terminal = try ChordsetStore.open(at: folder.databaseURL)
        let stored = try window.append(Sample.chordsets(3))
        let controller = try ChordsetController(store: window)

        _ = try terminal.write([.chordset(stored[1].id): .deleted])
        controller.setColor(red, slot: 4, of: stored[1].id)
        controller.rename(id: stored[2].id, to: "Renamed")
        _ = try terminal.write([.chordset(stored[2].id): .deleted])

        #expect(controller.save().report != nil)
        #expect(controller.chordsets.map(\.title) == ["Sample 0"])
        try expectStoreMatches(controller, window)
        #expect(try window.chordsetsWithoutEightChords() == 0)
        _ = try controller.mergeExternalChanges()
        #expect(controller.chordsets.map(\.title) == ["Sample 0"])
        try expectStoreMatches(controller, window)
    }
}
