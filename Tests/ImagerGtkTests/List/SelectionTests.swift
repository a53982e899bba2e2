import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Several chordsets at once: choosing them as the list view does for
/// Ctrl+click, Shift+click and Ctrl+A, then Delete, Duplicate and Export Selected on them,
/// each one undo step, and what the subtitle and the toast say.
@MainActor
final class SelectionTests: GtkTestCase {
    private let letters = ["A", "B", "C", "D", "E"]

    func titles(_ window: MainWindow) -> [String] { window.controller.chordsets.map(\.title) }

    /// What a click on row `row` does, with Ctrl (`modify`) or Shift (`extend`) held: the
    /// list item's click runs this action of the list view.
    func click(row: Int, ctrl: Bool = false, shift: Bool = false, in window: MainWindow) {
        let parameter = g_variant_new_tuple([
            g_variant_new_uint32(guint32(row)), g_variant_new_boolean(ctrl ? 1 : 0), g_variant_new_boolean(shift ? 1 : 0),
        ], 3)
        gtk_widget_activate_action_variant(window.list.listView, "list.select-item", parameter)
        pump(seconds: 0.05)
    }

    func testCtrlClickAddsRowsAndShiftClickSelectsARun() async throws {
        let window = makeWindow(try makeController(titles: letters))
        click(row: 1, in: window)
        click(row: 3, ctrl: true, in: window)
        XCTAssertEqual(window.list.selectedRows, [1, 3])
        click(row: 1, ctrl: true, in: window)
        XCTAssertEqual(window.list.selectedRows, [3], "Ctrl+click on a selected row takes it out")

        click(row: 0, in: window)
        click(row: 2, shift: true, in: window)
        XCTAssertEqual(window.list.selectedRows, [0, 1, 2])
        XCTAssertEqual(window.list.selectedChordsets.map(\.title), ["A", "B", "C"])
    }

    func testSelectAllAndTheSubtitle() async throws {
        let window = makeWindow(try makeController(titles: letters))
        XCTAssertEqual(window.windowTitle.subtitleText, "5 chordsets")
        click(row: 2, in: window)
        XCTAssertEqual(window.windowTitle.subtitleText, "5 chordsets", "one selected row is the usual case: the count stays")

        activate(.selectAll, in: window)
        XCTAssertEqual(window.list.selectedRows, [0, 1, 2, 3, 4])
        XCTAssertEqual(window.windowTitle.subtitleText, "5 of 5 chordsets selected")

        window.list.unselectAll()
        pump(seconds: 0.05)
        XCTAssertEqual(window.windowTitle.subtitleText, "5 chordsets", "with nothing selected the subtitle shows the count")
    }

    func testDeletingSeveralIsOneUndoStepAndTheToastSaysHowMany() async throws {
        let window = makeWindow(try makeController(titles: letters))
        click(row: 1, in: window)
        click(row: 3, ctrl: true, in: window)

        activate(.deleteChordset, in: window)
        XCTAssertEqual(titles(window), ["A", "C", "E"])
        XCTAssertEqual(window.toast.message, "2 chordsets deleted")
        XCTAssertEqual(shownTitles(window), [0: "A", 1: "C", 2: "E"])
        XCTAssertEqual(window.controller.undoAction, .deleteSeveral(count: 2))

        activate(.undo, in: window)
        XCTAssertEqual(titles(window), letters)
        XCTAssertEqual(shownTitles(window), [0: "A", 1: "B", 2: "C", 3: "D", 4: "E"])
        activate(.redo, in: window)
        XCTAssertEqual(titles(window), ["A", "C", "E"])
    }

