import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// A list that gets much shorter while the view is far down it (a search with few matches, a
/// large delete at the end) draws only its own rows afterwards, read from GTK's widget tree
/// (`ShownRows`), never the rows that were on screen before.
@MainActor
final class ShortenedListTests: GtkTestCase {
    private func scrolledToTheEnd(of count: Int) throws -> MainWindow {
        let window = makeWindow(try makeController(titles: (0..<count).map { "Starter \($0)" }))
        gtk_window_set_default_size(cgtk_window(window.window), 600, 500)
        pump(seconds: 0.2)
        window.list.scrollTo(position: count - 1)
        pump(seconds: 0.3)
        XCTAssertEqual(ShownRows.visible(in: window.list).last?.position, count - 1, "the view is at the end")
        return window
    }

    func testASearchWithFewMatchesFromFarDownDrawsOnlyTheMatches() async throws {
        let window = try scrolledToTheEnd(of: 240)
        activate(.find, in: window)
        window.search.setText("Starter 9")
        XCTAssertTrue(pump(until: { window.list.filter?.query == "Starter 9" }))
        pump(seconds: 0.3)

        XCTAssertEqual(window.list.rowCount, 11)
        XCTAssertNil(ShownRows.problem(in: window.list))
        XCTAssertEqual(ShownRows.visible(in: window.list).first?.title, "Starter 9")
    }

    func testDeletingAllButAFewFromTheEndDrawsOnlyWhatIsLeft() async throws {
        let window = try scrolledToTheEnd(of: 240)
        window.list.selectRows(11..<240)
        pump(seconds: 0.05)
        activate(.deleteChordset, in: window)
        pump(seconds: 0.3)

        XCTAssertEqual(window.controller.count, 11)
        XCTAssertNil(ShownRows.problem(in: window.list))
        XCTAssertEqual(ShownRows.visible(in: window.list).last?.title, "Starter 10")
        activate(.undo, in: window)
        pump(seconds: 0.3)
        XCTAssertNil(ShownRows.problem(in: window.list))
    }
}
