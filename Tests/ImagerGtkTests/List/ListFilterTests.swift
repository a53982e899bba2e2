import ImagerCore
@testable import ImagerGtk
import XCTest

/// The rows a search shows follow the list's changes in place (`ListFilter.follow`).
@MainActor
final class ListFilterTests: XCTestCase {
    /// Shown: chordsets 1, 4, 6 and 9 of ten.
    func filter() -> ListFilter { ListFilter(query: "x", shown: [1, 4, 6, 9]) }

    func testAMoveBetweenShownRowsIsAMoveOfRows() async {
        var filter = filter()
        // Chordset 4 moves to index 8 (after 9 has slid down to 8 it stands before it).
        XCTAssertEqual(filter.follow(.moved(from: 4, to: 8)), .moved(from: 1, to: 2))
        XCTAssertEqual(filter.shown, [1, 5, 8, 9])
    }

    func testAHiddenChordsetMovedIsShownWhereItLands() async {
        var filter = filter()
        XCTAssertEqual(filter.follow(.moved(from: 2, to: 0)), .inserted(index: 0, count: 1))
        XCTAssertEqual(filter.shown, [0, 2, 4, 6, 9])
    }

    func testAMoveUpPastShownRows() async {
        var filter = filter()
        XCTAssertEqual(filter.follow(.moved(from: 9, to: 2)), .moved(from: 3, to: 1))
        XCTAssertEqual(filter.shown, [1, 2, 5, 7])
    }
}
