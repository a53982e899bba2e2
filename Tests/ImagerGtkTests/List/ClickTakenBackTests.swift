import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

/// A click whose press GTK takes back before its release (`TakenBackPress`): seen in the
/// end-to-end test under load, where a motion GTK made itself, with no button down, came
/// between a first click's press and its release on a row's title. Every click gesture lets
/// the press go, and the release comes unpaired. The signals here are those of every primary
/// click gesture from the clicked widget up to the row, in the order GTK emits them.
@MainActor
final class ClickTakenBackTests: GtkTestCase {
    /// Warm, Ocean and Forest, Warm selected; Ocean's row.
    private func windowWithTheFirstRowSelected() throws -> (MainWindow, ChordsetRow) {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        window.list.select(position: 0)
        pump(seconds: 0.05)
        return (window, try XCTUnwrap(window.list.boundRow(at: 1)))
    }

    /// The primary click gestures on `widget`, then on each widget above it up to the row.
    private func clicksFrom(_ widget: Widget, upTo row: ChordsetRow) -> [OpaquePointer] {
        var clicks: [OpaquePointer] = []
        var current: Widget? = widget
        while let here = current {
            clicks += ClickGestureSignals.primaryClicks(on: here)
            if here == row.widget { break }
            current = gtk_widget_get_parent(here)
        }
        return clicks
    }

    private func title(of row: ChordsetRow) throws -> Widget {
        var child = gtk_widget_get_first_child(row.widget)
        while let widget = child, gtk_widget_has_css_class(widget, "chordset-title") == 0 {
            child = gtk_widget_get_next_sibling(widget)
        }
        return try XCTUnwrap(child)
    }

    /// Press at `from`, GTK takes it back, release at `to` (the row's coordinates for both).
    private func clickTakenBack(_ clicks: [OpaquePointer], from: (Double, Double) = (4, 4), to: (Double, Double) = (4, 4)) {
        clicks.forEach { ClickGestureSignals.emitPress($0, "pressed", presses: 1, x: from.0, y: from.1) }
        clicks.forEach { ClickGestureSignals.emitCancel($0) }
        clicks.forEach { ClickGestureSignals.emitUnpairedRelease($0, x: to.0, y: to.1) }
        pump(seconds: 0.1)
    }

    /// The list item selects its row at the release, which it never sees; the row is
    /// selected all the same.
    func testAFirstClickOnATitleWhosePressGtkTakesBackSelectsTheRow() async throws {
        let (window, row) = try windowWithTheFirstRowSelected()
        let clicks = clicksFrom(try title(of: row), upTo: row)
        XCTAssertGreaterThan(clicks.count, 1, "the title's gesture and the row's")

        clickTakenBack(clicks)

        XCTAssertEqual(window.list.selectedRows, [1], "the clicked row is the one selected")
        XCTAssertFalse(row.title.isEditing, "a first click renames nothing")
    }

    /// A release far from the press GTK took back is a drag another gesture took (a swipe, a
    /// row dragged away), not a click: the selection stays.
    func testAReleaseFarFromAPressGtkTookBackSelectsNothing() async throws {
        let (window, row) = try windowWithTheFirstRowSelected()

        clickTakenBack(clicksFrom(try title(of: row), upTo: row), to: (60, 4))

        XCTAssertEqual(window.list.selectedRows, [0])
    }

    /// A release whose press was not taken back (it began outside the row) selects nothing.
    func testAnUnpairedReleaseWithoutATakenBackPressSelectsNothing() async throws {
        let (window, row) = try windowWithTheFirstRowSelected()

        clicksFrom(try title(of: row), upTo: row).forEach { ClickGestureSignals.emitUnpairedRelease($0) }
        pump(seconds: 0.1)

        XCTAssertEqual(window.list.selectedRows, [0])
    }

    /// A click on a chord opens that chord, at its release; when GTK takes the press back, the
    /// unpaired release opens it.
    func testAClickOnAChordWhosePressGtkTakesBackOpensThatChord() async throws {
        let (_, row) = try windowWithTheFirstRowSelected()
        let cell = row.cells[2].widget
        var x = 0.0, y = 0.0
        XCTAssertNotEqual(cgtk_widget_translate_point(cell, row.widget, Double(gtk_widget_get_width(cell)) / 2,
                                                      Double(gtk_widget_get_height(cell)) / 2, &x, &y), 0)
        var opened: [Int] = []
        row.chords.onActivate = { opened.append($0) }

        clickTakenBack(clicksFrom(row.widget, upTo: row), from: (x, y), to: (x, y))

        XCTAssertEqual(opened, [2])
    }
}
