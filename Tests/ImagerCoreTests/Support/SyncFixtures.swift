import Foundation
@testable import ImagerCore

/// Virtual wall time shared by simulated machines: each step moves it on, and each machine
/// reads it through its own clock skew.
final class SimulatedTime: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_700_000_000)

    var now: Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { current = current.addingTimeInterval(seconds) }
    }
}

/// One computer: its own database and its own copy of the shared folder (a `Network`
/// carries files between the copies, as Syncthing would).
final class SimulatedMachine {
    let name: String
    let folder: URL
    let store: ChordsetStore
    let machineID: String
    let time: SimulatedTime
    /// Seconds this machine's wall clock is ahead (negative: behind).
    let skew: TimeInterval

    init(_ name: String, in base: URL, time: SimulatedTime, skew: TimeInterval = 0, seeded: Bool = false,
         store: ChordsetStore? = nil, machineID: String? = nil, keepFolder: Bool = false) throws {
        self.name = name
        self.time = time
        self.skew = skew
        self.machineID = machineID ?? "machine-\(name)"
        let store = store ?? ChordsetStore.inMemory(now: { [time] in time.now.addingTimeInterval(skew) })
        self.store = store
        // `keepFolder`: a copied database keeps the folder it was set to (a copied home).
        if keepFolder, let kept = try store.syncSettings().folder {
            folder = URL(fileURLWithPath: kept, isDirectory: true)
        } else {
            folder = base.appendingPathComponent("folder-\(name)", isDirectory: true)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if seeded {
            try self.store.seedIfNeeded { () throws -> [Chordset] in
                [Sample.chordset("Seed A", id: UUID(uuidString: "6F1C2A52-3B0E-4C5A-9E31-0D6A5B7C8E01")!, seed: 1),
                 Sample.chordset("Seed B", id: UUID(uuidString: "0B8E7F14-5D2C-4A69-8F0B-7A1E3C5D9E02")!, position: 1, seed: 2)]
            }
        }
        try self.store.setSyncFolder(folder.path)
    }

    var now: Date { time.now.addingTimeInterval(skew) }

    /// Edits through a controller, as the window does, and saves.
    func edit(_ body: (ChordsetController) -> Void) throws {
        let controller = try ChordsetController(store: store, clock: { [self] in now })
        body(controller)
        if case let .failed(error) = controller.save() { throw error }
    }

    @discardableResult
    func sync() throws -> SyncSummary {
        try SyncRound(store: store, folder: folder, machine: machineID, now: { [self] in now }).run()
    }

    var device: String { (try? store.syncSettings().device) ?? "?" }

    /// Everything a person sees, in list order: id, title, colours, lumis.
    func listing() throws -> [String] {
        try store.loadAll().map { chordset in
            let lumis = try store.lumis(of: chordset.id).lumis.slots.map { $0.map { "\($0.id.uuidString.prefix(8))@\($0.x)" }.joined(separator: ",") }
            return "\(chordset.id.uuidString)\t\(chordset.title)\t\(chordset.chords.map(\.color.hex).joined(separator: " "))\t\(lumis.joined(separator: "|"))"
        }
    }

    func titles() throws -> [String] { try store.loadAll().map(\.title) }
}

/// Carries files between machines' folder copies, as a folder sync does: whole, late, cut
/// short, duplicated as conflict copies, in any order. A machine's own device folder is
/// never written by the network (only that machine writes it).
struct Network {
    struct Faults {
        var skipChance = 0.0
        var truncateChance = 0.0
        var conflictCopyChance = 0.0
    }

    static func deliver(from source: SimulatedMachine, to target: SimulatedMachine, faults: Faults = Faults(),
                        using generator: inout SeededGenerator) throws {
        let fm = FileManager.default
        let sourceDevices = source.folder.appendingPathComponent(SyncFolder.directoryName)
        guard let devices = try? fm.contentsOfDirectory(atPath: sourceDevices.path) else { return }
        let targetOwn = target.device
        for device in devices.shuffled(using: &generator) where device != targetOwn {
            let from = sourceDevices.appendingPathComponent(device)
            let to = target.folder.appendingPathComponent(SyncFolder.directoryName).appendingPathComponent(device)
            try fm.createDirectory(at: to, withIntermediateDirectories: true)
            for name in try fm.contentsOfDirectory(atPath: from.path).shuffled(using: &generator) where !name.hasPrefix(".") {
                if Double.random(in: 0..<1, using: &generator) < faults.skipChance { continue }
                let data = try Data(contentsOf: from.appendingPathComponent(name))
                let destination = to.appendingPathComponent(name)
                let existing = fm.contents(atPath: destination.path)
                if let existing, existing.count >= data.count { continue }
                var delivered = data
                if Double.random(in: 0..<1, using: &generator) < faults.truncateChance, data.count > 1 {
                    delivered = data.prefix(Int.random(in: (existing?.count ?? 0)..<data.count, using: &generator))
                }
                try delivered.write(to: destination)
                if Double.random(in: 0..<1, using: &generator) < faults.conflictCopyChance, let dot = name.firstIndex(of: ".") {
                    let copy = name[..<dot] + ".sync-conflict-20240101-120000-ABCDEFG" + name[dot...]
                    try data.write(to: to.appendingPathComponent(String(copy)))
                }
            }
        }
    }

    /// Delivers everything everywhere and syncs every machine, until nothing changes.
    static func settle(_ machines: [SimulatedMachine], using generator: inout SeededGenerator) throws {
        for _ in 0..<3 {
            for source in machines { for target in machines where target !== source {
                try deliver(from: source, to: target, using: &generator)
            } }
            for machine in machines { try machine.sync() }
        }
    }
}

/// Closes the store with everything in its main file (no write-ahead log left), so copying
/// that one file copies the whole database, as a backup or a copied home would.
func checkpointAndClose(_ store: ChordsetStore) throws {
    try store.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    try closeConnections(of: store)
}
