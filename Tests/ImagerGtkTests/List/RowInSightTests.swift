import CGtk
import Foundation
import ImagerCore
import ImagerGLib
@testable import ImagerGtk
import XCTest

/// A row the window gives the keyboard focus to (a paste, Undo and Redo, a move, Down from
/// the search) shows whole: read from the rows GTK draws
/// (`ShownRows`), not from the list's records.
@MainActor
final class RowInSightTests: GtkTestCase {
    private func makeLongWindow(rows: Int = 300, height: Int32 = 500) throws -> MainWindow {
        let window = makeWindow(try makeController(titles: (1...rows).map { "Set \($0)" + ($0 % 7 == 0 ? " with a longer title" : "") }))
        gtk_window_set_default_size(cgtk_window(window.window), 600, height)
        pump(seconds: 0.2)
        return window
    }

    private func scroll(_ window: MainWindow, to fraction: Double) {
        let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(window.list.scrolledWindow))!
        gtk_adjustment_set_value(adjustment, (gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)) * fraction)
        pump(seconds: 0.05)
    }

    /// Puts the focus on chordset `position`'s row, as a click or the arrows leave it.
    private func focus(_ window: MainWindow, on position: Int) {
        window.list.selectsOnFocus = true
        window.list.focus(position: position)
        pump(until: { window.list.focusedRow == position })
        pump(seconds: 0.05)
    }

    /// Nil when the row holding the focus shows `title`, wholly inside the list's viewport,
    /// in every frame painted from the first that shows the focus on it, within `seconds`;
    /// otherwise what is wrong. (The frames are checked from the call on: call it right after
    /// the action, before the main loop runs.)
    private func problemWithFocusedRow(_ window: MainWindow, showing title: String, seconds: Double = 1.5) -> String? {
        let list = window.list
        var firstBadFrame: String?
        var frames = 0
        var handle: SignalHandle?
        if let clock = gtk_widget_get_frame_clock(window.window) {
            handle = Signal.connect(clock, "after-paint") {
                frames += 1
                // From the frame where the focus has reached the row.
                guard firstBadFrame == nil, let focused = list.focusedRow,
                      list.chordsetIndex(ofRow: focused).map({ list.controller.chordsets[$0].title }) == title else { return }
                let problem = Self.problem(list, title)
                if !problem.isEmpty { firstBadFrame = "frame \(frames): \(problem)" }
            }
        }
        defer { handle?.disconnect() }
        var last = "nothing checked"
        _ = pump(until: {
            last = Self.problem(list, title)
            return last.isEmpty
        }, seconds: seconds)
        // Still so a moment later: not a frame that passed through.
        pump(seconds: 0.15)
        let settled = Self.problem(list, title)
        if !settled.isEmpty { return settled }
        return firstBadFrame.map { "a frame painted the focused row out of view: \($0)" }
    }

    private static func problem(_ list: ChordsetList, _ title: String) -> String {
        guard let focused = list.focusedRow else { return "no row has the focus" }
        let height = Double(gtk_widget_get_height(list.listView))
        guard let shown = ShownRows.mapped(in: list).first(where: { $0.position == focused && $0.height > 0 }) else {
            return "the focused row \(focused) is not drawn (rows drawn: \(ShownRows.visible(in: list)))"
        }
        if shown.title != title { return "the focused row shows “\(shown.title)”, not “\(title)”" }
        if shown.top < 0 || shown.top + shown.height > height {
            return "the focused row \(shown) is not wholly in the \(Int(height)) pixels shown"
        }
        return ""
    }

    /// Runs the action without running the main loop after it (`problemWithFocusedRow` then
    /// sees every frame).
    private func trigger(_ action: WindowAction, in window: MainWindow) {
        g_action_group_activate_action(OpaquePointer(window.window), action.name, nil)
    }

    private func paste(_ chordsets: [Chordset], in window: MainWindow) {
        let lumis = chordsets.map { window.controller.lumis(of: $0.id) }
        let json = String(decoding: ChordsetDocument.encode(ChordsetsWithLumis(chordsets, lumis: lumis)!), as: UTF8.self)
        window.pasteChordsets(json)
    }

    func testAPastedRowAtTheEndOfALongListShowsWhole() async throws {
        for height: Int32 in [400, 500, 640] {
            let window = try makeLongWindow(height: height)
            for source in [0, 3, 150] {
                scroll(window, to: 0)
                focus(window, on: source)
                let original = window.controller.chordsets[source]
                paste([original], in: window)
                XCTAssertNil(problemWithFocusedRow(window, showing: "\(original.title) (Copy)"),
                             "height \(height), pasting row \(source)")
            }
        }
    }

    func testAPastedRowShowsWholeAfterDeletingRowsAndUndoing() async throws {
        for (rows, start) in [(300, 2), (300, 280), (3000, 1500)] {
            let window = try makeLongWindow(rows: rows)
            // Three rows deleted one by one with the key, then undone.
            focus(window, on: start)
            for _ in 0..<3 { activate(.deleteChordset, in: window) }
            activate(.undo, in: window)
            pump(seconds: 0.1)
            focus(window, on: start)
            let original = window.controller.chordsets[start]
            trigger(.copy, in: window)
            paste([original], in: window)
            XCTAssertNil(problemWithFocusedRow(window, showing: "\(original.title) (Copy)"), "\(rows) rows, from \(start)")
        }
    }

    func testADuplicateAtTheEndOfALongListShowsWhole() async throws {
        let window = try makeLongWindow()
        scroll(window, to: 0)
        focus(window, on: 299)
        scroll(window, to: 0)
        trigger(.duplicateChordset, in: window)
        XCTAssertNil(problemWithFocusedRow(window, showing: "Set 300 (Copy)"))
    }

    func testRowsUndoBringsBackFarAboveShowWhole() async throws {
        let window = try makeLongWindow()
        for start in [0, 40, 120] {
            scroll(window, to: 0)
            focus(window, on: start)
            let title = window.controller.chordsets[start].title
            window.list.selectRows(start..<(start + 3))
            activate(.deleteChordset, in: window)
            // Far below, with the focus there.
            focus(window, on: window.controller.count - 1)
            trigger(.undo, in: window)
            XCTAssertNil(problemWithFocusedRow(window, showing: title), "undoing the delete of rows from \(start)")
        }
    }

    func testARowMovedAndTheSearchsDownShowWhole() async throws {
        let window = try makeLongWindow()
        focus(window, on: 200)
        let title = window.controller.chordsets[200].title
        window.move(row: 200, by: -1)
        XCTAssertNil(problemWithFocusedRow(window, showing: title), "moved up")
        scroll(window, to: 1)
        window.move(row: 199, by: 1)
        XCTAssertNil(problemWithFocusedRow(window, showing: title), "moved down")

        activate(.find, in: window)
        window.search.setText("Set 29")
        pump(until: { window.list.filter?.query == "Set 29" })
        scroll(window, to: 1)
        XCTAssertTrue(window.search.onDown())
        XCTAssertNil(problemWithFocusedRow(window, showing: "Set 29"), "Down from the search")
    }
}
