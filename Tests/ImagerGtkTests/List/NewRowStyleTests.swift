import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

/// A row GTK makes has its style worked out while hidden, and is shown again before anything
/// is drawn (NewRowStyle): the delete near the list's end that makes GTK 4.8 add a row at the
/// top of the rows it keeps must leave every row visible, styled and showing its chordset.
@MainActor
final class NewRowStyleTests: GtkTestCase {
    /// More than the ~200 rows GTK 4.8 keeps, so it has none to spare for a new one.
    private static let titles = (0..<400).map { "Chordset \($0)" }

    private func scrollToEnd(_ window: MainWindow) {
        let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(window.list.scrolledWindow))!
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
        pump(seconds: 0.3)
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
        pump(seconds: 0.3)
    }

    /// The list item widgets of the rows GTK keeps.
    private func itemWidgets(_ window: MainWindow) -> [Widget] {
        window.list.allRows.compactMap { row in row.listItem == nil ? nil : gtk_widget_get_parent(row.widget) }
    }

    /// Counts list item widgets hidden anywhere while it is alive, by an emission hook on
    /// GtkWidget's "hide": NewRowStyle settles a row by hiding and showing its item widget.
    private final class HiddenItems {
        nonisolated(unsafe) private static var count = 0
        private let signal = g_signal_lookup("hide", gtk_widget_get_type())
        private var hook: gulong = 0
        private let start: Int

        init() {
            start = Self.count
            let counted: GSignalEmissionHook = { _, _, values, _ in
                if let values, let instance = g_value_get_object(values) {
                    let type = g_type_name_from_instance(instance.assumingMemoryBound(to: GTypeInstance.self))
                    if let type, String(cString: type) == "GtkListItemWidget" { HiddenItems.count += 1 }
                }
                return 1   // stay connected
            }
            hook = g_signal_add_emission_hook(signal, 0, counted, nil, nil)
        }

        var seen: Int { Self.count - start }

        func stop() { g_signal_remove_emission_hook(signal, hook) }
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try XCTSkipUnless(gtk_get_minor_version() < 10, "NewRowStyle works around GTK 4.8 and does nothing on GTK 4.\(gtk_get_minor_version())")
    }

    func testTheRowGTKMakesForADeleteNearTheEndIsSettledAndShown() async throws {
        let window = makeWindow(try makeController(titles: Self.titles))
        scrollToEnd(window)
        activate(.addChordset, in: window)
        XCTAssertTrue(pump(until: { window.list.selectedPosition == 400 }))
        pump(seconds: 0.3)
        let rowsBefore = itemWidgets(window).count
        let hidden = HiddenItems()

        window.list.commitEditing()
        activate(.deleteChordset, in: window)
        pump(seconds: 0.3)
        hidden.stop()

        XCTAssertEqual(window.controller.count, 400)
        XCTAssertGreaterThan(rowsBefore, 150, "GTK keeps about 200 rows")
        XCTAssertGreaterThanOrEqual(hidden.seen, 1,
                                    "GTK made a row at the top of those it keeps, and it was settled")
        let items = itemWidgets(window)
        XCTAssertEqual(items.count, rowsBefore)
        for item in items {
            XCTAssertNotEqual(gtk_widget_get_visible(item), 0, "no row is left hidden")
            XCTAssertNotEqual(gtk_widget_has_css_class(item, "chordset-item"), 0)
        }
        let shown = shownTitles(window)
        XCTAssertEqual(shown.count, rowsBefore)
        for (position, title) in shown { XCTAssertEqual(title, "Chordset \(position)") }
    }

    /// Rows GTK makes when the window first fills are settled the same way, and none of them
    /// stays hidden.
    func testEveryRowOfANewWindowIsShown() async throws {
        let hidden = HiddenItems()
        let window = makeWindow(try makeController(titles: Self.titles))
        hidden.stop()
        let items = itemWidgets(window)
        XCTAssertGreaterThan(items.count, 10)
        XCTAssertEqual(hidden.seen, items.count)
        for item in items { XCTAssertNotEqual(gtk_widget_get_visible(item), 0) }
    }
}
