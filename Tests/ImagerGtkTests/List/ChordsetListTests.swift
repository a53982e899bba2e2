import CGtk
import ImagerCore
import ImagerGLib
@testable import ImagerGtk
import XCTest

@MainActor
final class ChordsetListTests: GtkTestCase {
    func testRecycledRowsShowTheRightChordsetAfterScrollingToTheBottom() async throws {
        let titles = (0..<2000).map { "Chordset \($0)" }
        let window = makeWindow(try makeController(titles: titles))
        let rowsMade = window.list.boundRows.count
        XCTAssertGreaterThan(rowsMade, 0)

        let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(window.list.scrolledWindow))
        // Scroll down in steps, as a user would, then stay at the end.
        for step in 1...8 {
            let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            gtk_adjustment_set_value(adjustment, end * Double(step) / 8)
            pump(seconds: 0.1)
        }

        let shown = shownTitles(window)
        XCTAssertNotNil(shown[1999], "the last chordset should be bound after scrolling to the end")
        for (position, title) in shown {
            XCTAssertEqual(title, window.controller.chordsets[position].title, "row at \(position)")
        }
        // GTK 4.8's list view keeps about 200 rows around the visible ones, plus the selected
        // and focused rows; 4.12 and later keep fewer. Either way, not one per chordset.
        XCTAssertLessThan(window.list.boundRows.count, 260, "rows are recycled, not made per chordset")
    }

    /// Rows are styled through a class of their own, given to every list item a row joins,
    /// recycled ones too: a selector through the list's class (`.chordset-list > row`) makes
    /// GTK 4.8 restyle every row it keeps, cells and all, whenever rows come in above the
    /// others (every frame of a scroll up).
    func testRowsAreStyledByAClassOfTheirOwn() async throws {
        let window = makeWindow(try makeController(titles: (0..<600).map { "Chordset \($0)" }))
        window.list.scrollTo(position: 599)
        pump(seconds: 0.1)
        window.list.scrollTo(position: 0)
        pump(seconds: 0.1)

        let rows = window.list.boundRows
        XCTAssertGreaterThan(rows.count, 0)
        for row in rows {
            let item = try XCTUnwrap(gtk_widget_get_parent(row.widget))
            XCTAssertTrue(gtk_widget_has_css_class(item, "chordset-item") != 0, "row \(row.position ?? -1)")
        }
        XCTAssertFalse(Stylesheet.css.contains("> row"), "no selector reaches the rows through their parent")
    }

    func testScrollingToAPositionBindsIt() async throws {
        let window = makeWindow(try makeController(titles: (0..<2000).map { "Chordset \($0)" }))

        window.list.scrollTo(position: 1234)

        XCTAssertTrue(pump(until: { self.shownTitles(window)[1234] != nil }))
        XCTAssertEqual(shownTitles(window)[1234], "Chordset 1234")
    }

    func testRowsFollowDeletionsAboveThem() async throws {
        let window = makeWindow(try makeController(titles: (0..<50).map { "Chordset \($0)" }))

        window.controller.delete(id: window.controller.chordsets[0].id)
        window.controller.delete(id: window.controller.chordsets[3].id)
        pump(seconds: 0.1)

        let shown = shownTitles(window)
        XCTAssertEqual(shown[0], "Chordset 1")
        for (position, title) in shown {
            XCTAssertEqual(title, window.controller.chordsets[position].title, "row at \(position)")
        }
    }

    /// A large list starts with its first page (`ImagerApplication.loadRemainder`): building
    /// the window must not read the rest (sync's connection once did, and a launch over
    /// 100,000 chordsets waited 2.4 s for it), and the list grows once the rest arrives.
    func testAFirstPageWindowGrowsToTheWholeList() async throws {
        let store = ChordsetStore.inMemory()
        try ChordsetController(store: store).importChordsets((0..<300).map {
            Chordset.random(title: "Chordset \($0)", position: Double($0))
        })
        let controller = try ChordsetController(store: store, firstPage: 60)
        let window = makeWindow(controller)
        XCTAssertTrue(controller.isLoadingRest, "building the window read the whole list")
        XCTAssertEqual(window.list.model.count, 60)

        let load = try XCTUnwrap(controller.remainderLoader)
        controller.finishLoading(load())
        window.listLoaded()
        pump(seconds: 0.1)

        XCTAssertEqual(window.list.model.count, 300)
        window.list.scrollTo(position: 299)
        XCTAssertTrue(pump(until: { self.shownTitles(window)[299] != nil }))
        XCTAssertEqual(shownTitles(window)[299], "Chordset 299")
    }

    func testTheModelFollowsAReload() async throws {
        let window = makeWindow(try makeController(titles: (0..<10).map { "Chordset \($0)" }))

        window.controller.deleteAll()
        XCTAssertEqual(window.list.model.count, 0)
        window.controller.undo()
        pump(seconds: 0.1)

        XCTAssertEqual(window.list.model.count, 10)
        for (position, title) in shownTitles(window) {
            XCTAssertEqual(title, "Chordset \(position)")
        }
    }

    func testModelMirrorsInsertionsAndRemovals() async {
        let model = ChordsetListModel(count: 3)
        model.apply(.inserted(index: 1, count: 2), newCount: 5)
        XCTAssertEqual(model.count, 5)
        model.apply(.removed(index: 0, count: 4), newCount: 1)
        XCTAssertEqual(model.count, 1)
        XCTAssertTrue(model.apply(.reloaded(previousCount: 1), newCount: 7))
        XCTAssertEqual(model.count, 7)
    }

    /// The model makes items only when asked and keeps each at its position while something
    /// else holds it, so GTK sees the same item for the same row across a change elsewhere.
    func testModelItemsAreMadeOnDemandAndFollowTheirPositions() async {
        let model = ChordsetListModel(count: 100_000)
        let list = model.listModel
        XCTAssertEqual(g_list_model_get_n_items(list), 100_000)
        let held = g_list_model_get_item(list, 50_000)
        XCTAssertEqual(held, g_list_model_get_item(list, 50_000).map { g_object_unref($0); return $0 })
        XCTAssertNil(g_list_model_get_item(list, 100_000))

        model.apply(.inserted(index: 10, count: 3), newCount: 100_003)
        XCTAssertEqual(g_list_model_get_n_items(list), 100_003)
        XCTAssertEqual(held, g_list_model_get_item(list, 50_003).map { g_object_unref($0); return $0 })
        model.apply(.removed(index: 0, count: 3), newCount: 100_000)
        XCTAssertEqual(held, g_list_model_get_item(list, 50_000).map { g_object_unref($0); return $0 })

        // Removed: the item is not handed out again, though its holder may keep it.
        model.apply(.removed(index: 49_999, count: 2), newCount: 99_998)
        XCTAssertNotEqual(held, g_list_model_get_item(list, 49_999).map { g_object_unref($0); return $0 })
        g_object_unref(held)
    }

    func testModelLetsGoOfItemsNothingElseHolds() async {
        let items = PositionItems(count: 100_000)
        // Scrolling through the whole list asks for every position once.
        for position in 0..<100_000 { g_object_unref(items.item(at: position)) }
        XCTAssertLessThanOrEqual(items.keptCount, 2_048)
        let held = items.item(at: 5)
        items.splice(at: 0, removed: 0, added: 1)
        XCTAssertEqual(items.keptCount, 1)
        XCTAssertEqual(items.item(at: 6).map { g_object_unref($0); return $0 }, held)
        g_object_unref(held)
    }

    func testARowLinesUpItsTitleAndCellsLikeABox() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let row = try XCTUnwrap(window.list.boundRow(at: 0))
        let width = Float(gtk_widget_get_width(row.widget)), height = Float(gtk_widget_get_height(row.widget))
        let title = try XCTUnwrap(gtk_widget_get_first_child(row.widget))
        let cells = row.cells.map { bounds(of: $0.widget, in: row.widget) }

        // 12 pixels in from the sides, the title taking what the cells leave, 12 pixels
        // between the title and the cells, 6 between cells, all centred in the 56-pixel row.
        XCTAssertEqual(height, 56)
        XCTAssertEqual(bounds(of: title, in: row.widget).minX, 12)
        XCTAssertEqual(cells[0].minX - bounds(of: title, in: row.widget).maxX, 12)
        XCTAssertEqual(cells.map(\.width), Array(repeating: Float(ChordCell.size), count: 8))
        for (left, right) in zip(cells, cells.dropFirst()) { XCTAssertEqual(right.minX - left.maxX, 6) }
        XCTAssertEqual(cells[7].maxX, width - 12)
        XCTAssertEqual(cells[0].minY, (height - Float(ChordCell.size)) / 2)
    }

    func testASwipeMovesTheRowOverItsDeleteButton() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        let row = try XCTUnwrap(window.list.boundRow(at: 1))
        let width = Float(gtk_widget_get_width(row.widget))
        let closed = bounds(of: row.cells[7].widget, in: row.widget)

        row.swipe.open()
        pump(seconds: 0.3)

        // The Delete layer is the row's first child, under the title and cells.
        let underlay = try XCTUnwrap(gtk_widget_get_first_child(row.widget))
        let button = try XCTUnwrap(gtk_widget_get_first_child(underlay))
        let reveal = Float(SwipeToDelete.revealWidth)
        XCTAssertEqual(bounds(of: row.cells[7].widget, in: row.widget).minX, closed.minX - reveal)
        XCTAssertEqual(bounds(of: button, in: row.widget).minX, width - reveal)
        XCTAssertEqual(bounds(of: button, in: row.widget).maxX, width)
        XCTAssertNotEqual(gtk_widget_get_can_target(underlay), 0)

        row.swipe.close()
        pump(seconds: 0.3)
        XCTAssertEqual(bounds(of: row.cells[7].widget, in: row.widget).minX, closed.minX)
        XCTAssertEqual(gtk_widget_get_visible(underlay), 0)
    }

    func testInRightToLeftTextASwipeMovesTheRowRightOverDeleteOnTheLeft() async throws {
        gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
        defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        let row = try XCTUnwrap(window.list.boundRow(at: 1))
        let width = Float(gtk_widget_get_width(row.widget))
        let closed = bounds(of: row.cells[0].widget, in: row.widget)
        XCTAssertEqual(bounds(of: row.cells[7].widget, in: row.widget).minX, 12, "the last chord is at the left edge")
        XCTAssertEqual(bounds(of: gtk_widget_get_first_child(row.widget)!, in: row.widget).maxX, width - 12,
                       "the title is at the right edge")

        row.swipe.open()
        pump(seconds: 0.3)

        let underlay = try XCTUnwrap(gtk_widget_get_first_child(row.widget))
        let button = try XCTUnwrap(gtk_widget_get_first_child(underlay))
        let reveal = Float(SwipeToDelete.revealWidth)
        XCTAssertEqual(bounds(of: row.cells[0].widget, in: row.widget).minX, closed.minX + reveal)
        XCTAssertEqual(bounds(of: button, in: row.widget).minX, 0)
        XCTAssertEqual(bounds(of: button, in: row.widget).maxX, reveal)
        // Nothing of the row's content lies over the button.
        let title = try XCTUnwrap(gtk_widget_get_next_sibling(underlay))
        XCTAssertGreaterThanOrEqual(bounds(of: title, in: row.widget).minX, reveal)
        XCTAssertNotEqual(gtk_widget_get_can_target(underlay), 0)
        // What a click at the button's centre lands on.
        let hit = gtk_widget_pick(row.widget, Double(reveal / 2), Double(gtk_widget_get_height(row.widget) / 2), GTK_PICK_DEFAULT)
        XCTAssertTrue(hit.map { $0 == button || gtk_widget_is_ancestor($0, button) != 0 } ?? false)
    }

        func testDeletingTheLastRowAtTheBottomOfALongListKeepsTheRowsRight() async throws {
        let window = makeWindow(try makeController(titles: (0..<2000).map { "Chordset \($0)" }))
        window.list.edit(position: 1999)
        window.list.commitEditing()
        XCTAssertTrue(pump(until: { self.shownTitles(window)[1999] != nil }))

        window.delete(id: window.controller.chordsets[1999].id)
        pump(seconds: 0.2)

        let shown = shownTitles(window)
        XCTAssertNil(shown[1999])
        XCTAssertEqual(shown[1998], "Chordset 1998")
        for (position, title) in shown {
            XCTAssertEqual(title, window.controller.chordsets[position].title, "row at \(position)")
        }
    }

    func testDeleteActsOnTheRowTheFocusIsIn() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest", "Sunset", "Dusk"]))
        window.list.select(position: 1)
        pump(seconds: 0.05)
        let row = try XCTUnwrap(window.list.boundRow(at: 3))

        // Tab, or a click on a chord, puts the focus inside row 3 without the list view
        // selecting it. (The person has pressed keys by then, so the selection follows.)
        window.list.selectsOnFocus = true
        XCTAssertNotEqual(gtk_widget_grab_focus(row.cells[0].widget), 0)
        pump(seconds: 0.05)
        activate(.deleteChordset, in: window)

        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Ocean", "Forest", "Dusk"])
    }

    func testRenameActsOnTheRowTheFocusIsIn() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest", "Sunset"]))
        window.list.select(position: 1)
        pump(seconds: 0.05)
        let row = try XCTUnwrap(window.list.boundRow(at: 3))

        window.list.selectsOnFocus = true
        XCTAssertNotEqual(gtk_widget_grab_focus(row.cells[2].widget), 0)
        pump(seconds: 0.05)
        activate(.renameChordset, in: window)

        XCTAssertTrue(row.title.isEditing)
        XCTAssertFalse(try XCTUnwrap(window.list.boundRow(at: 1)).title.isEditing)
    }

    func testNothingIsSelectedUntilThePersonMovesThenTheSelectionFollowsTheFocus() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        window.present()
        pump(seconds: 0.1)
        XCTAssertNil(window.list.selectedPosition, "a row looks selected at launch")
        XCTAssertTrue(window.list.hasFocus(at: 0), "the keyboard starts on the first row")

        let row = try XCTUnwrap(window.list.boundRow(at: 2))
        XCTAssertNotEqual(gtk_widget_grab_focus(row.cells[0].widget), 0)
        pump(seconds: 0.05)
        XCTAssertNil(window.list.selectedPosition, "GTK's own focus moves select nothing before a key or click")

        window.list.selectsOnFocus = true
        row.focus()
        XCTAssertNotEqual(gtk_widget_grab_focus(try XCTUnwrap(window.list.boundRow(at: 1)).cells[3].widget), 0)
        pump(seconds: 0.05)
        XCTAssertEqual(window.list.selectedPosition, 1)
    }

    func testDeletingTheFocusedRowLeavesTheFocusOnTheRowThatTakesItsPlace() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        window.present()
        window.list.selectsOnFocus = true
        pump(seconds: 0.1)
        try XCTUnwrap(window.list.boundRow(at: 1)).focus()
        pump(seconds: 0.05)
        activate(.deleteChordset, in: window)
        // The focus moves once the row shows whole, after a frame: on a loaded machine that
        // can take longer than a tenth of a second.
        _ = pump(until: { window.list.hasFocus(at: 1) && window.list.selectedPosition == 1 })
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Forest"])
        XCTAssertTrue(window.list.hasFocus(at: 1), "the focus is on “Forest”, now at position 1")
        XCTAssertEqual(window.list.selectedPosition, 1)

        activate(.deleteChordset, in: window)
        _ = pump(until: { window.list.hasFocus(at: 0) })
        XCTAssertTrue(window.list.hasFocus(at: 0), "the last row gone, the focus is on the one before")
    }

    /// GTK finds the focus gone with a deleted row's widget and, after the frame, hands it to
    /// the list's first row, scrolling the view there; the row that takes the deleted one's
    /// place must get it instead, with the view staying where it is (at the list's end here).
    func testDeletingTheFocusedLastRowKeepsTheViewAtTheEnd() async throws {
        let window = makeWindow(try makeController(titles: (0..<400).map { "Chordset \($0)" }))
        window.present()
        window.list.selectsOnFocus = true
        window.list.focus(position: 399)
        XCTAssertTrue(pump(until: { window.list.hasFocus(at: 399) }), "the last row takes the focus")
        pump(seconds: 0.1)
        let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(window.list.scrolledWindow))!
        let end = gtk_adjustment_get_value(adjustment)
        XCTAssertGreaterThan(end, 1000, "the view is at the list's end")

        var lowest = end
        let watch = Signal.connect(adjustment, "value-changed") { lowest = min(lowest, gtk_adjustment_get_value(adjustment)) }
        defer { watch.disconnect() }
        activate(.deleteChordset, in: window)
        XCTAssertTrue(pump(until: { window.list.hasFocus(at: 398) && window.list.selectedPosition == 398 }),
                      "the focus is on the row before the deleted one")
        pump(seconds: 0.2)
        XCTAssertTrue(window.list.hasFocus(at: 398))
        XCTAssertFalse(window.list.hasFocus(at: 0))
        XCTAssertGreaterThan(lowest, end - 500, "the view never went to the list's top")
    }

    /// The same for several selected rows at the end, the focus in one of them.
    func testDeletingSelectedRowsAtTheEndKeepsTheViewThere() async throws {
        let window = makeWindow(try makeController(titles: (0..<400).map { "Chordset \($0)" }))
        window.present()
        window.list.selectsOnFocus = true
        window.list.focus(position: 399)
        XCTAssertTrue(pump(until: { window.list.hasFocus(at: 399) }), "the last row takes the focus")
        window.list.select(rows: [397, 398, 399])
        pump(seconds: 0.1)
        XCTAssertEqual(window.list.selectedRows, [397, 398, 399])
        let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(window.list.scrolledWindow))!
        let end = gtk_adjustment_get_value(adjustment)

        var lowest = end
        let watch = Signal.connect(adjustment, "value-changed") { lowest = min(lowest, gtk_adjustment_get_value(adjustment)) }
        defer { watch.disconnect() }
        activate(.deleteChordset, in: window)
        XCTAssertTrue(pump(until: { window.list.hasFocus(at: 396) && window.list.selectedPosition == 396 }),
                      "the focus is on the row before the deleted ones")
        pump(seconds: 0.2)
        XCTAssertEqual(window.controller.count, 397)
        XCTAssertFalse(window.list.hasFocus(at: 0))
        XCTAssertGreaterThan(lowest, end - 500, "the view never went to the list's top")
    }

    private struct Bounds {
        var minX: Float, minY: Float, width: Float, height: Float
        var maxX: Float { minX + width }
    }

    private func bounds(of widget: Widget, in ancestor: Widget) -> Bounds {
        var rect = graphene_rect_t()
        XCTAssertNotEqual(gtk_widget_compute_bounds(widget, ancestor, &rect), 0)
        return Bounds(minX: rect.origin.x, minY: rect.origin.y, width: rect.size.width, height: rect.size.height)
    }
}
