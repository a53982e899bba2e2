import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Ctrl+C and Ctrl+V on a chord cell, through their actions and the real clipboard.
@MainActor
final class ClipboardTests: GtkTestCase {
    func focusCell(_ slot: Int, ofRow position: Int, in window: MainWindow) throws {
        let row = try XCTUnwrap(window.list.boundRow(at: position))
        gtk_widget_grab_focus(row.cells[slot].widget)
        pump(seconds: 0.05)
        XCTAssertEqual(window.list.focusedCell?.1, slot)
    }

    func clipboardText(_ window: MainWindow) -> String? {
        var answer: String??
        Clipboard.readText(for: window.window) { answer = .some($0) }
        XCTAssertTrue(pump(until: { answer != nil }))
        return answer ?? nil
    }

    func testCopyOnACellPutsItsColourOnTheClipboardAsHex() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        let color = window.controller.chordsets[1].color(at: 2)
        try focusCell(2, ofRow: 1, in: window)

        activate(.copy, in: window)

        XCTAssertEqual(clipboardText(window), color.hex)
    }

    func testPastingAColourNameOnACellSetsItAsOneUndoStep() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        let before = window.controller.chordsets[0].color(at: 5)
        try focusCell(5, ofRow: 0, in: window)
        Clipboard.setText("  rebeccapurple\n", for: window.window)

        activate(.paste, in: window)

        let purple = RGBAColor(red: 0x66, green: 0x33, blue: 0x99)
        XCTAssertTrue(pump(until: { window.controller.chordsets[0].color(at: 5) == purple }))
        XCTAssertEqual(window.list.boundRow(at: 0)?.cells[5].color, purple)
        XCTAssertEqual(window.controller.undoName, "Change Colour")
        XCTAssertEqual(window.toast.message, "Chord 6 set to #663399")
        activate(.undo, in: window)
        XCTAssertEqual(window.controller.chordsets[0].color(at: 5), before)
    }

    func testPastingTextThatIsNoColourChangesNothingAndSaysWhy() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let before = window.controller.chordsets[0]
        try focusCell(0, ofRow: 0, in: window)
        Clipboard.setText("bluish", for: window.window)

        activate(.paste, in: window)

        XCTAssertTrue(pump(until: { window.toast.isShown }))
        XCTAssertEqual(window.toast.message, "“bluish” is not a colour: paste #RRGGBB or a CSS colour name")
        XCTAssertEqual(window.controller.chordsets[0], before)
        XCTAssertFalse(window.controller.canUndo)
    }

    func testPasteWithoutAFocusedCellDoesNothing() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        window.list.focus(position: 0)
        pump(seconds: 0.1)
        XCTAssertNil(window.list.focusedCell, "the row has the focus, not one of its cells")
        Clipboard.setText("#000", for: window.window)

        activate(.paste, in: window)
        pump(seconds: 0.1)

        XCTAssertFalse(window.controller.canUndo)
    }

    /// The paste is named as Duplicate names a copy, so it is told apart from its original.
    func testCopyOnARowAndPasteInTheListAddsACopyNamedAsDuplicateNamesIt() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        let ocean = window.controller.chordsets[1]
        window.list.focus(position: 1)
        pump(seconds: 0.1)

        activate(.copy, in: window)
        XCTAssertEqual(clipboardText(window), MainWindow.plainText(of: ocean), "plain text for other programs")

        activate(.paste, in: window)

        XCTAssertTrue(pump(until: { window.controller.count == 3 }))
        let pasted = window.controller.chordsets[2]
        XCTAssertEqual(pasted.title, "Ocean (Copy)")
        XCTAssertEqual(pasted.chords, ocean.chords)
        XCTAssertNotEqual(pasted.id, ocean.id)
        XCTAssertEqual(window.toast.message, "Pasted “Ocean (Copy)”")
        activate(.undo, in: window)
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Ocean"])
    }

    func testCopyWithSeveralRowsSelectedTakesThemAllInListOrder() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest", "Dusk"]))
        let chordsets = window.controller.chordsets
        window.list.select(rows: [3, 1])
        pump(seconds: 0.1)

        activate(.copy, in: window)
        XCTAssertEqual(window.toast.message, "Copied 2 chordsets")
        XCTAssertEqual(clipboardText(window), [chordsets[1], chordsets[3]].map(MainWindow.plainText(of:)).joined(separator: "\n"),
                       "a line each, in list order")

        window.list.select(rows: [0])
        activate(.paste, in: window)

        XCTAssertTrue(pump(until: { window.controller.count == 6 }))
        XCTAssertEqual(window.controller.chordsets.map(\.title),
                       ["Warm", "Ocean", "Forest", "Dusk", "Ocean (Copy)", "Dusk (Copy)"])
        XCTAssertEqual(window.controller.chordsets[5].chords, chordsets[3].chords)
        XCTAssertEqual(window.toast.message, "Pasted 2 chordsets")
        activate(.undo, in: window)
        XCTAssertEqual(window.controller.count, 4, "the paste is one undo step")
    }

    func testCopyOfMoreThanTheLimitCopiesNothingAndNamesExportSelected() async throws {
        let titles = (0...ChordsetList.carryLimit).map { "Chordset \($0)" }
        let window = makeWindow(try makeController(titles: titles))
        Clipboard.setText("before", for: window.window)
        activate(.selectAll, in: window)
        XCTAssertEqual(window.list.selectedCount, ChordsetList.carryLimit + 1)

        activate(.copy, in: window)

        XCTAssertEqual(window.toast.message, "\(groupedNumber(ChordsetList.carryLimit + 1)) chordsets selected: "
                       + "a copy takes up to \(groupedNumber(ChordsetList.carryLimit)), Export Selected… takes them all")
        XCTAssertEqual(clipboardText(window), "before")
    }

    func testPastingTextThatIsNoChordsetsInTheListSaysWhy() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        window.list.focus(position: 0)
        pump(seconds: 0.1)
        Clipboard.setText("{\"version\": 1, \"chordsets\": [{\"title\": \"Short\", \"chords\": []}]}", for: window.window)

        activate(.paste, in: window)

        XCTAssertTrue(pump(until: { window.toast.isShown }))
        XCTAssertTrue(window.toast.message.hasPrefix("The clipboard holds no chordsets: "), window.toast.message)
        XCTAssertEqual(window.controller.count, 1)
        XCTAssertFalse(window.controller.canUndo)
    }
}
