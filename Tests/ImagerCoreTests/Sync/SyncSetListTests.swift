import Foundation
import Testing
@testable import ImagerCore

/// Set lists and their entries are records of their own, merged by the same registers as
/// chordsets: a set list's title and position field by field, each entry with its position,
/// deletes permanent, entries ordered by position with ties by id.
@Suite struct SyncSetListTests {
    let base: TemporaryDirectory
    let time = SimulatedTime()
    var generator = SeededGenerator(seed: 23)

    init() throws { base = try TemporaryDirectory() }

    func machines() throws -> (SimulatedMachine, SimulatedMachine) {
        (try SimulatedMachine("A", in: base.url, time: time), try SimulatedMachine("B", in: base.url, time: time))
    }

    /// `count` chordsets made on A, known to both.
    mutating func shared(_ a: SimulatedMachine, _ b: SimulatedMachine, count: Int) throws -> [UUID] {
        var ids: [UUID] = []
        try a.edit { c in ids = (0..<count).map { c.add(title: "Song \($0)")!.id } }
        try Network.settle([a, b], using: &generator)
        #expect(try Set(b.store.loadAll().map(\.id)).isSuperset(of: ids))
        return ids
    }

    /// What both machines must agree on: each set list's id, title and chordsets in order.
    func shown(_ machine: SimulatedMachine) throws -> [String] {
        try machine.store.loadSetLists().map { setList in
            "\(setList.id.uuidString) \(setList.title): " + setList.entries.map { "\($0.id.uuidString.prefix(8))→\($0.chordsetID.uuidString.prefix(8))" }
                .joined(separator: ", ")
        }
    }

