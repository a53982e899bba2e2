import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

/// What the toast says when the clipboard's text is not chordsets.
@MainActor
final class PastedTextTests: GtkTestCase {
    func testPlainTextSaysTheClipboardHoldsTextNotChordsets() async throws {
        let window = makeWindow(try makeController(titles: ["Forest"]))

        // A title copied from its field, or a row's plain text from another program.
        for text in ["Forest", "Forest: #E4EFC9 #BFD98E", "  hello\n"] {
            window.pasteChordsets(text)
            XCTAssertEqual(window.toast.message, "The clipboard holds text, not chordsets", "pasting \(text.debugDescription)")
        }
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Forest"])
    }

    func testADocumentWithABadChordsetSaysWhichInPeoplesWords() async throws {
        let window = makeWindow(try makeController(titles: ["Forest"]))

        window.pasteChordsets(##"{"version": 1, "chordsets": [{"title": "Broken", "chords": [{"color": "#000000"}]}]}"##)

        XCTAssertEqual(window.toast.message,
                       "The clipboard holds no chordsets: the 1st chordset, “Broken”, has 1 chord; each needs 8")
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Forest"])
    }
}
