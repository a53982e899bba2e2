import Foundation
import ImagerCore

/// The store's figures at one N: Imager's own code in this process, and the C floor
/// (`sqlite_floor`) over the very same files, in the same run.
struct StoreBenchmark {
    struct Figures {
        var load: Pair
        var fullSave: Pair
        var renameSave: Pair
    }

    /// Median milliseconds of Imager and of the floor.
    struct Pair {
        var imager: Double
        var floor: Double
    }

    var count: Int
    var repetitions: Int
    /// A save after a rename is short and mostly the fsync, whose time varies from one call
    /// to the next: it gets more repetitions than the rest.
    var renameRepetitions: Int
    var floorProgram: String
    /// Where this N's databases go; `database` is kept for the window's runs.
    var directory: URL
    var database: URL

    func run(log: (String) -> Void) throws -> Figures {
        let chordsets = SampleChordsets.make(count: count)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

        log("full save of \(count), Imager")
        var saves: [Double] = []
        for repetition in 0..<repetitions {
            let url = repetition == 0 ? database : directory.appendingPathComponent("save-\(repetition).sqlite")
            saves.append(try timeFullSave(chordsets, into: url))
        }
        log("full save of \(count), floor")
        // Empty stores made by Imager's migrator, held open as Imager's was during its save,
        // so both start from the same state: a WAL that holds the migration.
        let targets = (0..<repetitions).map { directory.appendingPathComponent("floor-save-\($0).sqlite").path }
        let emptyStores = try targets.map { path in
            removeDatabase(URL(fileURLWithPath: path))
            return try ChordsetStore.open(at: URL(fileURLWithPath: path))
        }
        let floorSaves = try runFloor(["save", database.path] + targets, key: "save-us")
        withExtendedLifetime(emptyStores) {}
        for repetition in 1..<max(repetitions, 1) {
            removeDatabase(directory.appendingPathComponent("save-\(repetition).sqlite"))
        }
        targets.forEach { removeDatabase(URL(fileURLWithPath: $0)) }

        // The window opens this file later: record that seeding already happened, so the app
        // shows exactly `count` chordsets.
        let store = try ChordsetStore.open(at: database)
        try store.seedIfNeeded { [] }

        log("load of \(count), Imager")
        _ = try store.loadAll()   // untimed first pass, as the floor does
        var loads: [Double] = []
        for _ in 0..<repetitions {
            var loaded: [Chordset] = []
            loads.append(try milliseconds { loaded = try store.loadAll() })
            guard loaded.count == count else { throw BenchError("loaded \(loaded.count) chordsets, not \(count)") }
        }
        log("load of \(count), floor")
        let floorLoads = try runFloor(["load", database.path, "\(repetitions)"], key: "load-us")

        log("save after one rename with \(count), Imager")
        let controller = try ChordsetController(store: store)
        guard let renamed = controller.chordsets.first?.id else { throw BenchError("the store is empty") }
        var renameSaves: [Double] = []
        for repetition in 0..<renameRepetitions {
            controller.rename(id: renamed, to: "Renamed \(repetition + 1)")
            var outcome: SaveOutcome?
            renameSaves.append(milliseconds { outcome = controller.save() })
            guard let report = outcome?.report else {
                throw BenchError("save failed: \(controller.saveError.map { "\($0)" } ?? "unknown")")
            }
            guard report.rowsWritten == 1 else { throw BenchError("a rename wrote \(report.rowsWritten) rows") }
        }
        log("save after one rename with \(count), floor")
        let floorRenames = try runFloor(["rename", database.path, "\(renameRepetitions)"], key: "rename-us")

        return Figures(load: Pair(imager: median(loads)!, floor: floorLoads),
                       fullSave: Pair(imager: median(saves)!, floor: floorSaves),
                       renameSave: Pair(imager: median(renameSaves)!, floor: floorRenames))
    }

    /// N chordsets waiting in the controller for a save that writes them all, then one timed
    /// `save()`: the full save. (They get there as every chordset does after "Delete All",
    /// a save, and Undo, since imports are written by the store directly.)
    private func timeFullSave(_ chordsets: [Chordset], into url: URL) throws -> Double {
        removeDatabase(url)
        let store = try ChordsetStore.open(at: url)
        try store.append(chordsets)
        let controller = try ChordsetController(store: store)
        controller.deleteAll()
        guard controller.save().report != nil else { throw BenchError("the delete before the full save failed") }
        controller.undo()
        var outcome: SaveOutcome?
        let elapsed = milliseconds { outcome = controller.save() }
        guard let report = outcome?.report else {
            throw BenchError("save failed: \(controller.saveError.map { "\($0)" } ?? "unknown")")
        }
        guard report.rowsWritten == chordsets.count * (1 + Chordset.chordCount) else {
            throw BenchError("a full save wrote \(report.rowsWritten) rows")
        }
        return elapsed
    }

    /// Median of the floor's timings, in milliseconds.
    private func runFloor(_ arguments: [String], key: String) throws -> Double {
        let result = try ChildProcess(executable: floorProgram, arguments: arguments, timeoutSeconds: 300)
            .run().checked("sqlite_floor \(arguments[0])")
        let values = result.values(key).compactMap { $0.first.flatMap(Double.init) }.map { $0 / 1000 }
        guard let value = median(values) else { throw BenchError("sqlite_floor \(arguments[0]) printed no \(key)") }
        return value
    }
}

/// Deletes an SQLite file with its WAL and shared-memory companions.
func removeDatabase(_ url: URL) {
    for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: url.path + suffix)
    }
}
