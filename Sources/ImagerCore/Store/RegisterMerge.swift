import Foundation
import GRDB

/// One transaction's merge of other machines' operations into the registers, and from
/// them into the tables. Operations reach it already admitted (`SyncAdmission`); what is
/// left to check needs the store: that a lumi does not make its chord hold more than
/// `Lumi.maximumPerChord` lumis.
struct RegisterMerge {
    private let db: Database
    private var clock: HybridClock
    private var touched: [SyncRecordKey: Registers] = [:]
    private var order: [SyncRecordKey] = []
    /// The live lumis of each chord, by chordset and slot, loaded a chordset at a time.
    private var chordMembers: [UUID: [Set<UUID>]] = [:]
    private(set) var applied = 0

    init(_ db: Database) throws {
        self.db = db
        clock = try SyncTables.clock(db)
    }

    /// Merges one admitted operation; the refusal when a lumi would overfill its chord.
    mutating func take(_ received: SyncOperation) throws -> SyncAdmission.Refusal? {
        var operation = received
        // A delete that came from another machine is known there: retired for good.
        if operation.isTombstone { operation.fields[SyncField.deleted] = SyncField.deletedEverywhere }
        let current = try touched[operation.key] ?? SyncTables.registers(operation.key, db)
        var registers = current
        // Only records whose registers changed are written (a duplicate costs a read).
        if registers.merge(operation) {
            if case let .lumi(id) = operation.key, let refusal = try admitPlacement(of: id, from: current, to: registers) {
                return refusal
            }
            if touched[operation.key] == nil { order.append(operation.key) }
            touched[operation.key] = registers
        }
        clock.observe(operation.stamp)
        applied += 1
        return nil
    }

    /// Writes the changed registers and their records, chordsets and set lists before lumis
    /// and set-list entries so each finds what it hangs off, and the clock; returns the
    /// chordsets whose contents may have changed.
    func finish() throws -> Set<UUID> {
        var changed = Set<UUID>()
        func rank(_ key: SyncRecordKey) -> Int {
            switch key {
            case .chordset: 0
            case .setList: 1
            case .setListEntry: 2
            case .lumi: 3
            }
        }
        let sorted = (0...3).flatMap { kind in order.filter { rank($0) == kind } }
        for key in sorted {
            let registers = touched[key]!
            try SyncTables.save(registers, of: key, db)
            changed.formUnion(try StoredRecords.materialize(key, registers, db))
        }
        try SyncTables.saveClock(clock, db)
        return changed
    }

    // MARK: At most 32 lumis a chord

    /// Counts the lumis each chord would hold with the lumi placed as `after` says. A chord
    /// already full refuses a lumi that is not yet in it; a lumi already in it may change.
    private mutating func admitPlacement(of id: UUID, from before: Registers, to after: Registers) throws -> SyncAdmission.Refusal? {
        let old = SyncValues.placement(before[SyncField.lumi], id: id)
        let new = SyncValues.placement(after[SyncField.lumi], id: id)
        if let old { try load(old.chordset) }
        if let new {
            try load(new.chordset)
            let members = chordMembers[new.chordset]![new.slot]
            if !members.contains(id), members.count >= Lumi.maximumPerChord {
                return .chordFull(chordset: new.chordset, slot: new.slot)
            }
        }
        if let old { chordMembers[old.chordset]![old.slot].remove(id) }
        if let new { chordMembers[new.chordset]![new.slot].insert(id) }
        return nil
    }

    private mutating func load(_ chordset: UUID) throws {
        guard chordMembers[chordset] == nil else { return }
        var slots = Array(repeating: Set<UUID>(), count: Chordset.chordCount)
        for key in try SyncTables.lumiKeys(ownedBy: chordset, db) {
            guard case let .lumi(id) = key else { continue }
            // This transaction's own changes, not yet saved, are the newer ones.
            let registers = try touched[key] ?? SyncTables.registers(key, db)
            if let placement = SyncValues.placement(registers[SyncField.lumi], id: id), placement.chordset == chordset {
                slots[placement.slot].insert(id)
            }
        }
        chordMembers[chordset] = slots
    }
}
