import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

final class ChordsetListTests: GtkTestCase {
    func testRecycledRowsShowTheRightChordsetAfterScrollingToTheBottom() throws {
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

    func testScrollingToAPositionBindsIt() throws {
        let window = makeWindow(try makeController(titles: (0..<2000).map { "Chordset \($0)" }))

        window.list.scrollTo(position: 1234)

        XCTAssertTrue(pump(until: { self.shownTitles(window)[1234] != nil }))
        XCTAssertEqual(shownTitles(window)[1234], "Chordset 1234")
    }

    func testRowsFollowDeletionsAboveThem() throws {
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

    func testTheModelFollowsAReload() throws {
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

    func testModelMirrorsInsertionsAndRemovals() {
        let model = ChordsetListModel(count: 3)
        model.apply(.inserted(index: 1, count: 2), newCount: 5)
        XCTAssertEqual(model.count, 5)
        model.apply(.removed(index: 0, count: 4), newCount: 1)
        XCTAssertEqual(model.count, 1)
        XCTAssertTrue(model.apply(.reloaded(previousCount: 1), newCount: 7))
        XCTAssertEqual(model.count, 7)
    }
}
