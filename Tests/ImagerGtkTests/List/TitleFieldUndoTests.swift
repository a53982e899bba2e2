import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Ctrl+Z in a title being typed takes back the typing, back to the title the field opened
/// with, and no further: not to an empty field, nor to a title typed for another row.
@MainActor
final class TitleFieldUndoTests: GtkTestCase {
    func testUndoInTheFieldGoesBackToTheTitleItOpenedWith() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        // An edit of another row first.
        let first = try XCTUnwrap(window.list.boundRow(at: 0))
        first.title.startEditing()
        first.title.typeAhead("Hot")
        first.title.commit()
        pump(seconds: 0.05)

        for position in [1, 0] {
            let row = try XCTUnwrap(window.list.boundRow(at: position))
            let opened = window.controller.chordsets[position].title
            row.title.startEditing()
            let text = try XCTUnwrap(Self.textField(in: row.widget))
            gtk_editable_set_position(cgtk_editable(text), -1)
            row.title.typeAhead("abc")
            XCTAssertEqual(row.title.enteredText, opened + "abc")

            // What Ctrl+Z does in the field, as many times as a person might press it.
            for _ in 0..<3 { _ = gtk_widget_activate_action_variant(text, "text.undo", nil) }

            XCTAssertEqual(row.title.enteredText, opened, "undo in the field of “\(opened)”")
            row.title.cancel()
        }
    }

    /// The GtkText under `widget` that is shown: the field that takes the keys.
    static func textField(in widget: Widget) -> Widget? {
        if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_text_get_type()) != 0,
           gtk_widget_is_visible(widget) != 0 { return widget }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let found = textField(in: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}
