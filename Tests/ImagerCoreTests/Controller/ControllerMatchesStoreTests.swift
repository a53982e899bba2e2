import Foundation
import Testing
@testable import ImagerCore

/// The controller's list is what the next save stores, whatever the order in which the
/// window's work happens: an import stored on a connection of its own and shown when its
/// thread reports back, the merge of other programs' changes when the window gets the focus
/// back (which may come between the two), edits, undo and redo, saves.
@Suite struct ControllerMatchesStoreTests {
    /// A file store (two connections see each other's commits, as the window's and an
    /// import's do) with `count` chordsets, and a controller over it.
    func opened(_ count: Int) throws -> (TemporaryDirectory, ChordsetStore, ChordsetController) {
        let folder = try TemporaryDirectory()
        let store = try ChordsetStore.open(at: folder.databaseURL)
        try store.append(Sample.chordsets(count))
        return (folder, store, try ChordsetController(store: store))
    }

    func palette(_ title: String) -> [Chordset] {
        (1...3).map { Sample.chordset("\(title) \($0)", position: Double($0 - 1), seed: UInt8($0)) }
    }

    func expectSavedListIsShown(_ controller: ChordsetController, _ store: ChordsetStore,
                                _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ids = controller.chordsets.map(\.id)
        #expect(Set(ids).count == ids.count, "an id shown twice \(context): \(controller.chordsets.map(\.title))",
                sourceLocation: sourceLocation)
        #expect(controller.save().report != nil, sourceLocation: sourceLocation)
        let stored = try store.loadAll()
        #expect(stored.map(\.id) == ids, "\(context): shown \(controller.chordsets.map(\.title)), stored \(stored.map(\.title))",
                sourceLocation: sourceLocation)
    }

    /// The window's import: stored on another connection, then adopted on the UI thread;
    /// the focus coming back from the file chooser merges what others stored before that.
    @Test func anImportMergedBeforeItIsAdoptedIsShownOnce() throws {
        let (folder, store, controller) = try opened(9)
        defer { withExtendedLifetime(folder) {} }
        let importer = try controller.connectionForImport()
        let stored = try importer.append(palette("Twenty"), after: controller.chordsets.last?.position)

        try controller.mergeExternalChanges()
        controller.adoptImported(stored)

        #expect(controller.count == 12, "\(controller.chordsets.map(\.title))")
        try expectSavedListIsShown(controller, store)
        // Its Undo takes the whole import out, and that is saved.
        controller.undo()
        #expect(controller.count == 9, "\(controller.chordsets.map(\.title))")
        try expectSavedListIsShown(controller, store)
        controller.redo()
        #expect(controller.count == 12)
        try expectSavedListIsShown(controller, store)
    }

    /// The walkthrough's sequence: a duplicate and a rename, Import…, Ctrl+Z, Import… again,
    /// Ctrl+Z; with the merge the returning focus brings before or after each adoption.
    @Test(arguments: [false, true]) func importUndoImportUndoKeepsShownAndStoredTogether(mergeFirst: Bool) throws {
        let (folder, store, controller) = try opened(9)
        defer { withExtendedLifetime(folder) {} }
        _ = controller.duplicate(id: controller.chordsets[2].id)
        controller.rename(id: controller.chordsets[5].id, to: "Starry Night")
        for round in 1...2 {
            let importer = try controller.connectionForImport()
            let stored = try importer.append(palette("Twenty"), alsoTaken: controller.unsavedNewIDs,
                                             after: controller.chordsets.last?.position)
            if mergeFirst { try controller.mergeExternalChanges() }
            controller.adoptImported(stored)
            if !mergeFirst { try controller.mergeExternalChanges() }
            #expect(controller.count == 13, "round \(round): \(controller.chordsets.map(\.title))")
            controller.undo()
            #expect(controller.count == 10, "round \(round): \(controller.chordsets.map(\.title))")
        }
        try expectSavedListIsShown(controller, store)
    }

    /// Seeded random sequences of the controller's operations, imports and merges; after each
    /// save, what is stored is what is shown. `IMAGER_MODEL_SEEDS=N` runs N seeds.
    @Test func randomSequencesKeepShownAndStoredTogether() throws {
        let seeds = Int(ProcessInfo.processInfo.environment["IMAGER_MODEL_SEEDS"] ?? "") ?? 10
        for seed in 0..<UInt64(seeds) {
            try runRandomSequence(seed: seed, steps: 150)
        }
    }

    func runRandomSequence(seed: UInt64, steps: Int) throws {
        let (folder, store, controller) = try opened(6)
        defer { withExtendedLifetime(folder) {} }
        var random = SeededGenerator(seed: seed)
        var log: [String] = []
        for step in 0..<steps {
            let choice = Int.random(in: 0..<12, using: &random)
            let some = controller.chordsets.randomElement(using: &random)
            switch choice {
            case 0: controller.add(); log.append("add")
            case 1: if let some { controller.rename(id: some.id, to: "T\(step)"); log.append("rename") }
            case 2: if let some { controller.delete(id: some.id); log.append("delete") }
            case 3, 4: controller.undo(); log.append("undo")
            case 5: controller.redo(); log.append("redo")
            case 6: if let some { _ = controller.duplicate(id: some.id); log.append("duplicate") }
            case 7:
                if controller.count > 1 {
                    let from = Int.random(in: 0..<controller.count, using: &random)
                    let to = Int.random(in: 0..<controller.count, using: &random)
                    controller.move(from: from, to: to)
                    log.append("move \(from) \(to)")
                }
            case 8, 9:
                let mergeFirst = Bool.random(using: &random)
                let importer = try controller.connectionForImport()
                let stored = try importer.append(palette("P\(step)"), alsoTaken: controller.unsavedNewIDs,
                                                 after: controller.chordsets.last?.position)
                if mergeFirst { try controller.mergeExternalChanges() }
                controller.adoptImported(stored)
                log.append(mergeFirst ? "import (merged first)" : "import")
            case 10: try controller.mergeExternalChanges(); log.append("merge")
            default: controller.save(); log.append("save")
            }
            let ids = controller.chordsets.map(\.id)
            guard Set(ids).count == ids.count else {
                Issue.record("seed \(seed), step \(step): an id shown twice after \(log)")
                return
            }
            if choice == 11 || step == steps - 1 {
                controller.save()
                let stored = try store.loadAll().map(\.id)
                guard stored == controller.chordsets.map(\.id) else {
                    Issue.record("seed \(seed), step \(step): shown \(controller.count), stored \(stored.count) after \(log)")
                    return
                }
            }
        }
    }
}
