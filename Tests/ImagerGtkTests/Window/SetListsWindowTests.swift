import CAdw
import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Main menu → Set Lists: each edit is stored and shown at once, the toasts' Undo brings back
/// what was deleted or removed, and Perform from a set list walks its chordsets.
@MainActor
final class SetListsWindowTests: GtkTestCase {
    private func open(_ window: MainWindow) throws -> SetListsWindow {
        activate(.setLists, in: window)
        let setLists = try XCTUnwrap(window.setListsWindow, "the action opens the window")
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(setLists.newButton) != 0 }), "the window shows")
        return setLists
    }

    private func store(_ window: MainWindow) throws -> ChordsetStore {
        try window.controller.storeForSetLists()
    }

    /// The titles the shown set list's rows show, in order.
    private func rowTitles(_ setLists: SetListsWindow) -> [String] {
        setLists.entryRows.map { row in
            adw_preferences_row_get_title(cadw_preferences_row(row)).map { String(cString: $0) } ?? ""
        }
    }

    /// Presses the Undo button of the toast the window shows; false when none shows.
    private func pressUndo(in setLists: SetListsWindow) -> Bool {
        var found: Widget?
        func walk(_ widget: Widget) {
            if found == nil, cgtk_is_button(widget) != 0, gtk_widget_get_mapped(widget) != 0,
               gtk_button_get_label(cgtk_button(widget)).map({ String(cString: $0) }) == "Undo" {
                found = widget
            }
            for child in widget.children { walk(child) }
        }
        walk(setLists.window)
        guard let found else { return false }
        click(found)
        return true
    }

    /// A click: a button's activation shows it pressed for a moment before "clicked".
    private func click(_ button: Widget) {
        gtk_widget_activate(button)
        pump(seconds: 0.3)
    }

    /// Presses the entry row's apply button (it shows once the text differs).
    private func pressApply(in row: Widget) -> Bool {
        var found: Widget?
        func walk(_ widget: Widget) {
            if found == nil, cgtk_is_button(widget) != 0, gtk_widget_get_mapped(widget) != 0 { found = widget }
            for child in widget.children { walk(child) }
        }
        walk(row)
        guard let found else { return false }
        click(found)
        return true
    }

    func testANewSetListTakesTheSelectedChordsetsAndEachEditIsStoredAndShown() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest", "Night"]))
        let setLists = try open(window)
        XCTAssertTrue(setLists.setLists.isEmpty)

        click(setLists.newButton)
        XCTAssertEqual(try store(window).loadSetLists().map(\.title), ["New Set List"])
        gtk_editable_set_text(cgtk_editable(UnsafeMutableRawPointer(setLists.titleRow)), "Friday")
        XCTAssertTrue(pump(until: { self.pressApply(in: setLists.titleRow) }), "the row offers its apply button")
        XCTAssertEqual(try store(window).loadSetLists().map(\.title), ["Friday"])

        let ids = window.controller.chordsets.map(\.id)
        window.list.select(ids: [ids[2], ids[0]])
        click(setLists.addButton)
        XCTAssertEqual(try XCTUnwrap(store(window).loadSetLists().first).chordsetIDs, [ids[0], ids[2]], "in the list's order")
        XCTAssertEqual(rowTitles(setLists), ["Warm", "Forest"])

        gtk_widget_grab_focus(setLists.entryRows[0])
        XCTAssertTrue(setLists.entryKey(UInt32(GDK_KEY_Down), modifiers: GDK_ALT_MASK))
        XCTAssertEqual(try XCTUnwrap(store(window).loadSetLists().first).chordsetIDs, [ids[2], ids[0]])
        XCTAssertEqual(rowTitles(setLists), ["Forest", "Warm"])
        XCTAssertTrue(gtk_widget_has_focus(setLists.entryRows[1]) != 0, "the focus moves with the row")

        XCTAssertTrue(setLists.entryKey(UInt32(GDK_KEY_Delete)))
        XCTAssertEqual(rowTitles(setLists), ["Forest"])
        XCTAssertEqual(try XCTUnwrap(store(window).loadSetLists().first).chordsetIDs, [ids[2]])
        XCTAssertTrue(pump(until: { self.pressUndo(in: setLists) }), "the toast offers Undo")
        XCTAssertEqual(try XCTUnwrap(store(window).loadSetLists().first).chordsetIDs, [ids[2], ids[0]], "back in its place")
        XCTAssertEqual(rowTitles(setLists), ["Forest", "Warm"])
    }

    func testADeletedSetListComesBackWithUndo() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        let ids = window.controller.chordsets.map(\.id)
        let friday = try store(window).createSetList(title: "Friday", chordsets: [ids[1], ids[0]])
        try store(window).createSetList(title: "Saturday")
        let setLists = try open(window)
        XCTAssertEqual(setLists.shownID, friday.id)
        XCTAssertEqual(rowTitles(setLists), ["Ocean", "Warm"])

        click(setLists.deleteButton)
        XCTAssertEqual(try store(window).loadSetLists().map(\.title), ["Saturday"])
        XCTAssertEqual(setLists.shown?.title, "Saturday", "the next set list takes its place")
        XCTAssertTrue(pump(until: { self.pressUndo(in: setLists) }), "the toast offers Undo")
        XCTAssertEqual(try store(window).loadSetLists().map(\.title), ["Friday", "Saturday"])
        XCTAssertEqual(try XCTUnwrap(store(window).loadSetLists().first).chordsetIDs, [ids[1], ids[0]])
        XCTAssertEqual(setLists.shownID, friday.id)
        XCTAssertEqual(rowTitles(setLists), ["Ocean", "Warm"])
    }

    func testAChordsetAddedBeforeItsFirstSaveIsSavedAndAdded() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let setLists = try open(window)
        click(setLists.newButton)
        let added = try XCTUnwrap(window.controller.add(title: "Fresh"))
        XCTAssertTrue(window.controller.unsavedNewIDs.contains(added.id))
        window.list.select(ids: [added.id])
        click(setLists.addButton)
        XCTAssertEqual(try XCTUnwrap(store(window).loadSetLists().first).chordsetIDs, [added.id])
        XCTAssertEqual(rowTitles(setLists), ["Fresh"])
    }

    func testPerformingASetListWalksItsChordsetsWithPageDown() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest", "Night"]))
        let ids = window.controller.chordsets.map(\.id)
        try store(window).createSetList(title: "Friday", chordsets: [ids[3], ids[1], ids[3]])
        let setLists = try open(window)
        click(setLists.performButton)
        let view = try XCTUnwrap(window.performance, "Perform starts")
        XCTAssertEqual(view.state.current.chordsetID, ids[3], "on the set list's first chordset")
        view.handleKey(UInt32(GDK_KEY_Page_Down))
        XCTAssertEqual(view.state.current.chordsetID, ids[1])
        view.handleKey(UInt32(GDK_KEY_Page_Down))
        XCTAssertEqual(view.state.current.chordsetID, ids[3])
        view.handleKey(UInt32(GDK_KEY_Page_Down))
        XCTAssertEqual(view.state.current.chordsetID, ids[3], "the set list's end")
        view.handleKey(UInt32(GDK_KEY_Page_Up))
        XCTAssertEqual(view.state.current.chordsetID, ids[1])
        view.apply(.chordset(index: 0), at: view.now())
        XCTAssertEqual(view.state.current.chordsetID, ids[3], "a controller's chordset by number counts in the set list")
        view.apply(.chordset(index: 1), at: view.now())
        XCTAssertEqual(view.state.current.chordsetID, ids[1])
        view.handleKey(UInt32(GDK_KEY_Escape))
        XCTAssertTrue(pump(until: { window.performance == nil }))

        activate(.perform, in: window)
        let wholeList = try XCTUnwrap(window.performance)
        let start = try XCTUnwrap(window.controller.index(of: wholeList.state.current.chordsetID))
        wholeList.handleKey(UInt32(GDK_KEY_Page_Down))
        XCTAssertEqual(window.controller.index(of: wholeList.state.current.chordsetID), start + 1,
                       "Perform from the list walks the whole list")
    }
}
