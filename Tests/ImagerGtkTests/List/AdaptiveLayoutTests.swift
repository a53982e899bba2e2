import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Rows at a phone's width, a laptop's and a wide screen's (README "Using the window").
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
        XCTAssertEqual(frame(row.cells[0].widget, in: row.widget).origin.x, title.origin.x, "the cells line up with the title")
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
        XCTAssertEqual(gap, right, accuracy: 2, "the content is not centred in its row")
        XCTAssertLessThanOrEqual(rowWidth, Float(ChordsetList.widest))
        let inList = frame(row.widget, in: window.list.scrolledWindow)
        XCTAssertEqual(inList.origin.x + inList.size.width / 2, Float(gtk_widget_get_width(window.list.scrolledWindow)) / 2,
                       accuracy: 2, "the row is not centred in the list")
        XCTAssertGreaterThan(gtk_widget_get_width(window.list.scrolledWindow), ChordsetList.widest + 100, "the list is wider than its rows")
    }

    func testOnOneLineTheTitleIsCentredOnTheCells() async throws {
        let window = try window(width: 760)
        let row = try XCTUnwrap(window.list.boundRow(at: 0))
        let title = frame(try XCTUnwrap(gtk_widget_get_first_child(row.widget)), in: row.widget)
        let first = frame(row.cells[0].widget, in: row.widget)
        XCTAssertGreaterThan(title.size.height, 8)
        XCTAssertLessThan(title.size.height, first.size.height, "the title takes the line's height, not its own")
        XCTAssertEqual(title.origin.y + title.size.height / 2, first.origin.y + first.size.height / 2, accuracy: 1)
    }

    /// The row measures its title's height again when the title's font changes, not for
    /// every title (SlidingRow.lineLabelHeight): a bigger font must still push the cells down.
    func testABiggerTitleFontMakesTheTitlesLineTaller() async throws {
        let window = try window(width: 360)
        let row = try XCTUnwrap(window.list.boundRow(at: 1))
        let label = try XCTUnwrap(gtk_widget_get_first_child(row.widget))
        let before = frame(label, in: row.widget)

        let provider = gtk_css_provider_new()!
        cgtk_css_provider_load(provider, ".chordset-title { font-size: 40px; }")
        let style = cgtk_style_provider(UnsafeMutableRawPointer(provider))
        gtk_style_context_add_provider_for_display(gtk_widget_get_display(window.window), style,
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1))
        defer {
            gtk_style_context_remove_provider_for_display(gtk_widget_get_display(window.window), style)
            g_object_unref(UnsafeMutableRawPointer(provider))
        }
        pump(seconds: 0.4)

        let after = frame(label, in: row.widget)
        XCTAssertGreaterThan(after.size.height, before.size.height + 20, "the title kept the height of its old font")
        let cell = frame(row.cells[0].widget, in: row.widget)
        XCTAssertGreaterThanOrEqual(cell.origin.y, after.origin.y + after.size.height, "the cells overlap the taller title")
    }
}
