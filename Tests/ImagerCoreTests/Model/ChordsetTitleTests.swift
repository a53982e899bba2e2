import Testing
@testable import ImagerCore

@Suite struct ChordsetTitleTests {
    @Test func nulAndOtherControlCharactersAreRemoved() {
        #expect(ChordsetTitle.sanitized("Wa\u{0}rm") == "Warm")
        #expect(ChordsetTitle.sanitized("\u{1}\u{7}Be\u{1B}ll\u{7F}\u{9F}") == "Bell")
    }

    @Test func lineBreaksAndTabsBecomeSpaces() {
        #expect(ChordsetTitle.sanitized("Warm\nand\tcold\r\nnight") == "Warm and cold  night")
        #expect(ChordsetTitle.sanitized("a\u{2028}b\u{2029}c\u{85}d\u{B}e\u{C}f") == "a b c d e f")
    }

    @Test func surroundingWhitespaceIsTrimmed() {
        #expect(ChordsetTitle.sanitized("  Warm  ") == "Warm")
        #expect(ChordsetTitle.sanitized("\n\tWarm\n") == "Warm")
        #expect(ChordsetTitle.sanitized("\u{0} Warm \u{0}") == "Warm")
    }

    @Test func innerSpacesAreKept() {
        #expect(ChordsetTitle.sanitized("Warm   Night") == "Warm   Night")
    }

    @Test func onlyWhitespaceAndControlsLeavesNothing() {
        #expect(ChordsetTitle.sanitized("") == "")
        #expect(ChordsetTitle.sanitized(" \n\t\u{0}\u{7} ") == "")
    }

    @Test(arguments: [
        #"Say "hi" and 'bye'"#,
        "'); DROP TABLE chordset; --",
        "Backslash \\ and %s and \\u0000",
        "👩‍👩‍👧‍👦 🏳️‍🌈 🇯🇵🇫🇷 👍🏽",
        "\u{200F}مرحبا بالعالم\u{200E} (abc)",
        "\u{202B}שלום עולם\u{202C}",
        "e\u{301} Å Ω ﷺ",
    ])
    func printableTextIsKeptExactly(_ title: String) {
        #expect(ChordsetTitle.sanitized(title) == title)
    }

    @Test func longTitlesAreKeptWhole() {
        let title = String(repeating: "ab😀", count: 5_000)
        #expect(ChordsetTitle.sanitized(title) == title)
    }
}
