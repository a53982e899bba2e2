import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

@MainActor
final class TitleEditorTests: GtkTestCase {
    /// A title longer than the rule allows, as an older Imager may have stored: the window
    /// gets it from the controller's initial list, which no rename could produce.
    private let longTitle = String(repeating: "Long title ", count: 1000).trimmingCharacters(in: .whitespaces)

    private func windowShowingLongTitle() throws -> (MainWindow, ChordsetRow) {
        XCTAssertGreaterThan(longTitle.unicodeScalars.count, ChordsetTitle.maximumLength)
        let controller = ChordsetController(
            initial: [Chordset.random(title: "Warm", position: 0), Chordset.random(title: longTitle, position: 1)],
            reopening: { ChordsetStore.inMemory() })
        let window = makeWindow(controller)
        return (window, try XCTUnwrap(window.list.boundRow(at: 1)))
    }

    func testAnEditThatChangesNothingKeepsALongTitleWholeAndRenamesNothing() async throws {
        let (window, row) = try windowShowingLongTitle()

        row.title.startEditing()
        pump(seconds: 0.05)
        XCTAssertEqual(row.title.enteredText.unicodeScalars.count, longTitle.unicodeScalars.count, "the field holds the whole title")
        row.title.commit()
        pump(seconds: 0.05)

        XCTAssertTrue(window.controller.chordsets[1].title == longTitle, "the long title is kept whole")
        XCTAssertFalse(window.controller.canUndo, "an unchanged title is not a rename")
    }

    func testAnEditThatChangesOneCharacterOfALongTitleKeepsTheRest() async throws {
        let (window, row) = try windowShowingLongTitle()

        row.title.startEditing()
        let edited = "l" + longTitle.dropFirst()
        row.title.replaceEnteredText(edited)
        row.title.commit()
        pump(seconds: 0.05)

        XCTAssertTrue(window.controller.chordsets[1].title == edited, "only the one character changed")
    }
}
