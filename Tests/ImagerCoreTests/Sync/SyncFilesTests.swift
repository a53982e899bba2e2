import Foundation
import Testing
@testable import ImagerCore

/// The files a machine writes: compacted so the folder does not grow without end, and
/// published exactly once even when the process dies between writing a file and recording it.
@Suite struct SyncFilesTests {
    let base: TemporaryDirectory
    let time = SimulatedTime()
    var generator = SeededGenerator(seed: 5)

    init() throws { base = try TemporaryDirectory() }

    func files(of machine: SimulatedMachine) throws -> [String] {
        try FileManager.default.contentsOfDirectory(
            atPath: machine.folder.appendingPathComponent("imager-sync/\(machine.device)").path
        ).filter { $0 != SyncFolder.deviceFileName }.sorted()
    }

    @Test mutating func manyChangeFilesAreCompactedIntoASnapshotThatANewMachineStartsFrom() throws {
        let a = try SimulatedMachine("A", in: base.url, time: time)
        var ids: [UUID] = []
        for step in 0..<12 {
            time.advance(by: 1)
            try a.edit { c in
                if let added = c.add(title: "Row \(step)") { ids.append(added.id) }
                if step > 2 { c.rename(id: ids[step - 2], to: "Renamed \(step)") }
            }
            var round = SyncRound(store: a.store, folder: a.folder, machine: a.machineID, now: { [time] in time.now })
            round.compactAfter = 4
            _ = try round.run()
        }
        let kept = try files(of: a)
        #expect(kept.count <= 6, "\(kept)")
        #expect(kept.contains { $0.hasSuffix(".snapshot") })
        let late = try SimulatedMachine("B", in: base.url, time: time)
        try Network.settle([a, late], using: &generator)
        #expect(try late.listing() == a.listing())
        #expect(try late.titles().count == 12)
    }

    @Test mutating func aFileWrittenButNotRecordedBeforeACrashIsPublishedOnce() throws {
        let directory = try TemporaryDirectory()
        let file = directory.databaseURL
        let a = try SimulatedMachine("A", in: base.url, time: time,
                                     store: ChordsetStore.open(at: file, now: { [time] in time.now }))
        try a.sync()
        try a.edit { $0.add(title: "Before the crash") }
        // The database as it was when the round began: the change waiting to be published.
        try checkpointAndClose(a.store)
        let beforeRound = try Data(contentsOf: file)
        let reopened = try SimulatedMachine("A", in: base.url, time: time,
                                            store: ChordsetStore.open(at: file, now: { [time] in time.now }))
        try reopened.sync()
        let published = try files(of: reopened)
        // The process dies after the file is in place, before the database records it.
        try checkpointAndClose(reopened.store)
        try beforeRound.write(to: file)
        let restarted = try SimulatedMachine("A", in: base.url, time: time,
                                             store: ChordsetStore.open(at: file, now: { [time] in time.now }))
        let summary = try restarted.sync()
        #expect(!summary.tookNewDeviceID)
        #expect(try files(of: restarted) == published, "the same file, not a second copy of its lines")
        let other = try SimulatedMachine("B", in: base.url, time: time)
        try Network.settle([restarted, other], using: &generator)
        #expect(try other.titles() == ["Before the crash"])
        // Nothing more goes out for it.
        #expect(try restarted.sync().sent == 0)
    }
}
