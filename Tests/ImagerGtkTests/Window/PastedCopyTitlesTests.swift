import ImagerCore
@testable import ImagerGtk
import XCTest

/// A row pasted again and again gets a title of its own each time: "(Copy)", "(Copy 2)"…
@MainActor
final class PastedCopyTitlesTests: GtkTestCase {
    func testPastingARowThreeTimesGivesThreeDifferentTitles() async throws {
        let window = makeWindow(try makeController(titles: ["Bears 2", "Ocean"]))
        let original = window.controller.chordsets[0]
        let json = String(decoding: ChordsetDocument.encode(ChordsetsWithLumis([original], lumis: [.none])!), as: UTF8.self)
        for _ in 0..<3 { window.pasteChordsets(json) }
        pump(seconds: 0.1)
        XCTAssertEqual(window.controller.chordsets.map(\.title),
                       ["Bears 2", "Ocean", "Bears 2 (Copy)", "Bears 2 (Copy 2)", "Bears 2 (Copy 3)"])
    }

    func testPastedRowsWithTheSameTitleAreNamedApart() async throws {
        let window = makeWindow(try makeController(titles: ["Bears 2", "Bears 2 (Copy)"]))
        let chordsets = window.controller.chordsets
        let json = String(decoding: ChordsetDocument.encode(ChordsetsWithLumis(chordsets, lumis: [.none, .none])!), as: UTF8.self)
        window.pasteChordsets(json)
        pump(seconds: 0.1)
        let titles = window.controller.chordsets.map(\.title)
        XCTAssertEqual(titles, ["Bears 2", "Bears 2 (Copy)", "Bears 2 (Copy 2)", "Bears 2 (Copy 3)"])
    }
}
