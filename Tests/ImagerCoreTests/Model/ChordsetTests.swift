import Foundation
import Testing
@testable import ImagerCore

@Suite struct ChordsetTests {
    @Test(arguments: [0, 1, 7, 9, 16])
    func aChordsetNeedsExactlyEightChords(_ count: Int) {
        let chords = Array(repeating: Chord(color: RGBAColor(red: 1, green: 2, blue: 3)), count: count)
        #expect(Chordset(title: "Odd", chords: chords) == nil)
    }

    @Test func eightChordsMakeAChordset() throws {
        let colors = Sample.colors()
        let chordset = try #require(Chordset(title: "Warm", position: 3, createdAt: Sample.createdAt,
                                             chords: colors.map(Chord.init(color:))))
        #expect(chordset.chords.map(\.color) == colors)
        #expect(chordset.position == 3)
        #expect(chordset.updatedAt == Sample.createdAt)
    }

    @Test func randomChordsetsHaveEightPleasantChordsAndTheGivenTitle() {
        let chordset = Chordset.random(title: "Fresh", position: 2, now: Sample.createdAt)
        #expect(chordset.chords.count == 8)
        #expect(chordset.title == "Fresh")
        #expect(chordset.position == 2)
        #expect(chordset.createdAt == Sample.createdAt)
        #expect(chordset.updatedAt == Sample.createdAt)
        #expect(chordset.chords.allSatisfy { $0.color.alpha == 255 })
    }

    @Test func randomChordsetsGetDistinctIds() {
        #expect(Chordset.random().id != Chordset.random().id)
    }

    @Test func settingAColourChangesOnlyThatSlot() {
        var chordset = Sample.chordset()
        let red = RGBAColor(red: 255, green: 0, blue: 0)
        chordset.setColor(red, at: 5)
        var expected = Sample.colors()
        expected[5] = red
        #expect(chordset.chords.map(\.color) == expected)
        #expect(chordset.color(at: 5) == red)
    }

    @Test func datesAreKeptToTheMillisecond() {
        let chordset = Sample.chordset(createdAt: Date(timeIntervalSince1970: 1_517_011_139.123_456))
        #expect(chordset.createdAt.timeIntervalSince1970 == 1_517_011_139.123)
        #expect(chordset.updatedAt == chordset.createdAt)
        let later = Chordset(title: "Later", createdAt: Sample.createdAt,
                             updatedAt: Date(timeIntervalSince1970: 1_600_000_000.999_6), chords: Sample.chordset().chords)
        #expect(later.updatedAt.timeIntervalSince1970 == 1_600_000_001)
    }

    @Test func roundingToTheMillisecondIsStable() {
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<1_000 {
            let date = Date(timeIntervalSince1970: Double.random(in: -1e9...4e9, using: &generator))
            let once = date.roundedToMilliseconds
            #expect(once.roundedToMilliseconds == once)
            #expect(abs(once.timeIntervalSince(date)) <= 0.000_5 + 1e-6)
        }
    }

    @Test func aNewIDKeepsEverythingElse() {
        let original = Sample.chordset("Keep", position: 4, seed: 9)
        let copy = original.withNewID()
        #expect(copy.id != original.id)
        #expect(copy.title == original.title)
        #expect(copy.position == original.position)
        #expect(copy.createdAt == original.createdAt)
        #expect(copy.chords == original.chords)
    }
}

/// `RGBAColor.hex`: the form the JSON, the palettes and the accessible names write.
@Suite struct RGBAColorHexTests {
    @Test func opaqueColoursHaveSixDigitsAndOthersEight() {
        #expect(RGBAColor(red: 0xE9, green: 0x90, blue: 0x57).hex == "#E99057")
        #expect(RGBAColor(red: 0, green: 0x0A, blue: 0xFF, alpha: 0x80).hex == "#000AFF80")
        #expect(RGBAColor(red: 0xFF, green: 0xFF, blue: 0xFF, alpha: 0).hex == "#FFFFFF00")
    }

    @Test func everyChannelValueReadsBack() {
        for value in 0...255 {
            let byte = UInt8(value)
            let color = RGBAColor(red: byte, green: 255 - byte, blue: byte / 2, alpha: byte)
            #expect(RGBAColor(hex: color.hex) == color)
            #expect(color.hex == String(format: byte == 255 ? "#%02X%02X%02X" : "#%02X%02X%02X%02X",
                                        byte, 255 - byte, byte / 2, byte))
        }
    }
}