    func expectSame(_ a: SimulatedMachine, _ b: SimulatedMachine, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try shown(a) == shown(b), sourceLocation: sourceLocation)
        #expect(try a.store.loadSetLists() == b.store.loadSetLists(), sourceLocation: sourceLocation)
    }

    @Test mutating func aSetListMadeOnOneMachineReachesTheOtherInOrder() throws {
        let (a, b) = try machines()
        let songs = try shared(a, b, count: 3)
        time.advance(by: 1)
        let friday = try a.store.createSetList(title: "Friday", chordsets: [songs[2], songs[0], songs[2]])
        try Network.settle([a, b], using: &generator)
        let received = try b.store.loadSetLists()
        #expect(received.map(\.id) == [friday.id])
        #expect(received.first?.title == "Friday")
        #expect(received.first?.chordsetIDs == [songs[2], songs[0], songs[2]])
        try expectSame(a, b)
    }

    @Test mutating func theUndoOfASavedDeletePutsTheChordsetBackInItsSetListOnBothMachines() throws {
        let (a, b) = try machines()
        let songs = try shared(a, b, count: 3)
        _ = try a.store.createSetList(title: "Friday", chordsets: [songs[0], songs[1], songs[2]])
        try Network.settle([a, b], using: &generator)
        time.advance(by: 1)
        let controller = try ChordsetController(store: a.store, clock: { [time] in time.now })
        controller.delete(id: songs[1])
        _ = try #require(controller.save().report)
        try Network.settle([a, b], using: &generator)
        #expect(try b.store.loadSetLists().first?.chordsetIDs == [songs[0], songs[2]])
        time.advance(by: 1)
        controller.undo()
        _ = try #require(controller.save().report)
        // Its delete reached the other machine, so it is stored again under a new id, which
        // its place in the set list follows.
        let back = try #require(controller.chordsets.first { $0.title == "Song 1" })
        #expect(back.id != songs[1])
        #expect(try a.store.loadSetLists().first?.chordsetIDs == [songs[0], back.id, songs[2]])
        try Network.settle([a, b], using: &generator)
        #expect(try b.store.loadSetLists().first?.chordsetIDs == [songs[0], back.id, songs[2]])
        try expectSame(a, b)
    }

    @Test mutating func aRenameHereAndAMoveThereBothSurvive() throws {
        let (a, b) = try machines()
        let songs = try shared(a, b, count: 3)
        let setList = try a.store.createSetList(title: "Friday", chordsets: songs)
        try Network.settle([a, b], using: &generator)
        time.advance(by: 1)
        try a.store.renameSetList(setList.id, to: "Friday night")
        time.advance(by: 1)
        try b.store.moveEntry(setList.entries[2].id, to: 0)
        try Network.settle([a, b], using: &generator)
        #expect(try a.store.loadSetLists().map(\.title) == ["Friday night"])
        #expect(try a.store.loadSetLists().first?.chordsetIDs == [songs[2], songs[0], songs[1]])
        try expectSame(a, b)
    }

    @Test mutating func theLaterOfTwoRenamesWinsEverywhere() throws {
        let (a, b) = try machines()
        let setList = try a.store.createSetList(title: "Friday")
        try Network.settle([a, b], using: &generator)
        time.advance(by: 1)
        try b.store.renameSetList(setList.id, to: "From B")
        time.advance(by: 1)
        try a.store.renameSetList(setList.id, to: "From A, later")
        try Network.settle([a, b], using: &generator)
        #expect(try b.store.loadSetLists().map(\.title) == ["From A, later"])
        try expectSame(a, b)
    }

    @Test mutating func entriesAddedOnBothMachinesAllSurviveInOneOrder() throws {
        let (a, b) = try machines()
        let songs = try shared(a, b, count: 4)
        let setList = try a.store.createSetList(title: "Friday", chordsets: [songs[0]])
        try Network.settle([a, b], using: &generator)
        time.advance(by: 1)
        // Both append at the end: the same position on both, so the tie is broken by id.
        try a.store.addChordsets([songs[1], songs[2]], to: setList.id)
        try b.store.addChordsets([songs[3]], to: setList.id)
        try Network.settle([a, b], using: &generator)
        let merged = try #require(try a.store.loadSetLists().first)
        #expect(merged.entries.count == 4)
        #expect(merged.chordsetIDs.first == songs[0])
        #expect(Set(merged.chordsetIDs) == Set(songs))
        #expect(merged.entries == merged.entries.sorted(by: SetListEntry.showOrder))
        try expectSame(a, b)
    }

    @Test mutating func aChordsetDeletedElsewhereLeavesEverySetListThatKeepsTheRest() throws {
        let (a, b) = try machines()
        let songs = try shared(a, b, count: 3)
        try a.store.createSetList(title: "Friday", chordsets: songs)
        try a.store.createSetList(title: "Saturday", chordsets: [songs[1]])
        try Network.settle([a, b], using: &generator)
        time.advance(by: 1)
        try b.edit { $0.delete(id: songs[1]) }
        try Network.settle([a, b], using: &generator)
        #expect(try a.store.loadSetLists().map(\.chordsetIDs) == [[songs[0], songs[2]], []])
        try expectSame(a, b)
        #expect(try a.store.foreignKeyViolations() == 0)
    }

    @Test mutating func aDeletedSetListStaysDeletedWhateverIsEditedElsewhereLater() throws {
        let (a, b) = try machines()
        let songs = try shared(a, b, count: 2)
        let setList = try a.store.createSetList(title: "Friday", chordsets: songs)
        try Network.settle([a, b], using: &generator)
        time.advance(by: 1)
        try a.store.deleteSetList(setList.id)
        time.advance(by: 1)
        try b.store.renameSetList(setList.id, to: "Renamed later")
        try b.store.addChordsets([songs[0]], to: setList.id)
        try Network.settle([a, b], using: &generator)
        #expect(try a.store.loadSetLists().isEmpty)
        #expect(try b.store.loadSetLists().isEmpty)
        #expect(try b.store.counts().chordsets == a.store.counts().chordsets, "the chordsets stay")
    }

    @Test mutating func aRemovedEntryStaysRemovedThoughMovedElsewhereLater() throws {
        let (a, b) = try machines()
        let songs = try shared(a, b, count: 3)
        let setList = try a.store.createSetList(title: "Friday", chordsets: songs)
        try Network.settle([a, b], using: &generator)
        time.advance(by: 1)
        try a.store.removeEntry(setList.entries[1].id)
        time.advance(by: 1)
        try b.store.moveEntry(setList.entries[1].id, to: 0)
        try Network.settle([a, b], using: &generator)
        #expect(try a.store.loadSetLists().first?.chordsetIDs == [songs[0], songs[2]])
        try expectSame(a, b)
    }

    @Test mutating func anEntryArrivingBeforeItsSetListAndChordsetWaitsForThem() throws {
        let (a, b) = try machines()
        let setList = UUID(), chordset = UUID(), entry = UUID()
        func stamp(_ seconds: UInt64) -> Stamp {
            Stamp(milliseconds: HybridClock.milliseconds(time.now) + seconds, counter: 0, device: a.device)
        }
        let entryLine = SyncOperation(key: .setListEntry(entry), stamp: stamp(3),
                                      fields: SyncValues.entryFields(setList: setList, chordset: chordset, position: 0))
        let setListLine = SyncOperation(key: .setList(setList), stamp: stamp(2), fields: SyncValues.setListFields(
            title: "Friday", position: 0, created: 1_700_000_000, updated: 1_700_000_000))
        let chordsetLine = SyncOperation(key: .chordset(chordset), stamp: stamp(1), fields: SyncValues.fields(
            title: "Late", position: 5, created: 1_700_000_000, updated: 1_700_000_000, colors: Sample.colors()))
        func merge(_ operations: [SyncOperation], file: Int) throws {
            _ = try b.store.merge([ReadBatch(device: a.device, file: String(format: "%010d.changes", file), readThrough: 0,
                                             operations: operations)], now: time.now)
        }
        try merge([entryLine], file: 1)
        #expect(try b.store.loadSetLists().isEmpty)
        try merge([setListLine], file: 2)
        #expect(try b.store.loadSetLists().map(\.chordsetIDs) == [[]], "the entry waits for its chordset")
        try merge([chordsetLine], file: 3)
        #expect(try b.store.loadSetLists().map(\.chordsetIDs) == [[chordset]])
        #expect(try b.store.loadSetLists().first?.entries.map(\.id) == [entry])
    }

    @Test func badValuesFromTheFolderAreRefusedFieldByField() throws {
        let setList = UUID(), entry = UUID()
        let stamp = Stamp(milliseconds: 1, counter: 0, device: "00000000000000aa")
        let (admittedList, refusedList) = SyncAdmission.admit(SyncOperation(key: .setList(setList), stamp: stamp, fields: [
            SyncField.title: "  Friday\u{1B}]0;x\u{7} ", SyncField.position: "nan", SyncField.created: "1",
            SyncField.updated: "1e400", "color3": "#FFFFFF", SyncField.deleted: "maybe",
        ]))
        #expect(admittedList?.fields == [SyncField.title: "Friday]0;x", SyncField.created: "1.0"])
        #expect(refusedList.count == 4)
        let (admittedEntry, refusedEntry) = SyncAdmission.admit(SyncOperation(key: .setListEntry(entry), stamp: stamp, fields: [
            SyncField.setList: setList.uuidString.lowercased(), SyncField.chordset: "../../etc/passwd",
            SyncField.position: "-0.5", SyncField.lumi: "x",
        ]))
        #expect(admittedEntry?.fields == [SyncField.setList: setList.uuidString, SyncField.position: "-0.5"])
        #expect(refusedEntry.map(\.description).contains { $0.hasPrefix("its chordset “../../etc/passwd” is not an id") })
        #expect(refusedEntry.contains(.unknownField(SyncField.lumi)))
        let (_, emptyTitle) = SyncAdmission.admit(SyncOperation(key: .setList(setList), stamp: stamp, fields: [SyncField.title: " \t "]))
        #expect(emptyTitle.count == 1)
    }

    @Test func setListRecordsReadBackFromTheirLines() throws {
        let keys: [SyncRecordKey] = [.setList(UUID()), .setListEntry(UUID())]
        for key in keys {
            let operation = SyncOperation(key: key, stamp: Stamp(milliseconds: 5, counter: 1, device: "00000000000000aa"),
                                          fields: [SyncField.position: "1.5"])
            let line = ChangeLine.encode(operation)
            #expect(try ChangeLine.decode(line.dropLast()).get() == operation)
        }
        #expect(SyncRecordKey("x:" + UUID().uuidString) == nil)
    }

    @Test mutating func aSetListImportedBeforeAFolderWasChosenIsPublished() throws {
        let b = try SimulatedMachine("B", in: base.url, time: time)
        // A: imports while it has no folder, then chooses one.
        let aStore = ChordsetStore.inMemory(now: { [time] in time.now })
        var contents = ChordsetsWithLumis(Sample.chordsets(2))
        contents.setLists = [SetList(title: "Friday", chordsetIDs: contents.chordsets.reversed().map(\.id))]
        try aStore.append(contents)
        let a = try SimulatedMachine("A", in: base.url, time: time, store: aStore)
        try Network.settle([a, b], using: &generator)
        #expect(try b.store.loadSetLists().map(\.chordsetIDs) == [contents.chordsets.reversed().map(\.id)])
        try expectSame(a, b)
        // And one imported while publishing goes out at once.
        var more = ChordsetsWithLumis()
        more.setLists = [SetList(title: "Saturday", chordsetIDs: [contents.chordsets[0].id])]
        try b.store.append(more)
        try Network.settle([a, b], using: &generator)
        #expect(try a.store.loadSetLists().map(\.title) == ["Friday", "Saturday"])
        try expectSame(a, b)
    }

    @Test mutating func anImportedSetListWhoseIdWasDeletedGetsAFreshOne() throws {
        let (a, b) = try machines()
        let setList = try a.store.createSetList(title: "Friday")
        try a.store.deleteSetList(setList.id)
        try Network.settle([a, b], using: &generator)
        var contents = ChordsetsWithLumis()
        contents.setLists = [SetList(id: setList.id, title: "Friday again", chordsetIDs: [])]
        try a.store.append(contents)
        let stored = try a.store.loadSetLists()
        #expect(stored.map(\.title) == ["Friday again"])
        #expect(stored.first?.id != setList.id)
        try Network.settle([a, b], using: &generator)
        try expectSame(a, b)
    }
}
