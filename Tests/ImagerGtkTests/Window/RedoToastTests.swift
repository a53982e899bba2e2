import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// A redo of a change that showed a toast shows that toast again, with an Undo that undoes
/// the redone change: a delete, several deletes, Delete All, a paste and an import.
@MainActor
final class RedoToastTests: GtkTestCase {
    /// Undoes with Ctrl+Z (the toast goes), redoes with Ctrl+Shift+Z, and checks the toast is
    /// back saying `message` and that its Undo undoes the redone change.
    private func assertRedoShowsTheToastAgain(_ window: MainWindow, _ message: String,
                                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(window.toast.message, message, "the change's own toast", file: file, line: line)
        pump(seconds: 0.05)  // the frame that shows the change, before the next key
        let after = window.controller.chordsets.map(\.title)
        activate(.undo, in: window)
        XCTAssertFalse(window.toast.isShown, "the undo takes the toast away", file: file, line: line)
        let before = window.controller.chordsets.map(\.title)

        activate(.redo, in: window)
        XCTAssertEqual(window.controller.chordsets.map(\.title), after, file: file, line: line)
        XCTAssertTrue(window.toast.isShown, "the redo shows the toast again", file: file, line: line)
        XCTAssertEqual(window.toast.message, message, file: file, line: line)
        XCTAssertTrue(window.toast.undoButton.isVisible, "with its Undo", file: file, line: line)

        press(window.toast.undoButton)
        XCTAssertEqual(window.controller.chordsets.map(\.title), before, "the toast's Undo undoes the redone change",
                       file: file, line: line)
        // And once more: undone by the toast, redone by the key, the toast comes back again.
        activate(.redo, in: window)
        XCTAssertTrue(window.toast.isShown, "a second redo shows the toast too", file: file, line: line)
        XCTAssertEqual(window.toast.message, message, file: file, line: line)
    }

    func testRedoOfADeleteShowsItsToastAgain() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        window.delete(id: window.controller.chordsets[2].id)
        assertRedoShowsTheToastAgain(window, "“Forest” deleted")
    }

    func testRedoOfADeleteOfSeveralShowsItsToastAgain() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        window.list.select(rows: [0, 1])
        activate(.deleteChordset, in: window)
        assertRedoShowsTheToastAgain(window, "2 chordsets deleted")
    }

    func testRedoOfDeleteAllShowsItsToastAgain() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        activate(.deleteAll, in: window)
        pump(seconds: 0.3)
        let dialog = try XCTUnwrap(OpenMessages.all().first { OpenMessages.texts(of: $0).contains("Delete All Chordsets?") })
        OpenMessages.press("Delete All", in: dialog)
        pump(seconds: 0.5)  // a button activated shows itself pressed a moment, then clicks
        XCTAssertEqual(window.controller.count, 0)
        assertRedoShowsTheToastAgain(window, "All chordsets deleted")
    }

    func testRedoOfAPasteShowsItsToastAgain() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let chords = (0..<8).map { _ in ##"{"color": "#204060"}"## }.joined(separator: ", ")
        window.pasteChordsets(#"{"version": 1, "chordsets": [{"title": "Dusk", "chords": [\#(chords)]}]}"#)
        pump(seconds: 0.1)
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Dusk"])
        assertRedoShowsTheToastAgain(window, "Pasted “Dusk”")
    }

    func testRedoOfAnImportShowsItsToastAgain() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("gig.json")
        let chords = (0..<8).map { _ in ##"{"color": "#204060"}"## }.joined(separator: ", ")
        try Data(#"{"version": 1, "chordsets": [{"title": "Dusk", "chords": [\#(chords)]}, {"title": "Dawn", "chords": [\#(chords)]}]}"#.utf8)
            .write(to: file)
        window.importChordsets(from: file.path)
        XCTAssertTrue(pump(until: { window.toast.isShown && window.controller.count == 3 }, seconds: 10))
        assertRedoShowsTheToastAgain(window, "Imported 2 chordsets")
    }

    private func press(_ button: Widget) {
        pump(seconds: 0.3)
        gtk_widget_activate(button)
        pump(seconds: 0.4)
    }
}
