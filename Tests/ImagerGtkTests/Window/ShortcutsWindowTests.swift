import CAdw
import CGtk
@testable import ImagerGtk
import XCTest

/// The Keyboard Shortcuts window: its groups in their order, keys drawn as keycaps and read
/// out as GTK names them.
@MainActor
final class ShortcutsWindowTests: GtkTestCase {
    func testTheGroupsComeInTheirOrderWithTheListsKeysFirst() {
        XCTAssertEqual(ShortcutsWindow.sections.map(\.title),
                       ["Chordsets", "Order", "Editing", "Files", "General", "Moving Around", "Perform", "Chord Editor"])
        XCTAssertEqual(ShortcutsWindow.sections.first?.shortcuts.first,
                       ShortcutsWindow.Shortcut(title: "New Chordset", keys: "<Control>n"))
        XCTAssertTrue(ShortcutsWindow.sections.allSatisfy { !$0.shortcuts.isEmpty })
    }

    func testKeysAreDrawnModifiersFirstAndReadAsGTKNamesThem() {
        XCTAssertEqual(ShortcutsWindow.keycaps("<Control><Shift>z").map(\.printed), ["Ctrl", "Shift", "Z"])
        XCTAssertEqual(ShortcutsWindow.keycaps("Up").map(\.printed), ["↑"])
        XCTAssertEqual(ShortcutsWindow.keycaps("Up").map(\.spoken), ["Up"])
        XCTAssertEqual(ShortcutsWindow.spokenKeys("<Control><Shift>z <Control>y"), "Ctrl+Shift+Z or Ctrl+Y")
        XCTAssertEqual(ShortcutsWindow.spokenKeys("1...8"), "1 to 8")
        XCTAssertEqual(ShortcutsWindow.spokenKeys("Page_Up Page_Down"), "Page Up or Page Down")
    }

    func testPerformsBlackoutKeysAreListed() async throws {
        let perform = try XCTUnwrap(ShortcutsWindow.sections.first { $0.title == "Perform" })
        XCTAssertTrue(perform.shortcuts.contains(ShortcutsWindow.Shortcut(title: "Fade to Black or Back", keys: "b")))
        XCTAssertTrue(perform.shortcuts.contains(ShortcutsWindow.Shortcut(title: "Cut to Black or Back", keys: "<Shift>b")))
        XCTAssertEqual(ShortcutsWindow.spokenKeys("<Shift>b"), "Shift+B")
    }

    /// Ctrl+? opens it with every group, in order, and keys drawn as keycaps. (Its width over
    /// a phone-narrow window is measured on the screen, in Tests/EndToEnd/test_narrow_windows.py.)
    func testCtrlQuestionOpensItWithEveryGroupInOrder() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        activate(.showShortcuts, in: window)
        XCTAssertTrue(pump(until: { self.shortcutsWindow() != nil }), "Ctrl+? opens the window")
        let shortcuts = try XCTUnwrap(shortcutsWindow())
        defer { gtk_window_destroy(cgtk_window(shortcuts)) }
        let texts = labels(under: shortcuts)
        var last = -1
        for section in ShortcutsWindow.sections {
            let index = try XCTUnwrap(texts[(last + 1)...].firstIndex(of: section.title), "\(section.title) is shown after the group before it")
            for shortcut in section.shortcuts {
                XCTAssertNotNil(texts[index...].firstIndex(of: shortcut.title), "\(shortcut.title) is in \(section.title)")
            }
            last = index
        }
        XCTAssertTrue(texts.contains("Ctrl"), "keys are drawn as keycaps")
    }

    private func shortcutsWindow() -> Widget? {
        let toplevels = gtk_window_get_toplevels()!
        for index in 0..<g_list_model_get_n_items(toplevels) {
            let object = g_list_model_get_item(toplevels, index)!
            defer { g_object_unref(object) }
            let widget = UnsafeMutablePointer<GtkWidget>(OpaquePointer(object))
            if let title = gtk_window_get_title(cgtk_window(widget)), String(cString: title) == "Keyboard Shortcuts" {
                return widget
            }
        }
        return nil
    }

    /// The text of every label under `widget`, in the order they are drawn.
    private func labels(under widget: Widget) -> [String] {
        var found: [String] = []
        if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_label_get_type()) != 0 {
            found.append(String(cString: gtk_label_get_text(cgtk_label(widget))))
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found += labels(under: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }
}
