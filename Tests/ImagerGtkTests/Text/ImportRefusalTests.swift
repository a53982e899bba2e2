import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// The window's words for a refused import: the file's name, the entry by its
/// place and title, and the reason, read from the typed problem the core reports.
@MainActor
final class ImportRefusalTests: XCTestCase {
    private func refusal(_ json: String) throws -> TransferJobs.Failure {
        let result = Result { () throws(InterchangeError) in
            try ChordsetDocument.decode(Data(json.utf8), file: "/home/someone/Music/broken.json")
        }
        guard case let .failure(error) = result else { throw XCTSkip("the file was accepted") }
        return .file(error)
    }

    private func chords(_ colours: [String]) -> String {
        colours.map { "{\"color\": \"\($0)\"}" }.joined(separator: ", ")
    }

    func testAChordsetWithSevenChordsIsNamedByItsPlaceAndTitle() async throws {
        let seven = chords(Array(repeating: "#FF0000", count: 7)), eight = chords(Array(repeating: "#FF0000", count: 8))
        let failure = try refusal("{\"version\": 1, \"chordsets\": [{\"title\": \"Fine\", \"chords\": [\(eight)]}, "
            + "{\"title\": \"Broken\", \"chords\": [\(seven)]}]}")
        XCTAssertEqual(ImportRefusal.detail(failure), "The 2nd chordset, “Broken”, has 7 chords; each needs 8.")
        XCTAssertEqual(ImportRefusal.heading(file: "/home/someone/Music/broken.json"), "Could not import “broken.json”")
        // The command line keeps its JSON path.
        XCTAssertTrue("\(failure)".contains("chordsets[1] (“Broken”) has 7 chords; a chordset has exactly 8"), "\(failure)")
    }

    func testControlCharactersFromTheFileAreShownEscaped() async throws {
        let seven = chords(Array(repeating: "#FF0000", count: 7))
        let failure = try refusal("{\"version\": 1, \"chordsets\": [{\"title\": \"A\\u001b]0;PWNED\\u0007\", \"chords\": [\(seven)]}]}")
        XCTAssertEqual(ImportRefusal.detail(failure), "The 1st chordset, “A\\x1B]0;PWNED\\x07”, has 7 chords; each needs 8.")
        XCTAssertEqual(ImportRefusal.heading(file: "/tmp/a\u{1B}[2Jb.json"), "Could not import “a\\x1B[2Jb.json”")
    }

    func testABadColourNamesTheChordAndHowColoursAreWritten() async throws {
        var colours = Array(repeating: "#00FF00", count: 8)
        colours[4] = "green"
        let failure = try refusal("{\"version\": 1, \"chordsets\": [{\"title\": \"Leaves\", \"chords\": [\(chords(colours))]}]}")
        XCTAssertEqual(ImportRefusal.detail(failure),
                       "Chord 5 of the 1st chordset, “Leaves”, has the colour \"green\"; a colour is written #RRGGBB or #RRGGBBAA.")
    }

    func testAnEntryWithoutATitleIsNamedByItsPlaceAlone() async throws {
        let failure = try refusal("{\"version\": 1, \"chordsets\": [{\"chords\": []}]}")
        XCTAssertEqual(ImportRefusal.detail(failure), "The 1st chordset has no title.")
    }

    func testOtherRefusalsKeepTheirReasonAsASentence() async throws {
        let failure = try refusal("{\"version\": 7, \"chordsets\": []}")
        XCTAssertTrue(ImportRefusal.detail(failure).hasSuffix("this Imager reads versions 1, 2 and 3."), ImportRefusal.detail(failure))
    }

    func testABadLumiIsNamedByItsChordAndChordset() async throws {
        var colours = chords(Array(repeating: "#000000", count: 8)).components(separatedBy: ", ")
        colours[5] = "{\"color\": \"#000000\", \"lumis\": [{\"shape\": \"star\", \"x\": 0.5, \"y\": 0.5, \"size\": 0.2, \"color\": \"#FFFFFF\"}, "
            + "{\"shape\": \"hexagon\", \"x\": 0.5, \"y\": 0.5, \"size\": 0.2, \"color\": \"#FFFFFF\"}]}"
        let failure = try refusal("{\"version\": 2, \"chordsets\": [{\"title\": \"Sky\", \"chords\": [\(colours.joined(separator: ", "))]}]}")
        XCTAssertEqual(ImportRefusal.detail(failure),
                       "Lumi 2 of chord 6 in the 1st chordset has the shape “hexagon”; a shape is circle, square, triangle or star.")
        XCTAssertTrue("\(failure)".contains("chordsets[0].chords[5].lumis[1]: shape \"hexagon\""), "\(failure)")
    }

    func testEnglishOrdinals() async throws {
        XCTAssertEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ImportRefusal.englishOrdinal),
                       ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"])
    }
}
