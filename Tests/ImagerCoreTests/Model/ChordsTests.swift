import Testing
@testable import ImagerCore

@Suite struct ChordsTests {
    private static func chord(_ value: UInt8) -> Chord { Chord(color: RGBAColor(red: value, green: 0, blue: 0)) }

    @Test(arguments: [0, 7, 9])
    func onlyEightChordsMakeChords(_ count: Int) {
        #expect(Chords((0..<count).map { Self.chord(UInt8($0)) }) == nil)
    }

    @Test func chordsKeepTheirOrderAndChangeOneAtATime() throws {
        var chords = try #require(Chords((0..<8).map { Self.chord(UInt8($0)) }))
        #expect(chords.map(\.color.red) == [0, 1, 2, 3, 4, 5, 6, 7])
        let before = chords
        chords[5].color = RGBAColor(red: 9, green: 9, blue: 9)
        #expect(chords.map(\.color.red) == [0, 1, 2, 3, 4, 9, 6, 7])
        #expect(before[5] == Self.chord(5), "a copy keeps its own chords")
        #expect(chords != before)
        #expect(Set([chords, before, chords]).count == 2)
        #expect(Chords(repeating: Self.chord(3)).allSatisfy { $0 == Self.chord(3) })
    }

    /// The eight are inside the chordset: no heap block of their own for each of the list's
    /// chordsets, and nothing to count references of when a chordset is copied.
    @Test func theEightAreHeldInline() {
        #expect(MemoryLayout<Chords>.size == 8 * MemoryLayout<RGBAColor>.size)
        #expect(_isPOD(Chords.self))
        #expect(Chords(repeating: Self.chord(0)).count == Chordset.chordCount, "as many as a chordset has")
    }
}
