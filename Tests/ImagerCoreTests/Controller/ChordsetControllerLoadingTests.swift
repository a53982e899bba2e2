import Foundation
import Testing
@testable import ImagerCore

/// Starting with the first page and bringing in the rest later (ChordsetController+Loading).
@Suite struct ChordsetControllerLoadingTests {
    /// A store holding `count` sample chordsets.
    private func store(holding count: Int) throws -> ChordsetStore {
        let store = ChordsetStore.inMemory()
        try store.append(Sample.chordsets(count))
        return store
    }

    @Test func aFirstPageStartShowsThePageInListOrderAndLoadsTheRestLater() throws {
        let store = try store(holding: 500)
        let everything = try store.loadAll()
        let controller = try ChordsetController(store: store, firstPage: 100)
        #expect(controller.isLoadingRest)
        #expect(controller.chordsets == Array(everything.prefix(100)))

        let recorder = ListChangeRecorder(controller)
        let load = try #require(controller.remainderLoader)
        controller.finishLoading(load())
        #expect(!controller.isLoadingRest)
        #expect(controller.remainderLoader == nil)
        #expect(controller.chordsets == everything)
        #expect(recorder.take() == [.reloaded(previousCount: 100)])
    }

    @Test func aStoreSmallerThanThePageIsCompleteAtOnce() throws {
        let controller = try ChordsetController(store: try store(holding: 30), firstPage: 100)
        #expect(!controller.isLoadingRest)
        #expect(controller.count == 30)
        #expect(controller.remainderLoader == nil)
    }

    @Test func editsMadeWhileLoadingSurviveTheRestArriving() throws {
        let store = try store(holding: 300)
        let controller = try ChordsetController(store: store, firstPage: 50)
        let renamed = controller.chordsets[10].id
        controller.rename(id: renamed, to: "Renamed while loading")
        let deleted = controller.chordsets[20].id
        controller.delete(id: deleted)
        let added = controller.add(title: "Added while loading")!

        let load = try #require(controller.remainderLoader)
        controller.finishLoading(load())
        #expect(controller.count == 300)
        #expect(controller.chordset(id: renamed)?.title == "Renamed while loading")
        #expect(controller.chordset(id: deleted) == nil)
        // Added after every stored chordset, not after the page's last one.
        #expect(controller.chordsets.last?.id == added.id)
        controller.undo()
        #expect(controller.chordset(id: added.id) == nil)
    }

    @Test func savingWhileLoadingBringsInTheRestFirstAndCountsEverything() throws {
        let store = try store(holding: 250)
        let controller = try ChordsetController(store: store, firstPage: 40)
        controller.rename(id: controller.chordsets[0].id, to: "First")
        let report = try #require(controller.save().report)
        #expect(!controller.isLoadingRest)
        #expect(report.chordsets == 250)
        #expect(report.rowsWritten == 1)
        #expect(try store.loadAll() == controller.chordsets)
    }

    @Test func deleteAllWhileLoadingDeletesEveryStoredChordset() throws {
        let store = try store(holding: 120)
        let controller = try ChordsetController(store: store, firstPage: 20)
        controller.deleteAll()
        #expect(controller.isEmpty)
        _ = controller.save()
        let counts = try store.counts()
        #expect(counts.chordsets == 0)
        #expect(counts.chords == 0)
        controller.undo()
        #expect(controller.count == 120)
    }

    @Test func aLateRemainderIsIgnoredOnceTheListIsComplete() throws {
        let store = try store(holding: 80)
        let controller = try ChordsetController(store: store, firstPage: 10)
        let load = try #require(controller.remainderLoader)
        controller.finishLoadingNow()
        let added = controller.add()!
        controller.finishLoading(load())
        #expect(controller.count == 81)
        #expect(controller.chordsets.last?.id == added.id)
    }
}
