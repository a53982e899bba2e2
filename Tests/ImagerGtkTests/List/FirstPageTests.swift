import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

/// The rows read before the first frame: enough to fill the window, no more (GTK 4.8 builds a
/// row for each of them, shown or not).
@MainActor
final class FirstPageTests: GtkTestCase {
    func testTheFirstPageFillsTheWindowItOpensIn() async throws {
        let size = WindowSize.fallback
        let firstPage = ImagerApplication.firstPageSize(for: size)
        XCTAssertLessThan(firstPage, 60, "no more rows than a \(size.height)-pixel window can show")
        let store = ChordsetStore.inMemory()
        let filling = try ChordsetController(store: store)
        try filling.importChordsets((0..<500).map { Chordset.random(title: "Chordset \($0)", position: Double($0)) })
        filling.save()
        let controller = try ChordsetController(store: store, firstPage: firstPage)
        XCTAssertEqual(controller.count, firstPage)
        let window = makeWindow(controller)
        let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(window.list.scrolledWindow))
        // The first page's rows are taller than the window's list: nothing blank at the bottom.
        XCTAssertGreaterThan(gtk_adjustment_get_upper(adjustment), gtk_adjustment_get_page_size(adjustment))
        // The first page's count is not the list's: no number until the rest is read.
        XCTAssertEqual(window.windowTitle.subtitleText, "")
        controller.finishLoadingNow()
        window.listLoaded()
        pump(seconds: 0.1)
        XCTAssertEqual(window.windowTitle.subtitleText, "500 chordsets")
    }

    func testAMaximizedWindowReadsEnoughForTheTallestMonitor() async throws {
        let display = try XCTUnwrap(gdk_display_get_default())
        let monitor = try XCTUnwrap(g_list_model_get_item(gdk_display_get_monitors(display), 0))
        defer { g_object_unref(monitor) }
        var geometry = GdkRectangle()
        gdk_monitor_get_geometry(OpaquePointer(monitor), &geometry)
        let rows = ImagerApplication.firstPageSize(for: WindowSize(width: 760, height: 400, maximized: true))
        XCTAssertGreaterThanOrEqual(rows * Int(ChordsetRow.minimumHeight), Int(geometry.height))
    }
}
