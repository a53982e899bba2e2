import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// The chord editor over a real window and controller: each action changes the chord's
/// lumis through the controller, as one undo step (a whole drag too), and Ctrl+Z inside the
/// editor takes it back.
@MainActor
final class ChordEditorTests: GtkTestCase {
    private func openEditor(slot: Int = 2) throws -> (MainWindow, ChordEditor, UUID) {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        let id = window.controller.chordsets[0].id
        window.editChord(id: id, slot: slot)
        pump(seconds: 0.2)
        let editor = try XCTUnwrap(window.chordEditor)
        // The editor starts in select mode; these tests add lumis with clicks.
        editor.controls.onTool(.add(.circle))
        return (window, editor, id)
    }

    private func stored(_ window: MainWindow, _ id: UUID, slot: Int = 2) -> [Lumi] {
        window.controller.lumis(of: id)[slot]
    }

    func testClickingACellOpensTheEditorForThatChord() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let row = try XCTUnwrap(window.list.boundRow(at: 0))
        row.chords.onActivate(4)
        pump(seconds: 0.2)
        let editor = try XCTUnwrap(window.chordEditor)
        XCTAssertEqual(editor.slot, 4)
        XCTAssertEqual(String(cString: gtk_window_get_title(cgtk_window(editor.window))), "Chord 5 of “Warm”")
        editor.close()
        pump(seconds: 0.1)
        XCTAssertNil(window.chordEditor, "closing the editor lets it go")
    }

    func testTheEditorOpensWithTheSelectToolAndAnEmptyClickAddsNothing() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let id = window.controller.chordsets[0].id
        window.editChord(id: id, slot: 2)
        pump(seconds: 0.2)
        let editor = try XCTUnwrap(window.chordEditor)
        XCTAssertEqual(editor.state.tool, .select)
        editor.canvas.onClick(CanvasPoint(x: 0.3, y: 0.6))
        XCTAssertEqual(stored(window, id), [], "a click on empty canvas in select mode adds nothing")
        XCTAssertEqual(gtk_widget_get_sensitive(editor.controls.colorButton), 0, "Colour… has no lumi to colour")
        editor.controls.onTool(.add(.triangle))
        editor.canvas.onClick(CanvasPoint(x: 0.3, y: 0.6))
        XCTAssertEqual(stored(window, id).map(\.shape), [.triangle])
        XCTAssertEqual(gtk_widget_get_sensitive(editor.controls.colorButton), 1)
    }

    func testAClickAddsALumiThatTheCellShowsAndUndoRemoves() async throws {
        let (window, editor, id) = try openEditor()
        editor.controls.onTool(.add(.star))
        editor.canvas.onClick(CanvasPoint(x: 0.3, y: 0.6))
        let added = stored(window, id)
        XCTAssertEqual(added.count, 1)
        XCTAssertEqual(added.first?.shape, .star)
        XCTAssertEqual(window.controller.undoName, "Edit Chord")
        let row = try XCTUnwrap(window.list.boundRow(at: 0))
        XCTAssertEqual(row.cells[2].lumis, added, "the list's cell shows the new lumi at once")
        XCTAssertEqual(LumiList.describe(added[0]), "Star, #FFE9A8, glow 50%, at 30%, 60%")

        editor.undo()
        XCTAssertEqual(stored(window, id), [])
        XCTAssertEqual(editor.state.lumis, [])
        editor.redo()
        XCTAssertEqual(stored(window, id), added)
        XCTAssertEqual(editor.state.lumis, added)
    }

    func testAWholeDragIsOneUndoStep() async throws {
        let (window, editor, id) = try openEditor()
        editor.canvas.onClick(CanvasPoint(x: 0.5, y: 0.5))
        let original = try XCTUnwrap(stored(window, id).first)
        XCTAssertTrue(editor.canvas.onDragBegin(CanvasPoint(x: 0.5, y: 0.5), false, 0.02))
        for step in 1...10 {
            editor.canvas.onDragUpdate(CanvasPoint(x: 0.5 + Double(step) * 0.02, y: 0.5))
        }
        editor.canvas.onDragEnd()
        XCTAssertEqual(try XCTUnwrap(stored(window, id).first).x, 0.7, accuracy: 1e-9)

        editor.undo()
        XCTAssertEqual(stored(window, id), [original], "one undo takes back the whole drag")
        editor.undo()
        XCTAssertEqual(stored(window, id), [], "and the next one the click that added it")
    }

    func testKeysMoveResizeRotateAndDeleteEachAsOneStep() async throws {
        let (window, editor, id) = try openEditor()
        editor.canvas.onClick(CanvasPoint(x: 0.5, y: 0.5))
        let original = try XCTUnwrap(stored(window, id).first)

        XCTAssertTrue(editor.canvas.onKey(.move(dx: 1, dy: 0, big: true)))
        XCTAssertTrue(editor.canvas.onKey(.resize(grow: true)))
        XCTAssertTrue(editor.canvas.onKey(.rotate(clockwise: true)))
        let changed = try XCTUnwrap(stored(window, id).first)
        XCTAssertEqual(changed.x, 0.6, accuracy: 1e-9)
        XCTAssertEqual(changed.size, original.size * 1.1, accuracy: 1e-9)
        XCTAssertEqual(changed.rotation, 15)
        XCTAssertTrue(editor.canvas.onKey(.delete))
        XCTAssertEqual(stored(window, id), [])

        editor.undo()
        XCTAssertEqual(stored(window, id), [changed])
        editor.undo()
        XCTAssertEqual(stored(window, id).first?.rotation, 0)
        editor.undo()
        XCTAssertEqual(stored(window, id).first?.size, original.size)
        editor.undo()
        XCTAssertEqual(stored(window, id), [original])
    }

    func testGlowChangesToOneLumiFoldIntoOneStepAndRaiseLowerReorder() async throws {
        let (window, editor, id) = try openEditor()
        editor.canvas.onClick(CanvasPoint(x: 0.2, y: 0.2))
        editor.canvas.onClick(CanvasPoint(x: 0.8, y: 0.8))
        let both = stored(window, id)
        XCTAssertEqual(both.count, 2)
        let first = both[0], second = both[1]
        XCTAssertEqual(editor.state.selectedID, second.id)
        for glow in [0.55, 0.65, 0.75, 0.85, 0.95] { editor.controls.onGlow(glow) }
        XCTAssertEqual(try XCTUnwrap(stored(window, id).last).glow, 0.95, accuracy: 1e-9)
        editor.undo()
        XCTAssertEqual(stored(window, id).map(\.glow), [first.glow, second.glow], "the glow slide is one step")

        editor.controls.onLower()
        XCTAssertEqual(stored(window, id).map(\.id), [second.id, first.id])
        editor.controls.onRaise()
        XCTAssertEqual(stored(window, id).map(\.id), [first.id, second.id])
        editor.controls.onDelete()
        XCTAssertEqual(stored(window, id).map(\.id), [first.id])
    }

    func testTheListOfLumisSelectsOnTheCanvasAndNamesEachLumi() async throws {
        let (window, editor, id) = try openEditor()
        editor.canvas.onClick(CanvasPoint(x: 0.2, y: 0.2))
        editor.canvas.onClick(CanvasPoint(x: 0.8, y: 0.8))
        let first = try XCTUnwrap(stored(window, id).first)
        editor.lumiList.onSelect(first.id)
        XCTAssertEqual(editor.state.selectedID, first.id)
        XCTAssertEqual(editor.canvas.selected, first)
        // Topmost first: the second lumi added is drawn on top, so it leads the list.
        let firstRow = try XCTUnwrap(gtk_list_box_get_row_at_index(cgtk_list_box(editor.lumiList.listBox), 1))
        XCTAssertNotEqual(gtk_list_box_row_is_selected(firstRow), 0)
    }

    /// The text a row of the lumi list shows, read from its label (after the swatch and icon).
    private func rowText(_ editor: ChordEditor, _ index: Int32) throws -> String {
        let row = try XCTUnwrap(gtk_list_box_get_row_at_index(cgtk_list_box(editor.lumiList.listBox), index))
        let content = try XCTUnwrap(gtk_list_box_row_get_child(row))
        let label = try XCTUnwrap(gtk_widget_get_last_child(content))
        return String(cString: gtk_label_get_text(cgtk_label(label)))
    }

    func testTheListOfLumisSaysInWordsWhatEachLumiIsAndKeepsTheHexInTheTooltip() async throws {
        let (window, editor, id) = try openEditor()
        editor.controls.onTool(.add(.star))
        editor.canvas.onClick(CanvasPoint(x: 0.3, y: 0.6))
        editor.controls.onTool(.add(.circle))
        editor.canvas.onClick(CanvasPoint(x: 0.9, y: 0.1))
        editor.controls.onGlow(0)
        pump(seconds: 0.1)
        XCTAssertEqual(stored(window, id).map(\.shape), [.star, .circle])
        // Topmost first: the circle, drawn last, leads.
        XCTAssertEqual(try rowText(editor, 0), "Circle · light yellow · hard edge · top right")
        XCTAssertEqual(try rowText(editor, 1), "Star · light yellow · soft glow · centre left")
        let starRow = try XCTUnwrap(gtk_list_box_get_row_at_index(cgtk_list_box(editor.lumiList.listBox), 1))
        let tooltip = try XCTUnwrap(gtk_widget_get_tooltip_text(UnsafeMutableRawPointer(starRow).assumingMemoryBound(to: GtkWidget.self)))
        XCTAssertEqual(String(cString: tooltip), "Star, #FFE9A8, glow 50%, at 30%, 60%")
    }

    func testTheEditorChangesNothingInAReadOnlyWindow() async throws {
        let store = ChordsetStore.inMemory()
        try store.append([Chordset.random(title: "Warm")])
        let controller = try ChordsetController(store: store, readOnly: true)
        let window = makeWindow(controller)
        window.editChord(id: controller.chordsets[0].id, slot: 0)
        pump(seconds: 0.2)
        let editor = try XCTUnwrap(window.chordEditor)
        editor.canvas.onClick(CanvasPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(controller.lumis(of: controller.chordsets[0].id)[0], [])
        XCTAssertEqual(editor.state.lumis, [], "the editor shows what is really there")
    }
}
