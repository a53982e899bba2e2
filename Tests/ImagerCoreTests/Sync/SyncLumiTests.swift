import Foundation
import Testing
@testable import ImagerCore

/// Lumis are records of their own: merged one by one, by the same registers as chordsets.
@Suite struct SyncLumiTests {
    let base: TemporaryDirectory
    let time = SimulatedTime()
    var generator = SeededGenerator(seed: 11)

    init() throws { base = try TemporaryDirectory() }

    static func lumi(x: Double, color: String = "#FFFFFFFF") -> Lumi {
        Lumi(shape: .circle, x: x, y: 0.5, size: 0.2, rotation: 0, color: RGBAColor(hex: color)!, glow: 0.5)
    }

    /// A chordset with `lumis` in slot 0, made on A and known to both.
    mutating func shared(_ a: SimulatedMachine, _ b: SimulatedMachine, lumis: [Lumi]) throws -> UUID {
        var id: UUID!
        try a.edit { c in
            id = c.add(title: "With lumis")!.id
            c.setLumis(lumis, slot: 0, of: id)
        }
        try Network.settle([a, b], using: &generator)
        #expect(try b.store.lumis(of: id).lumis[0] == lumis)
        return id
    }

    func lumis(_ machine: SimulatedMachine, _ id: UUID) throws -> [Lumi] {
        try machine.store.lumis(of: id).lumis[0]
    }

    @Test mutating func oneLumiMovedHereAndAnotherRecolouredThereBothSurvive() throws {
        let a = try SimulatedMachine("A", in: base.url, time: time)
        let b = try SimulatedMachine("B", in: base.url, time: time)
        let first = Self.lumi(x: 0.1), second = Self.lumi(x: 0.9)
        let id = try shared(a, b, lumis: [first, second])
        time.advance(by: 1)
        var moved = first
        moved.x = 0.3
        try a.edit { $0.setLumis([moved, second], slot: 0, of: id) }
        time.advance(by: 1)
        var recoloured = second
        recoloured.color = RGBAColor(hex: "#FF000080")!
        try b.edit { $0.setLumis([first, recoloured], slot: 0, of: id) }
        try Network.settle([a, b], using: &generator)
        #expect(try lumis(a, id) == [moved, recoloured])
        #expect(try lumis(b, id) == [moved, recoloured])
    }

    @Test mutating func lumisAddedToOneChordOnTwoMachinesAllSurviveInOneOrder() throws {
        let a = try SimulatedMachine("A", in: base.url, time: time)
        let b = try SimulatedMachine("B", in: base.url, time: time)
        let first = Self.lumi(x: 0.1)
        let id = try shared(a, b, lumis: [first])
        let fromA = Self.lumi(x: 0.4), fromB = Self.lumi(x: 0.6)
        try a.edit { $0.setLumis([first, fromA], slot: 0, of: id) }
        try b.edit { $0.setLumis([first, fromB], slot: 0, of: id) }
        try Network.settle([a, b], using: &generator)
        let merged = try lumis(a, id)
        #expect(try merged == lumis(b, id))
        #expect(Set(merged.map(\.id)) == [first.id, fromA.id, fromB.id])
        #expect(merged.first == first)
    }

    @Test mutating func aLumiRemovedHereStaysRemovedWhileAnotherIsEditedThere() throws {
        let a = try SimulatedMachine("A", in: base.url, time: time)
        let b = try SimulatedMachine("B", in: base.url, time: time)
        let first = Self.lumi(x: 0.1), second = Self.lumi(x: 0.9)
        let id = try shared(a, b, lumis: [first, second])
        time.advance(by: 1)
        try a.edit { $0.setLumis([second], slot: 0, of: id) }
        var edited = second
        edited.size = 0.5
        try b.edit { $0.setLumis([first, edited], slot: 0, of: id) }
        try Network.settle([a, b], using: &generator)
        // `second` moved to order 0 on A while B resized it at order 1: both are fields of
        // one register, so the later of the two (B's) wins whole.
        for machine in [a, b] { #expect(try lumis(machine, id).map(\.id) == [second.id]) }
        #expect(try lumis(a, id) == (try lumis(b, id)))
    }

    @Test mutating func aLumiAddedToAChordsetDeletedElsewhereGoesWithIt() throws {
        let a = try SimulatedMachine("A", in: base.url, time: time)
        let b = try SimulatedMachine("B", in: base.url, time: time)
        let first = Self.lumi(x: 0.1)
        let id = try shared(a, b, lumis: [first])
        time.advance(by: 1)
        try b.edit { $0.delete(id: id) }
        time.advance(by: 1)
        try a.edit { $0.setLumis([first, Self.lumi(x: 0.7)], slot: 0, of: id) }
        try Network.settle([a, b], using: &generator)
        for machine in [a, b] {
            #expect(try machine.titles() == [])
            #expect(try machine.store.lumiCount() == 0)
        }
    }

    @Test mutating func lumisThatArriveBeforeTheirChordsetGoInWithIt() throws {
        let a = try SimulatedMachine("A", in: base.url, time: time)
        let b = try SimulatedMachine("B", in: base.url, time: time)
        try a.sync()
        var id: UUID!
        let lumi = Self.lumi(x: 0.25)
        try a.edit { id = $0.add(title: "Late chordset")!.id }
        try a.sync()
        try a.edit { $0.setLumis([lumi], slot: 0, of: id) }
        try a.sync()
        // The folder sync carries the newer file (the lumi's) first.
        let own = a.folder.appendingPathComponent("imager-sync/\(a.device)")
        let theirs = b.folder.appendingPathComponent("imager-sync/\(a.device)")
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: own.path).filter { $0.hasSuffix(".changes") }.sorted()
        #expect(names.count == 2)
        try FileManager.default.copyItem(at: own.appendingPathComponent(names[1]), to: theirs.appendingPathComponent(names[1]))
        try b.sync()
        #expect(try b.titles() == [])
        try FileManager.default.copyItem(at: own.appendingPathComponent(names[0]), to: theirs.appendingPathComponent(names[0]))
        try b.sync()
        #expect(try b.titles() == ["Late chordset"])
        #expect(try b.store.lumis(of: id).lumis[0] == [lumi])
    }
}
