import CGtk
import ImagerCore
import ImagerGLib
@testable import ImagerGtk
import XCTest

/// A removal of many rows shows the rows on screen before the next frame and refreshes the
/// other rows GTK keeps after it, or as soon as the list scrolls (ChordsetList+FarRows). What
/// the rows show is checked either way; that rows wait, only where they do (`gtk48`).
@MainActor
final class FarRowsTests: GtkTestCase {
    private static let titles = (0..<400).map { "Chordset \($0)" }
    /// Whether far rows wait for the frame (`RunningVersions.listKeepsRows`).
    private let gtk48 = RunningVersions.listKeepsRows

    /// Removes the first `count` chordsets as another writer would (sync, an import), with
    /// no main-loop iteration after it.
    private func removeFirst(_ count: Int, in window: MainWindow) {
        window.controller.delete(ids: window.controller.chordsets[0..<count].map(\.id))
    }

    /// The titles of the rows GTK shows on screen, read without refreshing any row.
    private func titlesOnScreen(_ window: MainWindow) -> [Int: String] {
        var titles: [Int: String] = [:]
        for row in window.list.allRows {
            guard let position = row.position, let item = gtk_widget_get_parent(row.widget),
                  gtk_widget_get_mapped(item) != 0 else { continue }
            titles[position] = row.title.text
        }
        return titles
    }

    /// Every row GTK keeps that shows a chordset, read without refreshing any row.
    private func titlesKept(_ window: MainWindow) -> [Int: String] {
        var titles: [Int: String] = [:]
        for row in window.list.allRows where row.chordsetID != nil {
            if let position = row.position { titles[position] = row.title.text }
        }
        return titles
    }

    /// GTK 4.10 and later bind the rows out of view to the items that moved into them in the
    /// frame's layout: waits for it there.
    private func bindsOfTheFrame() {
        if !gtk48 { pump(seconds: 0.1) }
    }

    private func expected(after removed: Int, at positions: some Sequence<Int>) -> [Int: String] {
        Dictionary(uniqueKeysWithValues: positions.map { ($0, "Chordset \($0 + removed)") })
    }

    func testRowsOnScreenShowALargeRemovalAtOnceAndTheOthersAfterTheFrame() async throws {
        let window = makeWindow(try makeController(titles: Self.titles))
        removeFirst(50, in: window)

        let onScreen = titlesOnScreen(window)
        XCTAssertFalse(onScreen.isEmpty)
        XCTAssertEqual(onScreen, expected(after: 50, at: onScreen.keys), "rows on screen show the change before the frame")
        if gtk48 { XCTAssertGreaterThan(window.list.farRows.waitingCount, 0, "rows out of view wait for the frame") }

        XCTAssertTrue(pump(until: { window.list.farRows.waitingCount == 0 }))
        bindsOfTheFrame()
        let kept = titlesKept(window)
        XCTAssertGreaterThan(kept.count, onScreen.count)
        XCTAssertEqual(kept, expected(after: 50, at: kept.keys))
    }

