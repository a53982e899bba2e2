import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Rows at a phone's width, a laptop's and a wide screen's (issue 13, README "Using the window").
@MainActor
final class AdaptiveLayoutTests: GtkTestCase {
    private func window(width: Int32) throws -> MainWindow {
        let window = makeWindow(try makeController(titles: ["Warm", "A title long enough to be cut short at any width"]))
        gtk_window_set_default_size(cgtk_window(window.window), width, 500)
        pump(seconds: 0.4)
        // The window's width counts its frame; the list gets the rest.
        let listWidth = gtk_widget_get_width(window.list.scrolledWindow)
        XCTAssertTrue((width - 20...width).contains(listWidth), "the list is \(listWidth) wide in a \(width) window")
        return window
    }

    private func frame(_ widget: Widget, in ancestor: Widget) -> graphene_rect_t {
        var rect = graphene_rect_t()
        XCTAssertNotEqual(gtk_widget_compute_bounds(widget, ancestor, &rect), 0)
        return rect
    }

    func testAt360PixelsTheCellsGoUnderTheTitleAndAllEightFit() async throws {
        let window = try window(width: 360)
        let row = try XCTUnwrap(window.list.boundRow(at: 1))
        let rowWidth = Float(gtk_widget_get_width(row.widget))
        let title = frame(try XCTUnwrap(gtk_widget_get_first_child(row.widget)), in: row.widget)
        XCTAssertGreaterThan(title.size.width, rowWidth / 2, "the title has a line of its own, not an ellipsis")
        for cell in row.cells {
            let box = frame(cell.widget, in: row.widget)
            XCTAssertGreaterThanOrEqual(box.origin.y, title.origin.y + title.size.height, "chord \(cell.slot + 1) is not under the title")
            XCTAssertGreaterThanOrEqual(box.origin.x, 0)
            XCTAssertLessThanOrEqual(box.origin.x + box.size.width, rowWidth, "chord \(cell.slot + 1) is cut off")
            XCTAssertGreaterThanOrEqual(box.size.width, 32, "chord \(cell.slot + 1) is too small to click")
        }
    }

    func testAtALaptopsWidthTitleAndCellsShareALine() async throws {
        let window = try window(width: 760)
        let row = try XCTUnwrap(window.list.boundRow(at: 0))
        let title = frame(try XCTUnwrap(gtk_widget_get_first_child(row.widget)), in: row.widget)
        let first = frame(row.cells[0].widget, in: row.widget)
        XCTAssertLessThan(first.origin.y, title.origin.y + title.size.height, "the cells left the title's line")
        XCTAssertGreaterThan(first.origin.x, title.origin.x + title.size.width - 1)
    }

    func testOnAWideWindowTheContentIsCentredAndKeepsItsCellsNearTheTitle() async throws {
        let window = try window(width: 1200)  // within the test display's 1280
        let row = try XCTUnwrap(window.list.boundRow(at: 0))
        let rowWidth = Float(gtk_widget_get_width(row.widget))
        let title = frame(try XCTUnwrap(gtk_widget_get_first_child(row.widget)), in: row.widget)
        let last = frame(row.cells[7].widget, in: row.widget)
        let gap = title.origin.x, right = rowWidth - (last.origin.x + last.size.width)
        XCTAssertEqual(gap, right, accuracy: 2, "the content is not centred")
        XCTAssertLessThanOrEqual(last.origin.x + last.size.width - title.origin.x, Float(SlidingRow.maximumContentWidth))
    }
}
