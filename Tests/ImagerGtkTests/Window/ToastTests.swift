import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

@MainActor
final class ToastTests: GtkTestCase {
    /// A sentence that says why something could not be done reads whole, on up to three
    /// lines; only a message longer than that is cut (in its middle, so its end stays).
    func testALongMessageWrapsOnUpToThreeLinesAndOnlyALongerOneLosesItsMiddle() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let layout = { gtk_label_get_layout(cgtk_label(window.toast.label))! }

        let sentence = "1,209 chordsets selected: a copy takes up to 1,000, Export Selected… takes them all"
        window.toast.show(sentence, offersUndo: false)
        pump(seconds: 0.3)
        XCTAssertEqual(window.toast.message, sentence)
        XCTAssertEqual(pango_layout_is_ellipsized(layout()), 0, "the whole sentence shows")
        XCTAssertGreaterThan(pango_layout_get_line_count(layout()), 1)

        let title = (0..<80).map { "word\($0)" }.joined(separator: " ")
        window.toast.show("“\(title)” deleted", offersUndo: false)
        pump(seconds: 0.3)
        XCTAssertNotEqual(pango_layout_is_ellipsized(layout()), 0)
        XCTAssertLessThanOrEqual(pango_layout_get_line_count(layout()), 3)
    }

    func testTheToastsUndoUndoesTheDeleteItNames() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        window.delete(id: window.controller.chordsets[0].id)
        XCTAssertEqual(window.toast.message, "“Warm” deleted")

        press(window.toast.undoButton)

        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Ocean"])
        XCTAssertFalse(window.toast.isShown)
    }

    func testAfterControlZTheToastGoesAndItsUndoUndoesNothingElse() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        window.controller.rename(id: window.controller.chordsets[1].id, to: "Sea")
        window.delete(id: window.controller.chordsets[0].id)
        XCTAssertTrue(window.toast.isShown)
        pump(seconds: 0.05)  // the frame that shows the delete, before the next key

        activate(.undo, in: window)
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Sea"])
        XCTAssertFalse(window.toast.isShown, "the change the toast names is undone")

        // Even if the button were still pressed, it must not undo the earlier rename.
        press(window.toast.undoButton)
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Sea"])
    }

    func testAToastWhoseChangeIsNoLongerTheLastGoes() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        window.delete(id: window.controller.chordsets[0].id)
        window.controller.rename(id: window.controller.chordsets[0].id, to: "Sea")
        pump(seconds: 0.1)

        XCTAssertFalse(window.toast.isShown, "its Undo could no longer undo just the delete")
        press(window.toast.undoButton)
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Sea"])
    }

    /// As Enter on the focused button does: GTK shows it pressed, then emits "clicked".
    private func press(_ button: Widget) {
        pump(seconds: 0.3)
        gtk_widget_activate(button)
        pump(seconds: 0.4)
    }

    /// A toast that replaces one still on its way out, then goes at once (two deletes and a
    /// Ctrl+Z in quick succession): libadwaita 1.2 would read a freed toast once the first
    /// finished going (`RunningVersions.toastsMustFinishShowing`), and the app would crash.
    func testAToastThatReplacesAnotherAndGoesAtOnceLeavesTheWindowWhole() async throws {
        // Freed memory is overwritten at once, so that reading it fails every time.
        _ = glibcMallopt(-6 /* M_PERTURB */, 0x5A)
        defer { _ = glibcMallopt(-6, 0) }
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest", "Sunset"]))
        for _ in 0..<3 {
            window.delete(id: window.controller.chordsets[0].id)
            pump(seconds: 0.35)  // shown
            window.delete(id: window.controller.chordsets[0].id)
            pump(seconds: 0.05)  // replacing the first, which is on its way out
            activate(.undo, in: window)
            XCTAssertFalse(window.toast.isShown)
            pump(seconds: 0.7)  // every toast's animation has ended
            activate(.undo, in: window)
        }
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Ocean", "Forest", "Sunset"])
        window.toast.show("Still here", offersUndo: false)
        pump(seconds: 0.4)
        XCTAssertEqual(window.toast.message, "Still here")
    }
}

/// glibc's `mallopt` (its header is not in Swift's Glibc module).
@_silgen_name("mallopt") private func glibcMallopt(_ option: Int32, _ value: Int32) -> Int32
