import CGtk
import ImagerCore
import ImagerGLib
@testable import ImagerGtk
import XCTest

@MainActor
final class MainWindowTests: GtkTestCase {
    func testAddChordsetAppendsARowAndPutsItsTitleIntoEditing() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))

        activate(.addChordset, in: window)

        XCTAssertEqual(window.controller.count, 3)
        XCTAssertEqual(window.list.model.count, 3)
        XCTAssertEqual(window.list.selectedPosition, 2)
        XCTAssertTrue(pump(until: { window.list.boundRow(at: 2)?.title.isEditing == true }),
                      "the new row's title should be in editing")
        XCTAssertEqual(shownTitles(window)[2], Chordset.defaultTitle)
    }

    /// Ctrl+N twice, the second before the first new title has the keyboard focus (it waits
    /// for its row to show whole, a frame or more): only the second title stays open, and
    /// the first row shows its title as a label, as after any other edit that ended.
    func testASecondAddBeforeTheFirstTitleHasTheFocusLeavesOnlyTheSecondOpen() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))

        for _ in 0..<2 { g_action_group_activate_action(OpaquePointer(window.window), WindowAction.addChordset.name, nil) }

        XCTAssertTrue(pump(until: { window.list.boundRow(at: 3)?.title.hasFocus == true }),
                      "the second new title should open and take the focus")
        pump(seconds: 0.1)
        let editing = window.list.boundRows.filter { $0.title.isEditing }.compactMap(\.position)
        XCTAssertEqual(editing, [3], "only the second new title should be open")
        XCTAssertEqual(shownTitles(window)[2], Chordset.defaultTitle)
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Ocean", Chordset.defaultTitle, Chordset.defaultTitle])
    }

    /// What was typed into the first new title before the second Ctrl+N is its title.
    func testASecondAddKeepsWhatWasTypedIntoTheFirstTitle() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        let add = { g_action_group_activate_action(OpaquePointer(window.window), WindowAction.addChordset.name, nil) }

        add()
        let first = try XCTUnwrap(window.list.titleAwaitingFocus, "the first new title waits for the focus")
        first.typeAhead("Gig one")
        add()

        XCTAssertTrue(pump(until: { window.list.boundRow(at: 3)?.title.hasFocus == true }),
                      "the second new title should open and take the focus")
        pump(seconds: 0.1)
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Ocean", "Gig one", Chordset.defaultTitle])
        XCTAssertEqual(shownTitles(window)[2], "Gig one")
    }

    func testCommittingAnEditedTitleRenamesTheChordset() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        let row = try XCTUnwrap(window.list.boundRow(at: 1))

        row.title.startEditing()
        row.title.replaceEnteredText("  Deep Sea ")
        row.title.commit()
        pump(seconds: 0.05)

        XCTAssertEqual(window.controller.chordsets[1].title, "Deep Sea")
        XCTAssertEqual(shownTitles(window)[1], "Deep Sea")
        XCTAssertEqual(window.controller.undoName, "Rename")
    }

    func testCancellingAnEditKeepsTheTitle() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let row = try XCTUnwrap(window.list.boundRow(at: 0))

        row.title.startEditing()
        row.title.replaceEnteredText("Cold")
        row.title.cancel()

        XCTAssertEqual(window.controller.chordsets[0].title, "Warm")
        XCTAssertEqual(row.title.text, "Warm")
        XCTAssertFalse(window.controller.canUndo)
    }

    func testDeleteActionRemovesTheSelectedRowAndOffersUndo() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        window.list.select(position: 1)

        activate(.deleteChordset, in: window)

        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Forest"])
        XCTAssertEqual(window.list.model.count, 2)
        XCTAssertEqual(shownTitles(window), [0: "Warm", 1: "Forest"])
        XCTAssertTrue(window.toast.isShown)
        XCTAssertEqual(window.toast.message, "“Ocean” deleted")

        activate(.undo, in: window)

        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Ocean", "Forest"])
        XCTAssertEqual(window.list.model.count, 3)
        XCTAssertEqual(shownTitles(window), [0: "Warm", 1: "Ocean", 2: "Forest"])

        activate(.redo, in: window)
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Forest"])
    }

    func testTheSwipedDeleteButtonDeletesItsOwnRow() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        let row = try XCTUnwrap(window.list.boundRow(at: 2))

        row.swipe.open()
        pump(seconds: 0.3)
        XCTAssertTrue(row.swipe.isOpen)
        // A button activated from the keyboard emits clicked after a short press animation.
        gtk_widget_activate(try XCTUnwrap(deleteButton(of: row)))
        pump(until: { window.controller.count == 2 })

        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Ocean"])
        XCTAssertEqual(window.toast.message, "“Forest” deleted")
    }

    func testTheEmptyStateShowsWithoutChordsets() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        XCTAssertEqual(visiblePage(window), "list")

        window.list.select(position: 0)
        activate(.deleteChordset, in: window)
        XCTAssertEqual(visiblePage(window), "empty")

        activate(.undo, in: window)
        XCTAssertEqual(visiblePage(window), "list")
    }

    func testActionsAreEnabledOnlyWhenTheyApply() async throws {
        let window = makeWindow(try makeController(titles: []))
        XCTAssertFalse(isEnabled(.undo, window))
        XCTAssertFalse(isEnabled(.deleteAll, window))
        XCTAssertFalse(isEnabled(.deleteChordset, window))

        activate(.addChordset, in: window)

        XCTAssertTrue(isEnabled(.undo, window))
        XCTAssertFalse(isEnabled(.redo, window))
        XCTAssertTrue(isEnabled(.deleteAll, window))
        XCTAssertTrue(isEnabled(.deleteChordset, window))
    }

    func testAColourChangeRedrawsOnlyItsCell() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        let id = window.controller.chordsets[1].id
        let orange = try XCTUnwrap(RGBAColor(hex: "#E99057"))

        window.controller.setColor(orange, slot: 2, of: id)

        let row = try XCTUnwrap(window.list.boundRow(at: 1))
        XCTAssertEqual(row.cells[2].color, orange)
        XCTAssertEqual(ChordCell.accessibleLabel(slot: 2, color: orange), "Chord 3: orange, #E99057")
    }

    func testEveryActionHasItsNameAndTheShortcutsWindowListsEveryKey() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        for action in WindowAction.allCases where action.group == .window {
            XCTAssertNotNil(window.actions[action], "\(action.detailedName) is not installed")
        }
        XCTAssertEqual(WindowAction.showShortcuts.accelerators, ["<Control>question"])
        // Every key is listed, the row menu's two and GTK's own F10 among them.
        let listed = ShortcutsWindow.sections.flatMap(\.shortcuts).flatMap { $0.keys.split(separator: " ").map(String.init) }
        for accelerator in WindowAction.allCases.flatMap(\.accelerators).filter({ !$0.contains("KP_") }) + ["F10", "Tab", "Home", "End"] {
            XCTAssertTrue(listed.contains(accelerator), "\(accelerator) is not in the shortcuts window")
        }
    }

    func testTheSubtitleCountsTheChordsetsAndWhatASearchShows() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        XCTAssertEqual(window.windowTitle.subtitleText, "3 chordsets")
        window.delete(id: window.controller.chordsets[0].id)
        window.delete(id: window.controller.chordsets[0].id)
        pump(seconds: 0.1)
        XCTAssertEqual(window.windowTitle.subtitleText, "1 chordset")
        activate(.undo, in: window)
        pump(seconds: 0.1)
        activate(.find, in: window)
        window.applySearch("oce")
        pump(seconds: 0.1)
        XCTAssertEqual(window.windowTitle.subtitleText, "1 of 2 chordsets")
    }

    // MARK: Reaching into rows

    private func deleteButton(of row: ChordsetRow) -> Widget? {
        // The row's first child is the layer under the title and cells; the button is in it.
        gtk_widget_get_first_child(gtk_widget_get_first_child(row.widget))
    }

    private func visiblePage(_ window: MainWindow) -> String? {
        let stack = gtk_widget_get_ancestor(window.list.scrolledWindow, gtk_stack_get_type())!
        return gtk_stack_get_visible_child_name(cgtk_stack(stack)).map { String(cString: $0) }
    }

    private func isEnabled(_ action: WindowAction, _ window: MainWindow) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(window.window), action.name) != 0
    }
}
