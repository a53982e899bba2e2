import Foundation
import Testing
@testable import ImagerCore

/// JSON version 2: chords carry lumis; a bad lumi refuses the file with its path and reason.
@Suite struct ChordsetDocumentLumiTests {
    static let file = "/home/me/lumis.json"

    /// A version-2 file of `chordsets` entries, each chord's lumis given by `lumis(chordset, chord)`.
    func document(version: Int = 2, chordsets: Int = 1, lumis: (Int, Int) -> String?) -> Data {
        let entries = (0..<chordsets).map { index in
            let chords = (0..<8).map { chord in
                if let list = lumis(index, chord) { return ##"{"color": "#102030", "lumis": \##(list)}"## }
                return ##"{"color": "#102030"}"##
            }
            return ##"{"title": "Set \##(index)", "chords": [\##(chords.joined(separator: ", "))]}"##
        }
        return Data(##"{"version": \##(version), "chordsets": [\##(entries.joined(separator: ", "))]}"##.utf8)
    }

    @Test func aVersionOneFileStillImportsWithoutLumis() throws {
        let read = try ChordsetDocument.decode(document(version: 1) { _, _ in nil }, file: Self.file)
        #expect(read.count == 1)
        #expect(read.lumis == [.none])
    }

    @Test func aVersionTwoFileCarriesLumisWithDefaultsForRotationAndGlow() throws {
        let data = document { _, chord in
            chord == 5 ? ##"[{"shape": "star", "x": 0.5, "y": 0.4, "size": 0.3, "rotation": 15, "color": "#FFE9A8CC", "glow": 0.6},"##
                + ##" {"shape": "circle", "x": 0, "y": 1, "size": 1, "color": "#FFFFFF", "note": "unknown members are skipped"}]"## : nil
        }
        let read = try ChordsetDocument.decode(data, file: Self.file)
        let lumis = read.lumis[0][5]
        #expect(lumis.count == 2)
        #expect(lumis[0].shape == .star && lumis[0].x == 0.5 && lumis[0].y == 0.4 && lumis[0].size == 0.3)
        #expect(lumis[0].rotation == 15 && lumis[0].glow == 0.6 && lumis[0].color == RGBAColor(hex: "#FFE9A8CC"))
        #expect(lumis[1].rotation == 0 && lumis[1].glow == 0 && lumis[1].shape == .circle)
        #expect(read.lumis[0].count == 2)
    }

    static let refusals: [(String, String, String)] = [
        ("unknown shape", ##"{"shape": "hexagon", "x": 0.5, "y": 0.5, "size": 0.5, "color": "#FFFFFF"}"##,
         ##"chordsets[3].chords[5].lumis[2]: shape "hexagon" is not one of circle, square, triangle, star"##),
        ("x out of range", ##"{"shape": "star", "x": 1.5, "y": 0.5, "size": 0.5, "color": "#FFFFFF"}"##,
         "chordsets[3].chords[5].lumis[2]: x 1.5 is not between 0 and 1"),
        ("y below 0", ##"{"shape": "star", "x": 0.5, "y": -0.25, "size": 0.5, "color": "#FFFFFF"}"##,
         "chordsets[3].chords[5].lumis[2]: y -0.25 is not between 0 and 1"),
        ("size 0", ##"{"shape": "star", "x": 0.5, "y": 0.5, "size": 0, "color": "#FFFFFF"}"##,
         "chordsets[3].chords[5].lumis[2]: size 0 is not greater than 0 and at most 1"),
        ("rotation 360", ##"{"shape": "star", "x": 0.5, "y": 0.5, "size": 0.5, "rotation": 360, "color": "#FFFFFF"}"##,
         "chordsets[3].chords[5].lumis[2]: rotation 360 is not from 0 to less than 360"),
        ("glow 1e1", ##"{"shape": "star", "x": 0.5, "y": 0.5, "size": 0.5, "glow": 1e1, "color": "#FFFFFF"}"##,
         "chordsets[3].chords[5].lumis[2]: glow 10 is not between 0 and 1"),
        ("x as text", ##"{"shape": "star", "x": "0.5", "y": 0.5, "size": 0.5, "color": "#FFFFFF"}"##,
         ##"chordsets[3].chords[5].lumis[2]: x "0.5" is not a number"##),
        ("shape as a number", ##"{"shape": 3, "x": 0.5, "y": 0.5, "size": 0.5, "color": "#FFFFFF"}"##,
         "chordsets[3].chords[5].lumis[2]: shape 3 is not text"),
        ("missing size", ##"{"shape": "star", "x": 0.5, "y": 0.5, "color": "#FFFFFF"}"##,
         ##"chordsets[3].chords[5].lumis[2]: "size" is missing"##),
        ("missing color", ##"{"shape": "star", "x": 0.5, "y": 0.5, "size": 0.5}"##,
         ##"chordsets[3].chords[5].lumis[2]: "color" is missing"##),
        ("bad color", ##"{"shape": "star", "x": 0.5, "y": 0.5, "size": 0.5, "color": "red"}"##,
         ##"chordsets[3].chords[5].lumis[2]: color "red" is not a colour; use #RRGGBB or #RRGGBBAA"##),
        ("huge number", ##"{"shape": "star", "x": 1e400, "y": 0.5, "size": 0.5, "color": "#FFFFFF"}"##,
         "chordsets[3].chords[5].lumis[2]: x 1e400 is too large a number"),
        ("not an object", "[1, 2]", "chordsets[3].chords[5].lumis[2]: must be an object"),
    ]

    @Test(arguments: refusals)
    func aBadLumiRefusesTheWholeFileNamingItsPath(name: String, lumi: String, message: String) throws {
        let good = ##"{"shape": "square", "x": 0.5, "y": 0.5, "size": 0.5, "color": "#FFFFFF"}"##
        let data = document(chordsets: 5) { index, chord in
            index == 3 && chord == 5 ? "[\(good), \(good), \(lumi)]" : "[\(good)]"
        }
        let error = #expect(throws: InterchangeError.self) { try ChordsetDocument.decode(data, file: Self.file) }
        #expect(error?.description == "\(Self.file): \(message)", "\(name)")
        #expect(error?.lumiProblem?.chordset == 3)
        #expect(error?.lumiProblem?.chord == 5)
        #expect(error?.lumiProblem?.lumi == 2)
    }

    @Test func theTypedProblemCarriesTheReason() throws {
        let data = document(chordsets: 1) { _, chord in
            chord == 1 ? ##"[{"shape": "star", "x": 1.5, "y": 0.5, "size": 0.5, "color": "#FFFFFF"}]"## : nil
        }
        let error = #expect(throws: InterchangeError.self) { try ChordsetDocument.decode(data, file: Self.file) }
        #expect(error?.lumiProblem == LumiProblem(chordset: 0, chord: 1, lumi: 0, reason: .outOfRange(.x, value: 1.5)))
        #expect(error?.reason == "chordsets[0].chords[1].lumis[0]: x 1.5 is not between 0 and 1")
    }

    @Test func moreThanThirtyTwoLumisInAChordAreRefused() throws {
        let one = ##"{"shape": "star", "x": 0.5, "y": 0.5, "size": 0.5, "color": "#FFFFFF"}"##
        let data = document(chordsets: 2) { index, chord in
            index == 1 && chord == 0 ? "[" + Array(repeating: one, count: 33).joined(separator: ",") + "]" : nil
        }
        let error = #expect(throws: InterchangeError.self) { try ChordsetDocument.decode(data, file: Self.file) }
        #expect(error?.reason == "chordsets[1].chords[0].lumis: has 33 lumis; a chord holds at most 32")
        let fits = document(chordsets: 1) { _, chord in chord == 0 ? "[" + Array(repeating: one, count: 32).joined(separator: ",") + "]" : nil }
        #expect(try ChordsetDocument.decode(fits, file: Self.file).lumis[0][0].count == 32)
    }

    @Test func lumisThatAreNotAListAreRefused() throws {
        let data = document { _, chord in chord == 2 ? ##"{"shape": "star"}"## : nil }
        let error = #expect(throws: InterchangeError.self) { try ChordsetDocument.decode(data, file: Self.file) }
        #expect(error?.reason == "chordsets[0].chords[2].lumis: must be a list")
    }

    @Test func exportWritesVersionThreeAndLeavesOutEmptyLumiLists() throws {
        let lumis = SampleLumi.chordsetLumis(1, slots: [4])
        let data = ChordsetDocument.encode(try #require(ChordsetsWithLumis([Sample.chordset()], lumis: [lumis])))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(root["version"] as? Int == 3)
        let chords = try #require(((root["chordsets"] as? [[String: Any]])?.first?["chords"]) as? [[String: Any]])
        #expect(chords.map { $0["lumis"] != nil } == [false, false, false, false, true, false, false, false])
        let lumi = try #require((chords[4]["lumis"] as? [[String: Any]])?.first)
        #expect(Set(lumi.keys) == ["shape", "x", "y", "size", "rotation", "color", "glow"], "no id in the file")
    }

    @Test func aRoundTripKeepsEveryLumiBitForBit() throws {
        var awkward = SampleLumi.lumi(1)
        awkward.x = 0.1 + 0.2                    // 0.30000000000000004
        awkward.y = 5e-324                       // the smallest double
        awkward.size = 1e-7                      // written with an exponent
        awkward.rotation = 359.99999999999994    // the largest double under 360
        awkward.glow = -0.0
        var lumis = SampleLumi.chordsetLumis(4)
        lumis[6] = [awkward] + lumis[6]
        let original = try #require(ChordsetsWithLumis(Sample.chordsets(2), lumis: [lumis, .none]))
        let text = String(decoding: ChordsetDocument.encode(original), as: UTF8.self)
        #expect(text.contains("0.30000000000000004") && text.contains("5e-324") && text.contains("1e-07"))
        let again = try ChordsetDocument.decode(Data(text.utf8), file: Self.file)
        #expect(again.lumis.map(lumiValues) == original.lumis.map(lumiValues))
        // And Foundation's own reader takes the text as JSON.
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }

    @Test func storeExportImportKeepsEveryLumiAndGivesFreshIDs() throws {
        let store = ChordsetStore.inMemory()
        let lumis = (0..<3).map { SampleLumi.chordsetLumis(3, start: $0 * 100) }
        let stored = try store.append(#require(ChordsetsWithLumis(Sample.chordsets(3), lumis: lumis)))
        let data = try store.readingLumis { lumisOf in try ChordsetDocument.encode(stored, lumisOf: lumisOf) }
        let read = try ChordsetDocument.decode(data, file: Self.file)
        #expect(read.lumis.map(lumiValues) == lumis.map(lumiValues))
        // Importing the same file twice adds copies, every lumi with an id of its own.
        let first = try store.append(read)
        let second = try store.append(read)
        #expect(try store.lumiCount() == 3 * 3 * 8 * 3)
        let ids = try (stored + first + second).flatMap { try store.lumis(of: $0.id).lumis.slots.joined().map(\.id) }
        #expect(Set(ids).count == ids.count)
        for (copy, original) in zip(second, stored) {
            #expect(lumiValues(try store.lumis(of: copy.id).lumis) == lumiValues(try store.lumis(of: original.id).lumis))
        }
    }

    @Test func anExportFromTheControllerIncludesUnsavedLumis() throws {
        let store = ChordsetStore.inMemory()
        try store.append(#require(ChordsetsWithLumis(Sample.chordsets(2), lumis: [SampleLumi.chordsetLumis(1), .none])))
        let controller = try ChordsetController(store: store)
        let edited = [SampleLumi.lumi(42)]
        controller.setLumis(edited, slot: 2, of: controller.chordsets[1].id)
        let folder = try TemporaryDirectory()
        let path = folder.file("out.json").path
        try TransferJobs.exportFile(controller.chordsets, lumis: controller.lumisForExport(), to: path, cancellation: Cancellation()) { _ in }
        let read = try ChordsetDocument.read(contentsOf: URL(fileURLWithPath: path))
        #expect(lumiValues(read.lumis[0]) == lumiValues(controller.lumis(of: controller.chordsets[0].id)))
        #expect(lumiValues(read.lumis[1]) == lumiValues(try #require(ChordsetLumis(slots: [[], [], edited, [], [], [], [], []]))))
    }
}