    /// A scroll before the idle brings waiting rows on screen: they show their chordsets in
    /// the frame that draws them (every frame is checked), the rest still wait.
    func testAScrollBeforeTheIdleShowsTheRowsItBringsOnScreen() async throws {
        try XCTSkipUnless(gtk48, "rows wait for the idle only where the list keeps its rows")
        let window = makeWindow(try makeController(titles: Self.titles))
        removeFirst(50, in: window)
        if gtk48 { XCTAssertGreaterThan(window.list.farRows.waitingCount, 0) }

        let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(window.list.scrolledWindow))!
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + 2_000)
        var onScreenAtFirstPaint: [Int: String]?
        let clock = try XCTUnwrap(gtk_widget_get_frame_clock(window.window))
        let handle = Signal.connect(clock, "after-paint") { [self] in
            if onScreenAtFirstPaint == nil { onScreenAtFirstPaint = titlesOnScreen(window) }
        }
        defer { handle.disconnect() }
        XCTAssertTrue(pump(until: { onScreenAtFirstPaint != nil }))
        let onScreen = try XCTUnwrap(onScreenAtFirstPaint)
        XCTAssertGreaterThan(onScreen.keys.min() ?? 0, 20, "the view moved down the list")
        XCTAssertEqual(onScreen, expected(after: 50, at: onScreen.keys))

        XCTAssertTrue(pump(until: { window.list.farRows.waitingCount == 0 }))
        let kept = titlesKept(window)
        XCTAssertEqual(kept, expected(after: 50, at: kept.keys))
    }

    /// Looking a row up by position (to focus it, to bring it into view) refreshes that row;
    /// the others still wait for the frame.
    func testLookingUpARowByPositionRefreshesThatRow() async throws {
        let window = makeWindow(try makeController(titles: Self.titles))
        removeFirst(50, in: window)
        let waiting = window.list.farRows.waitingCount
        if gtk48 { XCTAssertGreaterThan(waiting, 1) }

        let far = try XCTUnwrap(window.list.allRows.compactMap(\.position).max())
        XCTAssertEqual(window.list.boundRow(atRow: far)?.title.text, "Chordset \(far + 50)")
        XCTAssertEqual(window.list.farRows.waitingCount, max(0, waiting - 1))
    }

    /// The row with the keyboard focus shows its new chordset at once, even scrolled away
    /// from: a screen reader reads it, and Ctrl+C copies it.
    func testTheFocusedRowIsRefreshedAtOnceWhereverItIs() async throws {
        let window = makeWindow(try makeController(titles: Self.titles))
        window.list.focus(position: 0)
        pump(seconds: 0.1)
        let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(window.list.scrolledWindow))!
        gtk_adjustment_set_value(adjustment, 3_000)
        pump(seconds: 0.2)
        let focused = try XCTUnwrap(window.list.allRows.first { $0.containsFocus })
        XCTAssertEqual(focused.position, 0)
        XCTAssertNil(titlesOnScreen(window)[0], "the focused row is out of view")

        removeFirst(20, in: window)
        if gtk48 { XCTAssertGreaterThan(window.list.farRows.waitingCount, 0) }
        if gtk48 {
            // The row stays (ChordsetList+RemovalInPlace) and shows what moved up into it.
            XCTAssertEqual(focused.title.text, "Chordset 20")
        } else {
            // GTK lets the removed row go; the rows it keeps show their chordsets.
            pump(seconds: 0.1)
            let kept = titlesKept(window)
            XCTAssertFalse(kept.isEmpty)
            XCTAssertEqual(kept, expected(after: 20, at: kept.keys))
        }
    }

    /// Near the list's end GTK moves the view when the list gets shorter: every row is
    /// refreshed at once then.
    func testARemovalThatMovesTheViewRefreshesEveryRowAtOnce() async throws {
        let window = makeWindow(try makeController(titles: Self.titles))
        let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(window.list.scrolledWindow))!
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
        pump(seconds: 0.2)

        removeFirst(50, in: window)
        XCTAssertEqual(window.list.farRows.waitingCount, 0)
        bindsOfTheFrame()
        let kept = titlesKept(window)
        XCTAssertEqual(kept, expected(after: 50, at: kept.keys))
    }

    /// A row inserted near the top moves every row GTK keeps below it by one: those on
    /// screen show their new chordsets in the next frame (every frame is checked), the
    /// others after it.
    func testAnInsertNearTheTopMovesTheRowsOutOfViewAfterTheFrame() async throws {
        let window = makeWindow(try makeController(titles: Self.titles))
        let kept = titlesKept(window).count
        XCTAssertGreaterThan(kept, 2 * titlesOnScreen(window).count, "GTK keeps rows out of view")

        // GTK tells the rows their new positions in the frame's layout.
        var waitingAtFirstPaint: Int?
        let clock = try XCTUnwrap(gtk_widget_get_frame_clock(window.window))
        let handle = Signal.connect(clock, "after-paint") {
            if waitingAtFirstPaint == nil { waitingAtFirstPaint = window.list.farRows.waitingCount }
        }
        defer { handle.disconnect() }
        XCTAssertNotNil(window.controller.duplicate(id: window.controller.chordsets[0].id))
        XCTAssertTrue(pump(until: { waitingAtFirstPaint != nil }))
        if gtk48 { XCTAssertGreaterThan(waitingAtFirstPaint ?? 0, 0, "rows out of view wait until the frame is painted") }

        XCTAssertTrue(pump(until: { window.list.farRows.waitingCount == 0 }))
        bindsOfTheFrame()
        let titles = window.controller.chordsets.map(\.title)
        let shown = titlesKept(window)
        XCTAssertGreaterThanOrEqual(shown.count, kept - 1)
        for (position, title) in shown { XCTAssertEqual(title, titles[position], "row \(position)") }
        XCTAssertGreaterThan(frameCheck(of: window)?.frames ?? 0, 0)
    }
}
