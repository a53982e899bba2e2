import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Keys typed after Ctrl+N before the new row's title field exists (the list must first
/// make the row, far below): they land in the field as they would had it been open, with its
/// title selected, from the start.
@MainActor
final class TitleTypeAheadTests: GtkTestCase {
    /// Long enough that the row added at the end is not bound when it is added.
    private static let titles = (0..<400).map { "Chordset \($0)" }

    /// Adds a chordset, types `keys` (keyvals) before its title opens, and returns the field's
    /// text once it has opened, and whether it is still open.
    private func typedAhead(_ keys: [Int32]) throws -> (text: String, editing: Bool) {
        let (window, added) = try addedFarBelow()
        for key in keys { XCTAssertTrue(press(UInt32(key), in: window), "the key was kept") }
        window.list.scrollToRow(added)
        XCTAssertTrue(pump(until: { window.list.boundRow(at: added)?.title.hasFocus == true }), "the title opened")
        let title = try XCTUnwrap(window.list.boundRow(at: added)?.title)
        return (title.enteredText, title.isEditing)
    }

    /// A window with a chordset just added far below the rows GTK has made, as Ctrl+N leaves
    /// it (`editRow`): the title opens when GTK binds the row, once the list has scrolled to
    /// it. (GTK 4.8 here binds it during the scroll, so the scroll waits for the keys.)
    private func addedFarBelow() throws -> (window: MainWindow, added: Int) {
        let window = makeWindow(try makeController(titles: Self.titles))
        window.controller.add()
        let added = window.controller.count - 1
        XCTAssertNil(window.list.boundRow(at: added), "the new row is far below, not made yet")
        window.list.selectRow(added)
        window.list.pendingEdit = added
        return (window, added)
    }

    /// A key press as GTK delivers it to the window's capture-phase key controllers (before
    /// the focused widget), until one takes it.
    private func press(_ keyval: UInt32, in window: MainWindow) -> Bool {
        let controllers = gtk_widget_observe_controllers(window.window)!
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let item = g_list_model_get_item(controllers, index) else { continue }
            defer { g_object_unref(item) }
            guard g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self), gtk_event_controller_key_get_type()) != 0,
                  gtk_event_controller_get_propagation_phase(OpaquePointer(item)) == GTK_PHASE_CAPTURE else { continue }
            if emitKeyPressed(on: item, keyval) { return true }
        }
        return false
    }

    private func emitKeyPressed(on controller: UnsafeMutableRawPointer, _ keyval: UInt32) -> Bool {
        let uint = GType(7 << 2), boolean = GType(5 << 2)   // G_TYPE_UINT, G_TYPE_BOOLEAN
        var arguments = [GValue](repeating: GValue(), count: 4)
        g_value_init(&arguments[0], gtk_event_controller_key_get_type())
        g_value_set_object(&arguments[0], controller)
        g_value_init(&arguments[1], uint)
        g_value_set_uint(&arguments[1], keyval)
        g_value_init(&arguments[2], uint)
        g_value_set_uint(&arguments[2], 0)
        g_value_init(&arguments[3], gdk_modifier_type_get_type())
        g_value_set_flags(&arguments[3], 0)
        var result = GValue()
        g_value_init(&result, boolean)
        g_signal_emitv(&arguments, g_signal_lookup("key-pressed", gtk_event_controller_key_get_type()), 0, &result)
        defer {
            for index in arguments.indices { g_value_unset(&arguments[index]) }
            g_value_unset(&result)
        }
        return g_value_get_boolean(&result) != 0
    }

    private func letters(_ text: String) -> [Int32] {
        text.unicodeScalars.map { Int32(gdk_unicode_to_keyval($0.value)) }
    }

    func testBackspaceAloneClearsTheSelectedTitleAsInTheField() async throws {
        let (text, editing) = try typedAhead([GDK_KEY_BackSpace])
        XCTAssertEqual(text, "", "the title was selected: Backspace deletes all of it")
        XCTAssertTrue(editing)
    }

    func testLettersTakenBackBeyondTheFirstLeaveTheFieldEmpty() async throws {
        let (text, _) = try typedAhead(letters("ab") + [GDK_KEY_BackSpace, GDK_KEY_BackSpace, GDK_KEY_BackSpace])
        XCTAssertEqual(text, "")
    }

    func testTypingAfterBackspaceReplacesTheTitle() async throws {
        let (text, _) = try typedAhead([GDK_KEY_BackSpace, GDK_KEY_BackSpace] + letters("Sex") + [GDK_KEY_BackSpace] + letters("a"))
        XCTAssertEqual(text, "Sea")
    }

    /// GTK binds the new row during a frame's layout, and its title opens at idle after it:
    /// a key handled in between (keys come before idles, and a loaded machine queues many)
    /// is kept for the title too, not given to the list, which would start a search with it.
    func testAKeyTypedAfterTheRowIsMadeButBeforeItsTitleOpensIsKept() async throws {
        let (window, added) = try addedFarBelow()
        XCTAssertTrue(press(UInt32(GDK_KEY_S), in: window))
        window.list.scrollToRow(added)
        // One main-loop dispatch at a time, to stop as soon as GTK has made the row.
        let deadline = Date().addingTimeInterval(3)
        while window.list.boundRow(at: added) == nil, Date() < deadline {
            if g_main_context_iteration(nil, 0) == 0 { usleep(2000) }
        }
        let row = try XCTUnwrap(window.list.boundRow(at: added))
        XCTAssertFalse(row.title.hasFocus, "the title has not opened yet")
        for key in letters("ea") { XCTAssertTrue(press(UInt32(key), in: window), "the key was kept") }
        XCTAssertTrue(pump(until: { window.list.boundRow(at: added)?.title.hasFocus == true }), "the title opened")
        XCTAssertEqual(window.list.boundRow(at: added)?.title.enteredText, "Sea")
        XCTAssertFalse(window.search.isOpen, "no search began")
    }

    func testNothingTypedKeepsTheTitleSelected() async throws {
        let (text, editing) = try typedAhead([])
        XCTAssertEqual(text, Chordset.defaultTitle)
        XCTAssertTrue(editing)
    }
}
