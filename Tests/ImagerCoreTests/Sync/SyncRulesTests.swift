import Foundation
import Testing
@testable import ImagerCore

/// Each merge rule, pinned on two or three simulated machines.
@Suite struct SyncRulesTests {
    let base: TemporaryDirectory
    let time = SimulatedTime()
    var generator = SeededGenerator(seed: 7)

    init() throws { base = try TemporaryDirectory() }

    func machines(_ count: Int, seeded: Bool = false) throws -> [SimulatedMachine] {
        try (0..<count).map { try SimulatedMachine(["A", "B", "C"][$0], in: base.url, time: time, seeded: seeded) }
    }

    /// A chordset added on A and delivered to B, both synced.
    mutating func shared(_ a: SimulatedMachine, _ b: SimulatedMachine, title: String = "Shared") throws -> UUID {
        var id: UUID!
        try a.edit { id = $0.add(title: title)!.id }
        try a.sync()
        try Network.deliver(from: a, to: b, using: &generator)
        try b.sync()
        #expect(try b.titles().contains(title))
        return id
    }

    @Test mutating func aRenameHereAndAColourChangeThereBothSurvive() throws {
        let m = try machines(2)
        let id = try shared(m[0], m[1])
        time.advance(by: 1)
        try m[0].edit { $0.rename(id: id, to: "Renamed on A") }
        time.advance(by: 1)
        try m[1].edit { $0.setColor(RGBAColor(hex: "#123456")!, slot: 3, of: id) }
        try Network.settle(m, using: &generator)
        for machine in m {
            let chordset = try #require(try machine.store.loadAll().first { $0.id == id })
            #expect(chordset.title == "Renamed on A")
            #expect(chordset.color(at: 3).hex == "#123456")
        }
        #expect(try m[0].listing() == m[1].listing())
    }

    @Test mutating func forOneFieldTheLaterEditWinsEvenFromASlowerClock() throws {
        let a = try SimulatedMachine("A", in: base.url, time: time, skew: 120)
        let b = try SimulatedMachine("B", in: base.url, time: time, skew: -120)
        let id = try shared(a, b)
        time.advance(by: 1)
        try a.edit { $0.rename(id: id, to: "First, from the fast clock") }
        try a.sync()
        try Network.deliver(from: a, to: b, using: &generator)
        try b.sync()
        time.advance(by: 1)
        // B's wall clock is four minutes behind A's, but B saw A's rename first: B wins.
        try b.edit { $0.rename(id: id, to: "Second, after seeing the first") }
        try Network.settle([a, b], using: &generator)
        #expect(try a.titles() == ["Second, after seeing the first"])
        #expect(try b.titles() == ["Second, after seeing the first"])
    }

    @Test mutating func aDeleteWinsOverAConcurrentEditAndIsPermanent() throws {
        let m = try machines(2)
        let id = try shared(m[0], m[1])
        time.advance(by: 1)
        try m[0].edit { $0.delete(id: id) }
        time.advance(by: 1)
        try m[1].edit { $0.rename(id: id, to: "Edited later, elsewhere") }
        try Network.settle(m, using: &generator)
        #expect(try m[0].titles() == [])
        #expect(try m[1].titles() == [])
        // Editing it again anywhere does not bring it back.
        time.advance(by: 1)
        try m[1].edit { $0.setColor(RGBAColor(hex: "#FFFFFF")!, slot: 0, of: id) }
        try Network.settle(m, using: &generator)
        #expect(try m[1].titles() == [])
    }

    @Test mutating func undoingASavedDeleteCreatesTheChordsetAgainUnderANewID() throws {
        let m = try machines(2)
        let id = try shared(m[0], m[1])
        let controller = try ChordsetController(store: m[0].store, clock: { [time] in time.now })
        controller.delete(id: id)
        _ = controller.save()
        controller.undo()
        _ = controller.save()
        let back = try #require(controller.chordsets.first)
        #expect(back.title == "Shared")
        #expect(back.id != id)
        #expect(try m[0].store.loadAll().map(\.id) == [back.id])
        try Network.settle(m, using: &generator)
        #expect(try m[1].store.loadAll().map(\.id) == [back.id])
    }

