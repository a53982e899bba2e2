import Foundation
import GRDB
import Testing
@testable import ImagerCore

/// Random concurrent edits on simulated machines with skewed clocks, delivered shuffled,
/// late, cut short and as conflict copies: every machine ends with the same list, and each
/// edit the rules say must survive is there. Seeded: a failure names its seed.
@Suite struct SyncConvergenceTests {
    /// What the edits did, to check the result against the rules.
    struct Ledger {
        var added = Set<UUID>()
        /// Deleted anywhere (one by one or by a Delete All): gone everywhere.
        var deleted = Set<UUID>()
        /// Every title each chordset was renamed to.
        var renames: [UUID: [String]] = [:]
    }

    static func run(seed: UInt64, machineCount: Int, skews: [TimeInterval], steps: Int) throws {
        var generator = SeededGenerator(seed: seed)
        let base = try TemporaryDirectory()
        let time = SimulatedTime()
        let machines = try (0..<machineCount).map {
            try SimulatedMachine("M\($0)", in: base.url, time: time, skew: skews[$0], seeded: true)
        }
        var ledger = Ledger()
        let faults = Network.Faults(skipChance: 0.3, truncateChance: 0.3, conflictCopyChance: 0.1)
        for step in 0..<steps {
            time.advance(by: Double.random(in: 0.001...2, using: &generator))
            let machine = machines.randomElement(using: &generator)!
            let roll = Double.random(in: 0..<1, using: &generator)
            if roll < 0.55 {
                try edit(on: machine, step: step, ledger: &ledger, using: &generator)
            } else if roll < 0.8 {
                try machine.sync()
            } else {
                let target = machines.filter { $0 !== machine }.randomElement(using: &generator)!
                try Network.deliver(from: machine, to: target, faults: faults, using: &generator)
            }
        }
        // Let every clock pass the changes it was holding back, then deliver everything.
        time.advance(by: 3600)
        try Network.settle(machines, using: &generator)
        try Network.settle(machines, using: &generator)

        let first = try machines[0].listing()
        for machine in machines.dropFirst() {
            #expect(try machine.listing() == first, "seed \(seed): \(machine.name) differs from \(machines[0].name)")
        }
        // Beneath the tables, every record's registers agree too (stamps included), or a
        // later change could bring the difference out.
        let registers = try machines.map { machine in
            try machine.store.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT key, body FROM sync_register ORDER BY key").map { "\($0["key"] as String) \($0["body"] as String)" }
            }
        }
        for (machine, held) in zip(machines, registers).dropFirst() {
            #expect(held == registers[0], "seed \(seed): \(machine.name)'s registers differ from \(machines[0].name)'s")
        }
        let survivors = try machines[0].store.loadAll()
        let ids = Set(survivors.map(\.id))
        #expect(ids.isDisjoint(with: ledger.deleted), "seed \(seed): a deleted chordset came back")
        #expect(ledger.added.subtracting(ledger.deleted).isSubset(of: ids), "seed \(seed): an added chordset was lost")
        for chordset in survivors {
            guard let titles = ledger.renames[chordset.id] else { continue }
            // The title is one of its renames (the later one wins, never a mix or a loss).
            #expect(titles.contains(chordset.title), "seed \(seed): “\(chordset.title)” is none of its renames")
            if titles.count == 1 { #expect(chordset.title == titles[0], "seed \(seed): a lone rename was lost") }
        }
        let positions = survivors.map(\.position)
        #expect(positions == positions.sorted(), "seed \(seed): not in position order")
    }

    static func edit(on machine: SimulatedMachine, step: Int, ledger: inout Ledger,
                     using generator: inout SeededGenerator) throws {
        let known = try machine.store.loadAll()
        let roll = Double.random(in: 0..<1, using: &generator)
        try machine.edit { c in
            guard let target = known.randomElement(using: &generator) else {
                if let added = c.add(title: "Added \(step)") { ledger.added.insert(added.id) }
                return
            }
            switch roll {
            case ..<0.2:
                if let added = c.add(title: "Added \(step) on \(machine.name)") { ledger.added.insert(added.id) }
            case ..<0.4:
                let title = "Renamed \(step) on \(machine.name)"
                if c.rename(id: target.id, to: title) { ledger.renames[target.id, default: []].append(title) }
            case ..<0.6:
                let color = RGBAColor(red: .random(in: 0...255, using: &generator), green: .random(in: 0...255, using: &generator),
                                      blue: .random(in: 0...255, using: &generator), alpha: 255)
                c.setColor(color, slot: Int.random(in: 0..<Chordset.chordCount, using: &generator), of: target.id)
            case ..<0.75:
                if c.count > 1 {
                    c.move(from: Int.random(in: 0..<c.count, using: &generator), to: Int.random(in: 0..<c.count, using: &generator))
                }
            case ..<0.87:
                let slot = Int.random(in: 0..<Chordset.chordCount, using: &generator)
                var lumis = c.lumis(of: target.id)[slot]
                if lumis.isEmpty || Bool.random(using: &generator) {
                    if lumis.count < Lumi.maximumPerChord - 4 {
                        lumis.append(Lumi(shape: .star, x: .random(in: 0...1, using: &generator), y: 0.5, size: 0.3,
                                          rotation: 0, color: RGBAColor(red: 255, green: 255, blue: 255, alpha: 255), glow: 0.4))
                    }
                } else {
                    lumis.remove(at: Int.random(in: 0..<lumis.count, using: &generator))
                }
                c.setLumis(lumis, slot: slot, of: target.id)
            case ..<0.97:
                c.delete(id: target.id)
                ledger.deleted.insert(target.id)
            default:
                ledger.deleted.formUnion(c.chordsets.map(\.id))
                c.deleteAll()
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func twoMachinesConverge(seed: UInt64) throws {
        try Self.run(seed: seed, machineCount: 2, skews: [0, -90], steps: 120)
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func threeMachinesWithSkewedClocksConverge(seed: UInt64) throws {
        // One clock 7 minutes fast: its changes wait on the others until their clocks catch up.
        try Self.run(seed: seed, machineCount: 3, skews: [0, 150, 420], steps: 150)
    }
}
