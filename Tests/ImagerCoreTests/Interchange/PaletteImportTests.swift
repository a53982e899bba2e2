import Foundation
import Testing
@testable import ImagerCore

/// Reading `.gpl` files: GIMP's grammar, refusals at the line that is wrong, and the cut into
/// chordsets of eight (the last padded with its final colour).
@Suite struct PaletteImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Palettes")

    func decode(_ text: String, file: String = "/home/me/Sunset.gpl") throws(GimpPaletteError) -> GimpPalette {
        try GimpPaletteReader.decode(Array(text.utf8), file: file)
    }

    /// The line and problem a refusal names, or nil if the text was accepted.
    func refusal(_ text: String) -> GimpPaletteError? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error
        }
    }

    static func colors(_ count: Int) -> [RGBAColor] {
        (0..<count).map { index -> RGBAColor in
            let byte = UInt8(index % 256)
            return RGBAColor(red: byte, green: 255 - byte, blue: byte &* 7)
        }
    }

    static func paletteText(name: String? = "Sunset", colors: [RGBAColor]) -> String {
        var out = "GIMP Palette\n"
        if let name { out += "Name: \(name)\n" }
        for color in colors { out += "\(color.red) \(color.green) \(color.blue)\tsome name\n" }
        return out
    }

    func imported(_ text: String, file: String = "/home/me/Sunset.gpl") throws -> ([Chordset], PaletteImportSummary) {
        let palette = try decode(text, file: file)
        let (chordsets, summary) = try PaletteImport.chordsets(from: palette, file: file)
        return (chordsets, summary)
    }

    // MARK: GIMP's own palettes

    @Test func gimpsDefaultPaletteImportsAsThreeChordsetsTheLastPadded() throws {
        let file = try ImportedFile.read(contentsOf: Self.fixtures.appendingPathComponent("Default.gpl"))
        #expect(file.chordsets.chordsets.map(\.title) == ["Default 1", "Default 2", "Default 3"])
        #expect(file.palette == PaletteImportSummary(colorCount: 23, chordsetCount: 3, paddedChords: 1))
        #expect(file.chordsets.chordsets[0].chords.map(\.color.hex)
            == ["#FF0000", "#FF00FF", "#0000FF", "#00FFFF", "#00FF00", "#FFFF00", "#7F0000", "#7F007F"])
        #expect(file.chordsets.chordsets[1].chords.map(\.color.hex)
            == ["#00007F", "#007F7F", "#007F00", "#827F00", "#000000", "#191919", "#333333", "#4C4C4C"])
        #expect(file.chordsets.chordsets[2].chords.map(\.color.hex)
            == ["#666666", "#7F7F7F", "#999999", "#B2B2B2", "#CCCCCC", "#E5E5E5", "#FFFFFF", "#FFFFFF"])
    }

    @Test func gimpsBearsPaletteWithUnnamedLinesAndNoColumnsImports() throws {
        let file = try ImportedFile.read(contentsOf: Self.fixtures.appendingPathComponent("Bears.gpl"))
        #expect(file.chordsets.chordsets.map(\.title) == ["Bears 1", "Bears 2"])
        #expect(file.palette == PaletteImportSummary(colorCount: 11, chordsetCount: 2, paddedChords: 5))
        #expect(file.chordsets.chordsets[0].color(at: 0) == RGBAColor(red: 8, green: 8, blue: 8))
        #expect(file.chordsets.chordsets[0].color(at: 7) == RGBAColor(red: 140, green: 104, blue: 88))
        #expect(file.chordsets.chordsets[1].chords.map(\.color.hex)
            == ["#AC745C", "#442C38"] + Array(repeating: "#584844", count: 6))
    }

    @Test func gimpsWebPaletteWithColumnsImportsAsTwoWholeChordsets() throws {
        let file = try ImportedFile.read(contentsOf: Self.fixtures.appendingPathComponent("Web.gpl"))
        #expect(file.chordsets.chordsets.map(\.title) == ["Web 1", "Web 2"])
        #expect(file.palette == PaletteImportSummary(colorCount: 16, chordsetCount: 2, paddedChords: 0))
        #expect(file.palette?.wasPadded == false)
        #expect(file.chordsets.chordsets[1].color(at: 7) == RGBAColor(red: 255, green: 153, blue: 102))
    }

    // MARK: Cutting into chordsets

    @Test func exactlyEightColoursMakeOneChordsetTitledByName() throws {
        let (chordsets, summary) = try imported(Self.paletteText(colors: Self.colors(8)))
        #expect(chordsets.map(\.title) == ["Sunset"])
        #expect(chordsets[0].chords.map(\.color) == Self.colors(8))
        #expect(summary == PaletteImportSummary(colorCount: 8, chordsetCount: 1, paddedChords: 0))
    }

    @Test func fewerColoursArePaddedWithTheFinalOne() throws {
        let (chordsets, summary) = try imported(Self.paletteText(colors: Self.colors(3)))
        let colors = Self.colors(3)
        #expect(chordsets.map(\.title) == ["Sunset"])
        #expect(chordsets[0].chords.map(\.color) == colors + Array(repeating: colors[2], count: 5))
        #expect(summary.wasPadded)
        #expect(summary.paddedChords == 5)
    }

    @Test func moreColoursMakeNumberedChordsetsTheLastPadded() throws {
        let colors = Self.colors(13)
        let (chordsets, summary) = try imported(Self.paletteText(colors: colors))
        #expect(chordsets.map(\.title) == ["Sunset 1", "Sunset 2"])
        #expect(chordsets[0].chords.map(\.color) == Array(colors[0..<8]))
        #expect(chordsets[1].chords.map(\.color) == Array(colors[8..<13]) + Array(repeating: colors[12], count: 3))
        #expect(summary == PaletteImportSummary(colorCount: 13, chordsetCount: 2, paddedChords: 3))
    }

    @Test func withoutANameTheFileNameIsTheTitle() throws {
        let (chordsets, _) = try imported(Self.paletteText(name: nil, colors: Self.colors(8)), file: "/tmp/My Colours.v2.gpl")
        #expect(chordsets.map(\.title) == ["My Colours.v2"])
        let (blank, _) = try imported(Self.paletteText(name: "   ", colors: Self.colors(8)), file: "/tmp/Blank.GPL")
        #expect(blank.map(\.title) == ["Blank"])
    }

    @Test func aNameTooLongForATitleIsRefusedAtItsLine() throws {
        let name = String(repeating: "n", count: ChordsetTitle.maximumLength)
        let text = Self.paletteText(name: name, colors: Self.colors(9))
        let palette = try decode(text)
        #expect(throws: GimpPaletteError(file: "x.gpl", line: 2, problem: .nameTooLong(length: ChordsetTitle.maximumLength + 2))) {
            try PaletteImport.chordsets(from: palette, file: "x.gpl")
        }
        // The same name on its own (one chordset, no number) fits.
        _ = try PaletteImport.chordsets(from: try decode(Self.paletteText(name: name, colors: Self.colors(8))), file: "x.gpl")
    }

    // MARK: The grammar

    @Test func commentsEmptyLinesNamesAndLeadingBlanksAreAccepted() throws {
        let text = "GIMP Palette\nName:   Spaced  \nColumns: 16\n#\n# comment\n\n  1   2   3\n\t4\t5\t6\tTab name\n7 8 9\n#last\n"
        let palette = try decode(text)
        #expect(palette.name == "Spaced")
        #expect(palette.nameLine == 2)
        #expect(palette.colors == [RGBAColor(red: 1, green: 2, blue: 3), RGBAColor(red: 4, green: 5, blue: 6), RGBAColor(red: 7, green: 8, blue: 9)])
    }

    @Test func windowsLineEndsAByteOrderMarkAndNoFinalLineFeedAreAccepted() throws {
        let palette = try decode("\u{FEFF}GIMP Palette\r\nName: Crlf\r\n1 2 3\r\n4 5 6")
        #expect(palette.name == "Crlf")
        #expect(palette.colors.count == 2)
    }

    @Test func theOldFormatWithoutNameStartsColoursOnLineTwo() throws {
        let palette = try decode("GIMP Palette\n10 20 30\n")
        #expect(palette.name == nil)
        #expect(palette.colors == [RGBAColor(red: 10, green: 20, blue: 30)])
    }

    @Test(arguments: [
        ("", 1, GimpPaletteError.Problem.notAPalette),
        ("JASC-PAL\n0100\n", 1, .notAPalette),
        ("GIMP Palettes\n1 2 3\n", 1, .notAPalette),
        ("GIMP Palette\nName: X\nColumns: many\n1 2 3\n", 3, .badColumns("many")),
        ("GIMP Palette\nName: X\nColumns: 300\n1 2 3\n", 3, .badColumns("300")),
        ("GIMP Palette\n1 2 3\n4 5\n", 3, .missingComponent(.blue)),
        ("GIMP Palette\n1 2 3\n   \n", 3, .missingComponent(.red)),
        ("GIMP Palette\n1 2 3\n4 x 6\n", 3, .notANumber(.green, "x")),
        ("GIMP Palette\n1 2 3\n-1 2 3\n", 3, .notANumber(.red, "-1")),
        ("GIMP Palette\n1 2 3\n1.5 2 3\n", 3, .notANumber(.red, "1.5")),
        ("GIMP Palette\n1 2 3\n#ff0000\n1 2 256\n", 4, .outOfRange(.blue, "256")),
        ("GIMP Palette\nName: X\n1 2 99999999999999999999999\n", 3, .outOfRange(.blue, "99999999999999999999999")),
        ("GIMP Palette\nName: X\nColumns: 8\n1 2 3\nName: Later\n", 5, .notANumber(.red, "Name:")),
    ] as [(String, Int, GimpPaletteError.Problem)])
    func aBadLineRefusesTheFileWithItsNumber(text: String, line: Int, problem: GimpPaletteError.Problem) {
        let error = refusal(text)
        #expect(error?.line == line)
        #expect(error?.problem == problem)
    }

    @Test func aFileWithNoColoursIsRefused() {
        for text in ["GIMP Palette\n", "GIMP Palette\nName: Empty\n", "GIMP Palette\nName: E\nColumns: 3\n# only\n\n"] {
            #expect(refusal(text)?.problem == .noColors, "\(text.debugDescription)")
        }
    }

    @Test func bytesThatAreNotUTF8AreRefusedAtTheirLine() {
        var bytes = Array("GIMP Palette\nName: X\n1 2 3\t".utf8)
        bytes += [0xFF, 0xFE, 0x0A]
        #expect(throws: GimpPaletteError(file: "f.gpl", line: 3, problem: .notUTF8)) {
            try GimpPaletteReader.decode(bytes, file: "f.gpl")
        }
    }

    @Test func theMessageNamesTheFileAndTheLine() {
        let error = refusal("GIMP Palette\n1 2 3\n1 2 256\n")
        #expect(error?.description == "/home/me/Sunset.gpl: line 3: the blue value 256 is outside 0 to 255")
    }

    // MARK: Round trip and the import rule

    @Test func aPaletteWrittenOutAndReadInGivesTheSameColours() throws {
        let original = Sample.chordset("Round Trip", seed: 9)
        let folder = try TemporaryDirectory()
        let url = folder.file("Round Trip.gpl")
        try PaletteFormat.gimp.encode(original).write(to: url)
        let file = try ImportedFile.read(contentsOf: url)
        #expect(file.chordsets.chordsets.map(\.title) == ["Round Trip"])
        // GIMP palettes keep no alpha: the colours come back opaque.
        #expect(file.chordsets.chordsets[0].chords.map(\.color) == original.chords.map { color in
            var opaque = color.color
            opaque.alpha = 255
            return opaque
        })
        #expect(file.palette?.wasPadded == false)
    }

    @Test func theExtensionChoosesTheFormat() throws {
        #expect(ImportedFileKind(path: "/a/b.gpl") == .gimpPalette)
        #expect(ImportedFileKind(path: "B.GPL") == .gimpPalette)
        #expect(ImportedFileKind(path: "b.json") == .chordsetDocument)
        #expect(ImportedFileKind(path: "b.gpl.json") == .chordsetDocument)
        #expect(ImportedFileKind(path: "gpl") == .chordsetDocument)
        // A JSON file is read as JSON whatever it holds; a .gpl file as a palette.
        let folder = try TemporaryDirectory()
        let json = folder.file("x.json")
        try Data(Self.paletteText(colors: Self.colors(8)).utf8).write(to: json)
        #expect(throws: ImportFileError.self) { try ImportedFile.read(contentsOf: json) }
        let gpl = folder.file("x.gpl")
        try ChordsetDocument.encode([Sample.chordset()]).write(to: gpl)
        #expect(throws: ImportFileError.palette(GimpPaletteError(file: gpl.path, line: 1, problem: .notAPalette))) {
            try ImportedFile.read(contentsOf: gpl)
        }
    }

    @Test func aPaletteFileThatIsAFolderOrMissingIsRefusedLikeJSON() throws {
        let folder = try TemporaryDirectory()
        let directory = folder.file("dir.gpl")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        #expect(throws: ImportFileError.file(InterchangeError(file: directory.path, reason: "is a folder, not a file"))) {
            try ImportedFile.read(contentsOf: directory)
        }
        let missing = folder.file("missing.gpl")
        #expect(throws: ImportFileError.file(InterchangeError(file: missing.path, reason: "the file does not exist"))) {
            try ImportedFile.read(contentsOf: missing)
        }
    }

    @Test func importedPalettesGoThroughTheStoresImportRule() throws {
        let store = ChordsetStore.inMemory()
        try store.append([Sample.chordset("Already here")])
        let file = try ImportedFile.read(contentsOf: Self.fixtures.appendingPathComponent("Default.gpl"))
        let stored = try store.append(file.chordsets)
        #expect(stored.map(\.title) == ["Default 1", "Default 2", "Default 3"])
        let loaded = try store.load().chordsets
        #expect(loaded.map(\.title) == ["Already here", "Default 1", "Default 2", "Default 3"])
        #expect(loaded[3].chords.map(\.color) == file.chordsets.chordsets[2].chords.map(\.color))
    }
}
