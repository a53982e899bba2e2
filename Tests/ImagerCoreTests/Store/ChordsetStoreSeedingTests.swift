import Foundation
import GRDB
import Testing
@testable import ImagerCore

/// `ChordsetStore.seedIfNeeded`: the starter chordsets arrive once in the life of a database.
@Suite struct ChordsetStoreSeedingTests {
    /// Counts how often the seed was asked for, to prove a seeded store never asks again.
    final class SeedLoader {
        var calls = 0
        let chordsets: [Chordset]

        init(_ chordsets: [Chordset] = Sample.chordsets(4)) {
            self.chordsets = chordsets
        }

        func load() -> [Chordset] {
            calls += 1
            return chordsets
        }
    }

    @Test func aFreshStoreIsSeededOnce() throws {
        let store = ChordsetStore.inMemory()
        let loader = SeedLoader()
        #expect(try !store.isSeeded())
        #expect(try store.seedIfNeeded(loader.load) == 4)
        #expect(try store.isSeeded())
        #expect(try store.seedIfNeeded(loader.load) == nil)
        #expect(loader.calls == 1)
        #expect(try store.counts() == (4, 32))
        #expect(try store.loadAll().map(\.title) == loader.chordsets.map(\.title))
    }

    @Test func anEmptySeedStillCountsAsSeeded() throws {
        let store = ChordsetStore.inMemory()
        #expect(try store.seedIfNeeded { [] } == 0)
        #expect(try store.seedIfNeeded { Sample.chordsets(2) } == nil)
        #expect(try store.counts() == (0, 0))
    }

    @Test func aStoreEmptiedByTheUserIsNotSeededAgain() throws {
        let folder = try TemporaryDirectory()
        do {
            let store = try ChordsetStore.open(at: folder.databaseURL)
            #expect(try store.seedIfNeeded { Sample.chordsets(3) } == 3)
            let controller = try ChordsetController(store: store)
            controller.deleteAll()
            #expect(controller.save().report?.rowsWritten == 27)
            try closeConnections(of: store)
        }
        let reopened = try ChordsetStore.open(at: folder.databaseURL)
        let loader = SeedLoader()
        #expect(try reopened.seedIfNeeded(loader.load) == nil)
        #expect(loader.calls == 0)
        let controller = try ChordsetController(store: reopened)
        #expect(controller.isEmpty)
    }

    @Test func aSeedThatCannotBeReadStoresNothingAndIsTriedAgain() throws {
        let store = ChordsetStore.inMemory()
        let problem = InterchangeError(file: "/usr/share/imager/seed.json", reason: "chordsets[1] has 7 chords")
        #expect(throws: problem) {
            try store.seedIfNeeded { () throws -> [Chordset] in throw problem }
        }
        #expect(try !store.isSeeded())
        #expect(try store.counts() == (0, 0))

        let loader = SeedLoader()
        #expect(try store.seedIfNeeded(loader.load) == 4)
        #expect(try store.seedIfNeeded(loader.load) == nil)
        #expect(loader.calls == 1)
        #expect(try store.counts() == (4, 32))
    }

    @Test func aSeedThatFailsHalfWayStoresNothingAndIsTriedAgain() throws {
        let store = ChordsetStore.inMemory()
        // Lets the first two chordsets and a few chords in, then fails like a full disk.
        try store.failWrites(to: "chord", when: "(SELECT count(*) FROM chord) >= 19")
        #expect(throws: StoreError.self) {
            try store.seedIfNeeded { Sample.chordsets(4) }
        }
        #expect(try !store.isSeeded())
        #expect(try store.counts() == (0, 0))

        try store.stopFailingWrites(to: "chord")
        let loader = SeedLoader()
        #expect(try store.seedIfNeeded(loader.load) == 4)
        #expect(try store.seedIfNeeded(loader.load) == nil)
        #expect(try store.counts() == (4, 32))
    }

    @Test func aSeedWithARepeatedIdStoresEveryChordsetItReports() throws {
        let store = ChordsetStore.inMemory()
        let id = UUID()
        let seeded = try store.seedIfNeeded {
            [Sample.chordset("One", id: id), Sample.chordset("Two", id: id), Sample.chordset("Three")]
        }
        #expect(seeded == 3)
        #expect(try store.counts() == (3, 24))
        #expect(try store.loadAll().map(\.title) == ["One", "Two", "Three"])
        #expect(try store.chordsetsWithoutEightChords() == 0)
    }

    @Test func seededChordsetsKeepTheSeedsOrderIdsAndColours() throws {
        let store = ChordsetStore.inMemory()
        let seed = Sample.chordsets(5)
        _ = try store.seedIfNeeded { seed }
        let loaded = try store.loadAll()
        #expect(loaded.map(\.id) == seed.map(\.id))
        #expect(loaded.map(\.chords) == seed.map(\.chords))
        #expect(loaded.map(\.position) == [0, 1, 2, 3, 4])
    }
}
