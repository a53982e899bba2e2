import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Undo selects what it brings back, and scrolls to it (MainWindow+UndoInSight).
@MainActor
final class UndoInSightTests: GtkTestCase {
    func testUndoingADeleteOfSeveralRowsSelectsExactlyThoseRows() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest", "Sunset", "Pastel"]))
        window.list.select(ids: [window.controller.chordsets[1].id, window.controller.chordsets[3].id])
        activate(.deleteChordset, in: window)
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Forest", "Pastel"])

        activate(.undo, in: window)

        XCTAssertEqual(window.list.selectedChordsets.map(\.title), ["Ocean", "Sunset"])
    }

    func testRedoingAnAddSelectsTheAddedRow() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        window.list.select(position: 0)
        activate(.duplicateChordset, in: window)
        window.list.commitEditing()
        activate(.undo, in: window)
        window.list.select(position: 1)

        activate(.redo, in: window)

        XCTAssertEqual(window.list.selectedChordsets.map(\.title), ["Warm (Copy)"])
    }

    func testUndoingDeleteAllOfMoreRowsThanASelectionCarriesSelectsTheFirstOnly() async throws {
        let count = ChordsetList.carryLimit + 5
        let window = makeWindow(try makeController(titles: (1...count).map { "Set \($0)" }))
        window.controller.deleteAll()
        pump(seconds: 0.05)

        activate(.undo, in: window)

        XCTAssertEqual(window.controller.count, count)
        XCTAssertEqual(window.list.selectedChordsets.map(\.title), ["Set 1"])
    }
}