    /// From `ChordsetList.removalShownInPlace` rows removed at once, the rows stay and show
    /// what moved up; the chordsets selected elsewhere stay selected, on their new rows.
    func testChordsetsSelectedOutsideALargeRemovalStaySelected() async throws {
        let titles = (0..<100).map { "Chordset \($0)" }
        let window = makeWindow(try makeController(titles: titles))
        click(row: 30, in: window)
        click(row: 95, ctrl: true, in: window)
        XCTAssertEqual(window.list.selectedChordsets.map(\.title), ["Chordset 30", "Chordset 95"])

        // Removed by something other than the Delete key (another window's import, sync).
        let removed = window.controller.chordsets[0..<20].map(\.id)
        window.controller.delete(ids: removed)
        pump(seconds: 0.05)

        XCTAssertEqual(window.list.rowCount, 80)
        XCTAssertEqual(window.list.selectedRows, [10, 75])
        XCTAssertEqual(window.list.selectedChordsets.map(\.title), ["Chordset 30", "Chordset 95"])
    }

    func testDuplicatingSeveralCopiesEachAfterItsOriginalInOneStep() async throws {
        let window = makeWindow(try makeController(titles: letters))
        click(row: 0, in: window)
        click(row: 2, ctrl: true, in: window)

        activate(.duplicateChordset, in: window)
        XCTAssertEqual(titles(window), ["A", "A (Copy)", "B", "C", "C (Copy)", "D", "E"])
        XCTAssertEqual(window.list.selectedChordsets.map(\.title), ["A (Copy)", "C (Copy)"], "the copies are selected")
        XCTAssertEqual(window.toast.message, "2 chordsets duplicated")

        activate(.undo, in: window)
        XCTAssertEqual(titles(window), letters)
        activate(.redo, in: window)
        XCTAssertEqual(titles(window), ["A", "A (Copy)", "B", "C", "C (Copy)", "D", "E"])
    }

    func testExportSelectedWritesOnlyTheSelectedChordsets() async throws {
        let window = makeWindow(try makeController(titles: letters))
        click(row: 4, in: window)
        click(row: 1, ctrl: true, in: window)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imager-selection-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("chosen.json").path

        window.exportChordsets(to: target, only: window.list.selectedChordsets.map(\.id))
        XCTAssertTrue(pump(until: { window.transfer == nil }, seconds: 10))

        let read = try ChordsetDocument.read(contentsOf: URL(fileURLWithPath: target))
        XCTAssertEqual(read.chordsets.map(\.title), ["B", "E"], "in list order")
        XCTAssertEqual(window.toast.message, "Exported 2 chordsets")
    }

    func testASearchKeepsSeveralSelectedAndEscapeBringsThemBack() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Warm Dusk", "Forest"]))
        click(row: 0, in: window)
        click(row: 1, ctrl: true, in: window)

        window.search.open()
        window.applySearch("warm")
        pump(seconds: 0.05)
        XCTAssertEqual(window.list.selectedChordsets.map(\.title), ["Warm"], "Ocean is hidden, not selected in its place")

        window.search.close()
        pump(seconds: 0.1)
        XCTAssertEqual(window.list.selectedChordsets.map(\.title), ["Warm", "Ocean"])
    }

    func testTheFocusEnteringARowOfSeveralSelectedKeepsThemAll() async throws {
        let window = makeWindow(try makeController(titles: letters))
        window.list.selectsOnFocus = true
        click(row: 1, in: window)
        click(row: 3, ctrl: true, in: window)

        window.present()
        XCTAssertNotEqual(gtk_widget_grab_focus(try XCTUnwrap(window.list.boundRow(atRow: 3)).cells[0].widget), 0)
        pump(seconds: 0.1)
        XCTAssertEqual(window.list.selectedRows, [1, 3], "a selected row taking the focus changes nothing")
        XCTAssertNotEqual(gtk_widget_grab_focus(try XCTUnwrap(window.list.boundRow(atRow: 4)).cells[0].widget), 0)
        pump(seconds: 0.1)
        XCTAssertEqual(window.list.selectedRows, [4], "an unselected row taking the focus (Tab, no keys held) is selected alone")
    }
}
