import Foundation
import Testing
@testable import ImagerCore

/// An open list taking in what a sync round changed, chordset by chordset.
@Suite struct SyncControllerMergeTests {
    let base: TemporaryDirectory
    let time = SimulatedTime()
    var generator = SeededGenerator(seed: 3)

    init() throws { base = try TemporaryDirectory() }

    @Test mutating func theChangedChordsetsAreReadAgainAndUnsavedEditsStay() throws {
        let a = try SimulatedMachine("A", in: base.url, time: time)
        let b = try SimulatedMachine("B", in: base.url, time: time)
        try a.edit { c in for title in ["Renamed there", "Deleted there", "Edited here", "Untouched"] { c.add(title: title) } }
        try Network.settle([a, b], using: &generator)
        let open = try ChordsetController(store: a.store, clock: { [time] in time.now })
        let ids = open.chordsets.map(\.id)
        var listChanges = 0
        open.listChanged = { _ in listChanges += 1 }

        time.advance(by: 1)
        open.rename(id: ids[2], to: "Edited here, not saved")
        listChanges = 0
        try b.edit { c in
            c.rename(id: ids[0], to: "Renamed on B")
            c.delete(id: ids[1])
            c.rename(id: ids[2], to: "Renamed on B too")
            c.add(title: "Added on B")
        }
        try b.sync()
        try Network.deliver(from: b, to: a, using: &generator)
        let summary = try a.sync()
        #expect(summary.changedChordsets.count == 4)
        #expect(try open.mergeSyncedChanges(of: summary.changedChordsets))
        #expect(listChanges == 1)
        #expect(open.chordsets.map(\.title) == ["Renamed on B", "Edited here, not saved", "Untouched", "Added on B"])
        // Once saved, the store holds our rename (the later edit) and the list matches it.
        _ = open.save()
        #expect(try a.store.loadAll().map(\.title) == open.chordsets.map(\.title))
        // Nothing to read again: nothing happens.
        #expect(try !open.mergeSyncedChanges(of: [UUID()]))
    }

    /// The same, with the reading done first (on the round's thread in the window), both by
    /// id and, past `syncMergeOneByOne`, as the whole list.
    @Test mutating func aReadMadeOffTheUIThreadIsLaidInTheSameWay() throws {
        for whole in [false, true] {
            let a = try SimulatedMachine(whole ? "C" : "A", in: base.url.appendingPathComponent("\(whole)"), time: time)
            let b = try SimulatedMachine(whole ? "D" : "B", in: base.url.appendingPathComponent("\(whole)"), time: time)
            try a.edit { c in for title in ["Renamed there", "Deleted there", "Edited here", "Untouched"] { c.add(title: title) } }
            try Network.settle([a, b], using: &generator)
            let open = try ChordsetController(store: a.store, clock: { [time] in time.now })
            let ids = open.chordsets.map(\.id)
            time.advance(by: 1)
            open.rename(id: ids[2], to: "Edited here, not saved")
            try b.edit { c in
                c.rename(id: ids[0], to: "Renamed on B")
                c.delete(id: ids[1])
                c.add(title: "Added on B")
            }
            try b.sync()
            try Network.deliver(from: b, to: a, using: &generator)
            let changed = try a.sync().changedChordsets
            let read: SyncedRead = whole ? .whole(try a.store.load()) : try SyncedRead.read(changed, from: a.store)
            if case .whole = read { #expect(whole) }
            let saves = open.savesWritten
            #expect(open.mergeSyncedChanges(read))
            #expect(open.chordsets.map(\.title) == ["Renamed on B", "Edited here, not saved", "Untouched", "Added on B"])
            _ = open.save()
            #expect(open.savesWritten == saves + 1, "a save that wrote something is counted")
            #expect(try a.store.loadAll().map(\.title) == open.chordsets.map(\.title))
        }
    }
}
