import Foundation
import ImagerCore

/// The chordsets every run measures: the same N chordsets on every machine and in every
/// run (a fixed seed), with titles and colours as varied as a real collection's.
enum SampleChordsets {
    static func make(count: Int) -> [Chordset] {
        var generator = SplitMix64(seed: 0x1A6E_2024)
        let words = ["Warm", "Ocean", "Forest", "Sunset", "Pastel", "Night", "Autumn", "Glacier",
                     "Desert", "Meadow", "Harbour", "Ember", "Lagoon", "Orchid", "Slate", "Citrus"]
        let epoch = 1_700_000_000.0
        return (0..<count).map { index in
            let title = "\(words[Int(generator.next() % UInt64(words.count))]) \(index + 1)"
            let chords = (0..<Chordset.chordCount).map { _ in Chord(color: .randomPleasant(using: &generator)) }
            let created = Date(timeIntervalSince1970: epoch + Double(index))
            return Chordset(id: generator.nextUUID(), title: title, position: Double(index),
                            createdAt: created, chords: chords)!
        }
    }

    /// The same chordsets, their chords carrying lumis: 0 to 6 per chord, three on average
    /// (2.4 million for 100,000 chordsets), of every shape, half of them glowing, drawn from
    /// their own fixed seed.
    static func makeWithLumis(count: Int) -> ChordsetsWithLumis {
        var generator = SplitMix64(seed: 0x10_3141)
        var contents = ChordsetsWithLumis()
        contents.reserveCapacity(count)
        for chordset in make(count: count) {
            let slots = (0..<Chordset.chordCount).map { _ in
                (0..<Int(generator.next() % 7)).map { _ in lumi(using: &generator) }
            }
            contents.append(chordset, lumis: ChordsetLumis(slots: slots)!)
        }
        return contents
    }

    private static func lumi(using generator: inout SplitMix64) -> Lumi {
        Lumi(id: generator.nextUUID(), shape: LumiShape.allCases[Int(generator.next() % 4)],
             x: Double.random(in: 0...1, using: &generator), y: Double.random(in: 0...1, using: &generator),
             size: Double.random(in: 0.15...0.7, using: &generator), rotation: Double.random(in: 0..<360, using: &generator),
             color: .randomPleasant(using: &generator),
             glow: [0, 0, 0.3, 0.6, 1][Int(generator.next() % 5)])
    }
}

/// A small, fast generator with a fixed seed (Steele, Lea and Flood's SplitMix64), so the
/// data set is reproducible; the standard library's generator cannot be seeded.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A version-4 UUID drawn from this generator.
    mutating func nextUUID() -> UUID {
        let high = next(), low = next()
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: low >> (8 * $0)) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
