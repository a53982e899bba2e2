import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Duplicate, Move Up and Move Down from the window: through their actions (what the row
/// menu and the keys activate), with undo and redo.
@MainActor
final class ArrangingTests: GtkTestCase {
    func titles(_ window: MainWindow) -> [String] { window.controller.chordsets.map(\.title) }

    func isEnabled(_ action: WindowAction, in window: MainWindow) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(window.window), action.name) != 0
    }

    /// The row that has the keyboard focus, by position.
    func focusedPosition(_ window: MainWindow) -> Int? {
        window.list.boundRows.first { $0.containsFocus }?.position
    }

    func testDuplicateInsertsACopyAfterTheSelectedRowAndEditsItsTitle() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        window.list.select(position: 0)
        let original = window.controller.chordsets[0]

        activate(.duplicateChordset, in: window)

        XCTAssertEqual(titles(window), ["Warm", "Warm (Copy)", "Ocean", "Forest"])
        XCTAssertEqual(window.controller.chordsets[1].chords, original.chords)
        XCTAssertNotEqual(window.controller.chordsets[1].id, original.id)
        XCTAssertEqual(window.list.model.count, 4)
        XCTAssertEqual(window.list.selectedPosition, 1)
        XCTAssertTrue(pump(until: { window.list.boundRow(at: 1)?.title.isEditing == true }),
                      "the copy's title should be in editing")
        XCTAssertEqual(window.list.boundRow(at: 1)?.title.enteredText, "Warm (Copy)")

        window.list.commitEditing()
        activate(.undo, in: window)
        XCTAssertEqual(titles(window), ["Warm", "Ocean", "Forest"])
        XCTAssertEqual(shownTitles(window), [0: "Warm", 1: "Ocean", 2: "Forest"])
        activate(.redo, in: window)
        XCTAssertEqual(titles(window), ["Warm", "Warm (Copy)", "Ocean", "Forest"])
    }

    func testMoveDownMovesTheSelectedRowAndKeepsItSelectedAndFocused() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        window.list.focus(position: 0)
        pump(seconds: 0.1)

        activate(.moveDown, in: window)
        XCTAssertEqual(titles(window), ["Ocean", "Warm", "Forest"])
        XCTAssertEqual(window.list.selectedPosition, 1)
        XCTAssertTrue(pump(until: { self.focusedPosition(window) == 1 }), "the moved row keeps the focus")

        activate(.moveDown, in: window)
        XCTAssertEqual(titles(window), ["Ocean", "Forest", "Warm"])
        XCTAssertEqual(shownTitles(window), [0: "Ocean", 1: "Forest", 2: "Warm"])
        XCTAssertFalse(isEnabled(.moveDown, in: window), "the last row cannot go down")
        XCTAssertTrue(isEnabled(.moveUp, in: window))

        activate(.undo, in: window)
        XCTAssertEqual(titles(window), ["Ocean", "Warm", "Forest"])
        XCTAssertEqual(window.controller.undoName, "Move")
        activate(.undo, in: window)
        XCTAssertEqual(titles(window), ["Warm", "Ocean", "Forest"])
        activate(.redo, in: window)
        XCTAssertEqual(titles(window), ["Ocean", "Warm", "Forest"])
    }

    func testMoveUpOnTheFirstRowDoesNothing() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        window.list.select(position: 0)
        pump(seconds: 0.05)
        XCTAssertFalse(isEnabled(.moveUp, in: window))

        // Straight to the behaviour, as a key pressed before the state updated would.
        window.perform(.moveUp)
        XCTAssertEqual(titles(window), ["Warm", "Ocean"])
        XCTAssertFalse(window.controller.canUndo)

        window.list.select(position: 1)
        pump(seconds: 0.05)
        XCTAssertTrue(isEnabled(.moveUp, in: window))
        activate(.moveUp, in: window)
        XCTAssertEqual(titles(window), ["Ocean", "Warm"])
    }

    func testTheRowMenuOffersDuplicateAndMoving() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        var found: [String: String] = [:]
        collectItems(of: window.list.rowMenuModel, into: &found)
        XCTAssertEqual(found["Duplicate"], WindowAction.duplicateChordset.detailedName)
        XCTAssertEqual(found["Move Up"], WindowAction.moveUp.detailedName)
        XCTAssertEqual(found["Move Down"], WindowAction.moveDown.detailedName)
    }

    func testTheShortcutsWindowListsTheNewKeys() async throws {
        let keys = ShortcutsWindow.sections.flatMap(\.shortcuts).map(\.keys)
        XCTAssertTrue(keys.contains("<Control>d"))
        XCTAssertTrue(keys.contains("<Alt>Up"))
        XCTAssertTrue(keys.contains("<Alt>Down"))
    }

    /// Labels and actions of a menu and its sections.
    private func collectItems(of model: UnsafeMutablePointer<GMenuModel>, into found: inout [String: String]) {
        for index in 0..<g_menu_model_get_n_items(model) {
            if let section = g_menu_model_get_item_link(model, index, "section") {
                collectItems(of: section, into: &found)
                g_object_unref(UnsafeMutableRawPointer(section))
                continue
            }
            var label: UnsafeMutablePointer<gchar>?
            var action: UnsafeMutablePointer<gchar>?
            guard let labelValue = g_menu_model_get_item_attribute_value(model, index, "label", nil),
                  let actionValue = g_menu_model_get_item_attribute_value(model, index, "action", nil) else { continue }
            label = g_variant_dup_string(labelValue, nil)
            action = g_variant_dup_string(actionValue, nil)
            g_variant_unref(labelValue)
            g_variant_unref(actionValue)
            if let label, let action { found[String(cString: label)] = String(cString: action) }
            g_free(label)
            g_free(action)
        }
    }
}
