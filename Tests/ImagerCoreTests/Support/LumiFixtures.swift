import Foundation
import Testing
@testable import ImagerCore

/// Lumis for tests: valid, varied, with values that do not survive a careless round trip
/// (0.1 + 0.2, tiny and odd numbers).
enum SampleLumi {
    static func lumi(_ n: Int, shape: LumiShape = .star) -> Lumi {
        Lumi(shape: shape, x: (0.1 + 0.2) * Double(n % 3) / 1.5, y: 1.0 / Double(n + 3), size: 0.05 + Double(n % 7) / 10,
             rotation: Double(n * 37 % 360) + 0.123456789, color: RGBAColor(red: UInt8(n % 256), green: 200, blue: 40, alpha: 180),
             glow: Double(n % 5) / 4)
    }

    /// `count` lumis in each of the given slots.
    static func chordsetLumis(_ count: Int, slots: [Int] = Array(0..<Chordset.chordCount), start: Int = 0) -> ChordsetLumis {
        var lumis = ChordsetLumis()
        var n = start
        for slot in slots {
            lumis[slot] = (0..<count).map { _ in
                n += 1
                return lumi(n, shape: LumiShape.allCases[n % 4])
            }
        }
        return lumis
    }
}

extension SampleLumi {
    /// A store holding `count` sample chordsets with `perChord` lumis in each of `slots` (lumi
    /// numbers counted from `spacing` times the chordset's index), and a controller over it.
    static func storedWithController(_ count: Int, perChord: Int, slots: [Int] = Array(0..<Chordset.chordCount),
                                     spacing: Int) throws -> (ChordsetStore, ChordsetController) {
        let store = ChordsetStore.inMemory()
        let lumis = (0..<count).map { chordsetLumis(perChord, slots: slots, start: $0 * spacing) }
        try store.append(#require(ChordsetsWithLumis(Sample.chordsets(count), lumis: lumis)))
        return (store, try ChordsetController(store: store))
    }
}

extension ChordsetStore {
    /// Lumi rows whose chord is gone (must always be 0: ON DELETE CASCADE).
    func orphanLumis() throws -> Int {
        try writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM lumi WHERE chord_id NOT IN (SELECT id FROM chord)") ?? 0
        }
    }
}

/// Lumis compared field by field, bit for bit, ids left out (imports give fresh ones).
func lumiValues(_ lumis: ChordsetLumis) -> [[String]] {
    lumis.slots.map { slot in
        slot.map { "\($0.shape) \($0.x.bitPattern) \($0.y.bitPattern) \($0.size.bitPattern) \($0.rotation.bitPattern) \($0.glow.bitPattern) \($0.color.packed)" }
    }
}
