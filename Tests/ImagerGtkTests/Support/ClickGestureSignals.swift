import CGtk
import XCTest

/// A click gesture's signals emitted as GTK emits them, for the orders of events a real display
/// makes only now and then (a press GTK takes back before its release, on a busy machine).
/// Points are in the gesture's widget's coordinates.
@MainActor
enum ClickGestureSignals {
    /// The click gestures on `widget` that take the primary button (or any), in the order
    /// GTK runs them.
    static func primaryClicks(on widget: UnsafeMutablePointer<GtkWidget>) -> [OpaquePointer] {
        let controllers = gtk_widget_observe_controllers(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        var clicks: [OpaquePointer] = []
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let item = g_list_model_get_item(controllers, index) else { continue }
            g_object_unref(item)   // the widget keeps it
            guard g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self), gtk_gesture_click_get_type()) != 0
            else { continue }
            let button = gtk_gesture_single_get_button(cgtk_gesture_single(item))
            if button == 0 || button == guint(GDK_BUTTON_PRIMARY) { clicks.append(OpaquePointer(item)) }
        }
        return clicks
    }

    /// Emits `pressed` or `released` (n_press, x, y) on a click gesture.
    static func emitPress(_ click: OpaquePointer, _ name: String, presses: Int32, x: Double = 4, y: Double = 4) {
        var arguments = [GValue](repeating: GValue(), count: 4)
        initialize(&arguments[0], click)
        g_value_init(&arguments[1], GType(6 << 2))   // G_TYPE_INT
        g_value_set_int(&arguments[1], presses)
        g_value_init(&arguments[2], GType(15 << 2))   // G_TYPE_DOUBLE
        g_value_set_double(&arguments[2], x)
        g_value_init(&arguments[3], GType(15 << 2))
        g_value_set_double(&arguments[3], y)
        emit(name, &arguments)
    }

    /// Emits `cancel` (the pointer's sequence, NULL) on a click gesture.
    static func emitCancel(_ click: OpaquePointer) {
        var arguments = [GValue](repeating: GValue(), count: 2)
        initialize(&arguments[0], click)
        g_value_init(&arguments[1], gdk_event_sequence_get_type())
        emit("cancel", &arguments)
    }

    /// Emits `unpaired-release` (x, y, button 1, the pointer's sequence) on a click gesture.
    static func emitUnpairedRelease(_ click: OpaquePointer, x: Double = 4, y: Double = 4) {
        var arguments = [GValue](repeating: GValue(), count: 5)
        initialize(&arguments[0], click)
        g_value_init(&arguments[1], GType(15 << 2))   // G_TYPE_DOUBLE
        g_value_set_double(&arguments[1], x)
        g_value_init(&arguments[2], GType(15 << 2))
        g_value_set_double(&arguments[2], y)
        g_value_init(&arguments[3], GType(7 << 2))   // G_TYPE_UINT
        g_value_set_uint(&arguments[3], 1)
        g_value_init(&arguments[4], gdk_event_sequence_get_type())
        emit("unpaired-release", &arguments)
    }

    private static func initialize(_ value: inout GValue, _ click: OpaquePointer) {
        g_value_init(&value, gtk_gesture_click_get_type())
        g_value_set_object(&value, UnsafeMutableRawPointer(click))
    }

    private static func emit(_ name: String, _ arguments: inout [GValue]) {
        g_signal_emitv(&arguments, g_signal_lookup(name, gtk_gesture_click_get_type()), 0, nil)
        for index in arguments.indices { g_value_unset(&arguments[index]) }
    }
}
