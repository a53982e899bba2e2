import Foundation
import ImagerCore

/// The sync figures, in process, over two databases sharing one folder (as a folder sync
/// would keep it, with no transfer time): the rounds that make the second database hold an
/// import of N made on the first, next to the import itself; and one round on each side
/// carrying one rename, at N against N = 10. The time for an edit to reach the other
/// machine's open window through Syncthing is measured by Tools/Scripts/sync_window.py, not
/// here (docs/benchmark.md, Sync).
struct SyncBenchmark {
    /// Converging after an import: publish + merge within this factor of the import.
    static let convergeRatioGoal = 3.0
    /// One round with one change at the largest N within this factor of N = 10.
    static let roundGrowthGoal = 2.0

    var count: Int
    var repetitions: Int
    var directory: URL

    struct Figures {
        /// The import on the first machine (the floor), and the rounds after it.
        var converge: StoreBenchmark.Pair
        /// Peak memory above the start of each, in MiB: the rounds (imager) and the import (floor).
        var convergeMemory: StoreBenchmark.Pair
        /// One rename, then a round on each machine: median milliseconds of the rounds.
        var oneChangeRound: Double
    }

    func run(log: (String) -> Void) throws -> Figures {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: directory)
        let folder = directory.appendingPathComponent("folder", isDirectory: true)
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        let first = try ChordsetStore.open(at: directory.appendingPathComponent("first.sqlite"))
        let second = try ChordsetStore.open(at: directory.appendingPathComponent("second.sqlite"))
        func round(_ store: ChordsetStore, _ machine: String) throws -> SyncSummary {
            try SyncRound(store: store, folder: folder, machine: machine).run()
        }
        for store in [first, second] { try store.setSyncFolder(folder.path) }
        // The empty first rounds, so what is timed is the import's.
        _ = try round(first, "bench-first")
        _ = try round(second, "bench-second")

        log("sync: import of \(count) on one machine, then the rounds that bring it to the other")
        let chordsets = SampleChordsets.make(count: count)
        var imported = 0.0, converged = 0.0
        let importMemory = try peakResidentGrowthMiB {
            imported = try milliseconds { _ = try first.append(chordsets) }
        }
        let convergeMemory = try peakResidentGrowthMiB {
            converged = try milliseconds {
                _ = try round(first, "bench-first")
                _ = try round(second, "bench-second")
            }
        }
        let held = try second.loadAll().count
        guard held == count else { throw BenchError("after sync the second machine holds \(held) chordsets, not \(count)") }

        log("sync: one rename and a round on each machine, at \(count)")
        var stored = try first.loadAll()
        var rounds: [Double] = []
        for repetition in 0..<max(repetitions, 3) {
            let index = (repetition * 7919) % stored.count
            stored[index].title = "Renamed for the benchmark \(repetition)"
            var changes = ChangeLog()
            changes.rowChanged(stored[index], changing: .title)
            _ = try first.write(changes.changes)
            var received = 0
            rounds.append(try milliseconds {
                _ = try round(first, "bench-first")
                received = try round(second, "bench-second").received
            })
            guard received == 1 else { throw BenchError("one rename arrived as \(received) changes") }
        }
        return Figures(converge: StoreBenchmark.Pair(imager: converged, floor: imported),
                       convergeMemory: StoreBenchmark.Pair(imager: convergeMemory, floor: importMemory),
                       oneChangeRound: median(rounds)!)
    }
}

extension ResultTable {
    /// The sync rows: converging after an import (floor: the import), and one round with one
    /// change (floor: none; the goal compares the largest N with N = 10).
    mutating func addSync(_ figures: [Int: SyncBenchmark.Figures], sizes: [Int], judged: Bool) {
        for count in sizes {
            guard let pair = figures[count]?.converge else { continue }
            // The goal is for a large import; at small N a round's fixed costs (files, fsync) dominate.
            let largest = count == sizes.last
            add(.init(figure: "sync: publish and merge an import", count: count, imager: formatMilliseconds(pair.imager),
                      floor: formatMilliseconds(pair.floor), ratio: formatRatio(pair.imager, pair.floor),
                      goal: largest ? String(format: "≤ %.0f× the import", SyncBenchmark.convergeRatioGoal) : "",
                      met: judged && largest ? pair.imager <= SyncBenchmark.convergeRatioGoal * pair.floor : nil))
        }
        for count in sizes {
            guard let pair = figures[count]?.convergeMemory else { continue }
            let largest = count == sizes.last
            // Memory held above the start of each phase; a few MiB of noise decide nothing at small N.
            add(.init(figure: "sync: peak memory converging an import", count: count,
                      imager: formatMiB(pair.imager), floor: formatMiB(pair.floor),
                      ratio: formatRatio(pair.imager, pair.floor),
                      goal: largest ? String(format: "≤ %.0f× the import", SyncBenchmark.convergeRatioGoal) : "",
                      met: judged && largest ? pair.imager <= SyncBenchmark.convergeRatioGoal * max(pair.floor, 1) : nil))
        }
        let small = figures[10]?.oneChangeRound
        for count in sizes {
            guard let round = figures[count]?.oneChangeRound else { continue }
            var goal = "", met: Bool?
            if let small, count == sizes.last, count > 10 {
                goal = String(format: "≤ %.0f× N=10", SyncBenchmark.roundGrowthGoal)
                met = judged ? round <= SyncBenchmark.roundGrowthGoal * small : nil
            }
            add(.init(figure: "sync: rounds carrying one rename", count: count, imager: formatMilliseconds(round),
                      floor: "", ratio: "", goal: goal, met: met))
        }
    }
}
