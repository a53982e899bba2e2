import Foundation
import ImagerCore

/// Importing a file of N chordsets whose chords carry lumis (three on average: 2.4 million
/// for 100,000), next to raw SQLite inserting the same rows. It also leaves the corpus in a
/// store of its own, which the window's runs with lumis open.
struct LumiImportBenchmark {
    /// The goal: the whole import within this factor of the floor's inserts.
    static let ratioGoal = 3.0

    struct Figures {
        /// File to store, as the window's Import does it: read and check the JSON, then
        /// write every row in one transaction.
        var fileImport: StoreBenchmark.Pair
        /// The store's part of it alone (`ChordsetStore.append`), against the same floor.
        var storeWrite: StoreBenchmark.Pair
        var lumiCount: Int
        var fileMegabytes: Int
    }

    var count: Int
    var repetitions: Int
    var floorProgram: String
    var directory: URL
    /// Where the corpus stays for the window (the first repetition's store).
    var database: URL

    func run(log: (String) -> Void) throws -> Figures {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let contents = SampleChordsets.makeWithLumis(count: count)
        let file = directory.appendingPathComponent("lumis.json")
        let data = ChordsetDocument.encode(contents)
        guard data.count <= ChordsetDocument.maximumFileSize else {
            throw BenchError("a file of \(count) chordsets with lumis is over the import limit")
        }
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        log("import of \(count) with \(contents.lumiCount) lumis (\(data.count / 1_000_000) MB), Imager")

        var totals: [Double] = [], writes: [Double] = []
        for repetition in 0..<repetitions {
            let url = repetition == 0 ? database : directory.appendingPathComponent("import-\(repetition).sqlite")
            removeDatabase(url)
            let store = try ChordsetStore.open(at: url)
            var write = 0.0
            let total = try milliseconds {
                let decoded = try ChordsetDocument.read(contentsOf: file)
                write = try milliseconds { try store.append(decoded) }
            }
            guard try store.lumiCount() == contents.lumiCount else {
                throw BenchError("the import stored \(try store.lumiCount()) lumis, not \(contents.lumiCount)")
            }
            totals.append(total)
            writes.append(write)
            if repetition > 0 { removeDatabase(url) }
        }
        // The window opens the corpus later: seeding has happened, so it shows exactly N.
        try ChordsetStore.open(at: database).seedIfNeeded { [] }

        log("import of \(count) with lumis, floor")
        let targets = (0..<repetitions).map { directory.appendingPathComponent("floor-import-\($0).sqlite").path }
        let emptyStores = try targets.map { path in
            removeDatabase(URL(fileURLWithPath: path))
            return try ChordsetStore.open(at: URL(fileURLWithPath: path))
        }
        let result = try ChildProcess(executable: floorProgram, arguments: ["save", database.path] + targets,
                                      timeoutSeconds: 600).run().checked("sqlite_floor save (lumis)")
        withExtendedLifetime(emptyStores) {}
        targets.forEach { removeDatabase(URL(fileURLWithPath: $0)) }
        let floorTimes = result.values("save-us").compactMap { $0.first.flatMap(Double.init) }.map { $0 / 1000 }
        guard let floor = median(floorTimes) else { throw BenchError("sqlite_floor save printed no save-us") }

        return Figures(fileImport: .init(imager: median(totals)!, floor: floor),
                       storeWrite: .init(imager: median(writes)!, floor: floor),
                       lumiCount: contents.lumiCount, fileMegabytes: data.count / 1_000_000)
    }
}
