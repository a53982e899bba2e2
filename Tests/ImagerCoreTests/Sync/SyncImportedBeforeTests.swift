import Foundation
import GRDB
import Testing
@testable import ImagerCore

/// Chordsets imported before a sync folder is chosen are stored without registers
/// (`UnregisteredRows`) and registered by the first round: another machine then gets all of
/// them, with what was edited meanwhile, exactly as this machine shows them.
@Suite struct SyncImportedBeforeTests {
    let base: TemporaryDirectory
    let time = SimulatedTime()
    var generator = SeededGenerator(seed: 31)

    init() throws { base = try TemporaryDirectory() }

    static func registerCount(_ store: ChordsetStore) throws -> Int {
        try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_register") ?? 0 }
    }

    static func pending(_ store: ChordsetStore) throws -> Bool {
        try store.writer.read(UnregisteredRows.arePending)
    }

    @Test mutating func anImportMadeBeforeSyncingReachesTheOtherMachineWithItsLaterEdits() throws {
        let store = ChordsetStore.inMemory(now: { [time] in time.now })
        let lumis = (0..<4).map { SampleLumi.chordsetLumis(2, slots: [0, 3, 7], start: $0 * 10) }
        let imported = try store.append(#require(ChordsetsWithLumis(Sample.chordsets(4), lumis: lumis)))
        #expect(try Self.registerCount(store) == 0)
        #expect(try Self.pending(store))

        // Edits before any folder is chosen: a rename, a lumi removed and one added, a delete.
        time.advance(by: 1)
        let controller = try ChordsetController(store: store, clock: { [time] in time.now })
        #expect(controller.rename(id: imported[0].id, to: "Renamed before syncing"))
        var slot = controller.lumis(of: imported[1].id)[3]
        slot.removeFirst()
        slot.append(Lumi(shape: .square, x: 0.25, y: 0.75, size: 0.5, rotation: 45, color: RGBAColor(hex: "#102030")!, glow: 1))
        controller.setLumis(slot, slot: 3, of: imported[1].id)
        controller.delete(id: imported[2].id)
        if case let .failed(error) = controller.save() { throw error }

        time.advance(by: 1)
        let a = try SimulatedMachine("A", in: base.url, time: time, store: store)
        let b = try SimulatedMachine("B", in: base.url, time: time)
        try Network.settle([a, b], using: &generator)
        #expect(try !Self.pending(store))
        #expect(try b.titles() == ["Renamed before syncing", imported[1].title, imported[3].title])
        #expect(try b.listing() == a.listing())
        #expect(try b.store.lumis(of: imported[1].id).lumis[3] == slot)
        #expect(try b.store.lumis(of: imported[3].id).lumis == a.store.lumis(of: imported[3].id).lumis)
        // Every stored row now has registers that say what the row says.
        #expect(try Self.registerCount(store) >= 3 + 3 * 6)
    }

    @Test mutating func anImportWhileSyncingIsRegisteredAndPublishedAtOnce() throws {
        let a = try SimulatedMachine("A", in: base.url, time: time)
        let b = try SimulatedMachine("B", in: base.url, time: time)
        let lumis = [SampleLumi.chordsetLumis(1, slots: [2])]
        try a.store.append(#require(ChordsetsWithLumis(Sample.chordsets(1), lumis: lumis)))
        #expect(try !Self.pending(a.store))
        #expect(try Self.registerCount(a.store) == 2)
        try Network.settle([a, b], using: &generator)
        #expect(try b.listing() == a.listing())
    }
}