    @Test mutating func deleteAllDeletesOnlyWhatThisMachineHad() throws {
        let m = try machines(2)
        _ = try shared(m[0], m[1], title: "Known to both")
        time.advance(by: 1)
        try m[1].edit { $0.add(title: "Added on B meanwhile") }
        try m[0].edit { $0.deleteAll() }
        try Network.settle(m, using: &generator)
        #expect(try m[0].titles() == ["Added on B meanwhile"])
        #expect(try m[1].titles() == ["Added on B meanwhile"])
    }

    @Test mutating func orderConvergesWithTiesBrokenByID() throws {
        let m = try machines(2)
        // Both add at the end at the same time: the same position on both, told apart by id.
        try m[0].edit { $0.add(title: "From A") }
        try m[1].edit { $0.add(title: "From B") }
        try Network.settle(m, using: &generator)
        let listed = try m[0].store.loadAll()
        #expect(listed.count == 2)
        #expect(listed[0].position == listed[1].position)
        #expect(listed[0].id.uuidString < listed[1].id.uuidString)
        #expect(try m[0].listing() == m[1].listing())
    }

    /// A later write may set a field to the value it already holds (moved away and back):
    /// its stamp still counts, or an earlier write read after it would win. Operations reach
    /// a machine in any order (a file read before another, ones held back for a fast clock).
    @Test mutating func aLaterWriteOfTheSameValueStillBeatsAnEarlierOneReadAfterIt() throws {
        let m = try machines(3)
        let id = try shared(m[0], m[1])
        try Network.settle(m, using: &generator)
        let stored = try #require(try m[1].store.loadAll().first { $0.id == id })
        let start = try #require(try m[1].store.writer.read { db in
            try SyncTables.registers(.chordset(id), db).fields[SyncField.position]?.stamp })
        func operation(after seconds: UInt64, position: Double) -> SyncOperation {
            SyncOperation(key: .chordset(id), stamp: Stamp(milliseconds: start.milliseconds + seconds * 1000, counter: 0,
                                                           device: m[0].device),
                          fields: [SyncField.position: SyncValues.text(position)])
        }
        let away = operation(after: 1, position: stored.position + 5)
        let back = operation(after: 2, position: stored.position)
        // In the order written on one machine, the other way round on another.
        for (machine, operations) in [(m[1], [away, back]), (m[2], [back, away])] {
            _ = try machine.store.merge([ReadBatch(device: m[0].device, file: "0000000099.changes", readThrough: 0,
                                                   operations: operations)], now: time.now)
        }
        for machine in [m[1], m[2]] {
            #expect(try machine.store.loadAll().first { $0.id == id }?.position == stored.position, "\(machine.name)")
        }
        let registers = try [m[1], m[2]].map { machine in
            try machine.store.writer.read { db in try SyncTables.registers(.chordset(id), db) }
        }
        #expect(registers[0] == registers[1])
        #expect(registers[1].fields[SyncField.position]?.stamp == back.stamp)
    }

    @Test mutating func manyInsertsIntoOneGapKeepWorkingAndConverge() throws {
        let m = try machines(2)
        try m[0].edit { c in for i in 0..<3 { c.add(title: "Row \(i)") } }
        try Network.settle(m, using: &generator)
        // 80 moves into the gap after the first row: more halvings than a Double has bits
        // for, so the list renumbers (as one merged edit) along the way.
        for step in 0..<80 {
            time.advance(by: 0.01)
            let machine = m[step % 2]
            try machine.edit { c in c.move(from: c.count - 1, to: 1) }
            if step % 10 == 9 { try Network.settle(m, using: &generator) }
        }
        try Network.settle(m, using: &generator)
        let listed = try m[0].store.loadAll()
        #expect(Set(listed.map(\.position)).count == listed.count)
        #expect(try m[0].listing() == m[1].listing())
    }

    @Test mutating func twoFreshlySeededMachinesHoldOneCopyAndAnEditBeatsTheSeed() throws {
        let m = try machines(2, seeded: true)
        try Network.settle(m, using: &generator)
        #expect(try m[0].titles() == ["Seed A", "Seed B"])
        #expect(try m[0].listing() == m[1].listing())
        let seedA = try m[0].store.loadAll()[0].id
        time.advance(by: 1)
        try m[1].edit { $0.rename(id: seedA, to: "Edited seed") }
        // A third machine seeded after the edit still loses to it.
        let late = try SimulatedMachine("C", in: base.url, time: time, seeded: true)
        try Network.settle(m + [late], using: &generator)
        #expect(try late.titles() == ["Edited seed", "Seed B"])
        #expect(try m[0].titles() == ["Edited seed", "Seed B"])
    }

    @Test mutating func aChangeStampedFarInTheFutureWaitsUntilTheClockCatchesUp() throws {
        let fast = try SimulatedMachine("A", in: base.url, time: time, skew: 3600)
        let b = try SimulatedMachine("B", in: base.url, time: time)
        var id: UUID!
        try fast.edit { id = $0.add(title: "From an hour ahead")!.id }
        try fast.sync()
        try Network.deliver(from: fast, to: b, using: &generator)
        let first = try b.sync()
        #expect(first.deferred > 0)
        #expect(try b.titles() == [])   // the add itself is an hour ahead: kept back
        let summary = try b.sync()
        #expect(summary.deferred == 0)  // already waiting, not counted again
        time.advance(by: 3600 - 200)
        try b.sync()
        #expect(try b.store.loadAll().map(\.id) == [id])
    }

    @Test mutating func conflictCopiesAreReadAsMoreChanges() throws {
        let m = try machines(2)
        _ = try shared(m[0], m[1])
        // A conflict copy holding a change the original does not.
        try m[0].edit { $0.add(title: "Only in the copy") }
        try m[0].sync()
        let own = m[0].folder.appendingPathComponent("imager-sync/\(m[0].device)")
        let newest = try FileManager.default.contentsOfDirectory(atPath: own.path).filter { $0.hasSuffix(".changes") }.max()!
        let copy = newest.replacingOccurrences(of: ".changes", with: ".sync-conflict-20240101-120000-ABCDEFG.changes")
        let theirs = m[1].folder.appendingPathComponent("imager-sync/\(m[0].device)")
        try FileManager.default.copyItem(at: own.appendingPathComponent(newest), to: theirs.appendingPathComponent(copy))
        try FileManager.default.createDirectory(at: theirs.appendingPathComponent(".syncthing.x.tmp"), withIntermediateDirectories: true)
        try m[1].sync()
        #expect(try m[1].titles() == ["Shared", "Only in the copy"])
    }

    @Test mutating func aTruncatedFileIsReadUpToItsLastWholeRecordAndTheRestLater() throws {
        let m = try machines(2)
        try m[0].sync()   // the first round publishes a snapshot: of an empty list
        try m[0].edit { c in c.add(title: "One"); c.add(title: "Two") }
        try m[0].sync()
        let own = m[0].folder.appendingPathComponent("imager-sync/\(m[0].device)")
        let theirs = m[1].folder.appendingPathComponent("imager-sync/\(m[0].device)")
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: own.path) {
            let data = try Data(contentsOf: own.appendingPathComponent(name))
            // The snapshot (empty list) whole; the change file cut in its second line.
            let firstLineEnd = data.firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            try (name.hasSuffix(".changes") ? data.prefix(firstLineEnd + 10) : data).write(to: theirs.appendingPathComponent(name))
        }
        let first = try m[1].sync()
        #expect(first.skipped == [])
        #expect(try m[1].titles().count == 1)
        try Network.deliver(from: m[0], to: m[1], using: &generator)
        try m[1].sync()
        #expect(try m[1].titles() == ["One", "Two"])
    }

    @Test mutating func aCorruptRecordIsSkippedAndReportedAndTheRestIsRead() throws {
        let m = try machines(2)
        try m[0].sync()   // the first round publishes a snapshot: of an empty list
        try m[0].edit { c in c.add(title: "One"); c.add(title: "Two") }
        try m[0].sync()
        try Network.deliver(from: m[0], to: m[1], using: &generator)
        let theirs = m[1].folder.appendingPathComponent("imager-sync/\(m[0].device)")
        let name = try FileManager.default.contentsOfDirectory(atPath: theirs.path).first { $0.hasSuffix(".changes") }!
        var text = try String(contentsOf: theirs.appendingPathComponent(name), encoding: .utf8)
        text = text.replacingOccurrences(of: "One", with: "Onf")   // the checksum no longer matches
        try text.write(to: theirs.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let summary = try m[1].sync()
        #expect(summary.skipped.count == 1)
        #expect(summary.skipped.first?.path.hasSuffix(name) == true)
        #expect(summary.skipped.first?.problem == .checksum)
        #expect(try m[1].titles() == ["Two"])
    }

    @Test mutating func vanishedFilesAndAnEmptiedFolderNeverDeleteAnything() throws {
        let m = try machines(2)
        _ = try shared(m[0], m[1])
        try FileManager.default.removeItem(at: m[1].folder.appendingPathComponent("imager-sync"))
        try m[1].sync()
        #expect(try m[1].titles() == ["Shared"])
        // A's own files vanished too: A publishes everything again, and B still has it all.
        try FileManager.default.removeItem(at: m[0].folder.appendingPathComponent("imager-sync"))
        try m[0].sync()
        let fresh = try SimulatedMachine("C", in: base.url, time: time)
        try Network.settle([m[0], fresh], using: &generator)
        #expect(try fresh.titles() == ["Shared"])
    }

    @Test mutating func aCopiedHomeTakesANewDeviceIDAndLosesNothing() throws {
        // One database synced on computer 1, then the whole file copied to computer 2: the
        // copy carries computer 1's device id and settings.
        let home = try TemporaryDirectory()
        let file = home.databaseURL
        let original = try SimulatedMachine("B", in: base.url, time: time,
                                            store: ChordsetStore.open(at: file, now: { [time] in time.now }), machineID: "computer-1")
        try original.edit { $0.add(title: "Before the copy") }
        try original.sync()
        let device = original.device
        try checkpointAndClose(original.store)
        let copiedHome = try TemporaryDirectory()
        try FileManager.default.copyItem(at: file, to: copiedHome.databaseURL)
        let first = try SimulatedMachine("B", in: base.url, time: time,
                                         store: ChordsetStore.open(at: file, now: { [time] in time.now }), machineID: "computer-1")
        let copy = try SimulatedMachine("B2", in: base.url, time: time,
                                        store: ChordsetStore.open(at: copiedHome.databaseURL, now: { [time] in time.now }),
                                        machineID: "computer-2", keepFolder: true)
        #expect(copy.device == device)
        let summary = try copy.sync()
        #expect(summary.tookNewDeviceID)
        #expect(copy.device != device)
        #expect(first.device == device)
        try first.edit { $0.add(title: "On the first") }
        try copy.edit { $0.add(title: "On the copy") }
        try first.sync()
        try copy.sync()
        try first.sync()
        #expect(Set(try first.titles()) == ["Before the copy", "On the first", "On the copy"])
        #expect(try first.listing() == copy.listing())
    }

    @Test mutating func aRestoredBackupTakesANewIDAndGetsBackWhatItHadPublished() throws {
        let folder = try TemporaryDirectory()
        let file = folder.databaseURL
        let store = try ChordsetStore.open(at: file, now: { [time] in time.now })
        let a = try SimulatedMachine("A", in: base.url, time: time, store: store)
        try a.edit { $0.add(title: "Before the backup") }
        try a.sync()
        try checkpointAndClose(store)
        let backup = try Data(contentsOf: file)
        let reopened = try SimulatedMachine("A", in: base.url, time: time, store: ChordsetStore.open(at: file, now: { [time] in time.now }))
        try reopened.edit { $0.add(title: "After the backup") }
        try reopened.sync()
        try checkpointAndClose(reopened.store)
        try? FileManager.default.removeItem(atPath: file.path + "-wal")
        try? FileManager.default.removeItem(atPath: file.path + "-shm")
        try backup.write(to: file)
        let restored = try SimulatedMachine("A", in: base.url, time: time, store: ChordsetStore.open(at: file, now: { [time] in time.now }))
        let summary = try restored.sync()
        #expect(summary.tookNewDeviceID)
        #expect(try restored.titles() == ["Before the backup", "After the backup"])
    }
}
