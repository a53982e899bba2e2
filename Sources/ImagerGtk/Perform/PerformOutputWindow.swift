import CGtk
import ImagerGLib

/// The audience's window: "Imager Output", full screen on the monitor Perform's Output names,
/// holding nothing but the Perform canvas (no strip, no title, no toast) and hiding the
/// pointer over it. Keys pressed here play as in the control window, except the ones that
/// would change the show's frame: Escape (leaving is the control window's) and F11 (the
/// output is always full screen) do nothing.
final class PerformOutputWindow {
    /// Owned (one reference, dropped in `close`).
    let window: Widget
    /// A Perform key pressed in this window; true when it was Perform's.
    var onKey: (UInt32, GdkModifierType) -> Bool = { _, _ in false }
    /// The window manager asked to close the window (Alt+F4): the picture goes back to the
    /// control window; the window is closed by whoever owns it.
    var onCloseRequest: () -> Void = {}

    init(showing child: Widget, on monitor: OpaquePointer) {
        window = gtk_window_new()
        g_object_ref_sink(window)
        gtk_window_set_title(cgtk_window(window), "Imager Output")
        gtk_window_set_decorated(cgtk_window(window), 0)
        window.addCSSClasses("perform-view", "perform-output")
        gtk_window_set_child(cgtk_window(window), child)
        // No pointer over the audience's picture, ever: a mouse crossing the monitor shows nothing.
        gtk_widget_set_cursor_from_name(window, "none")

        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(cgtk_event_controller(keys.raw), GTK_PHASE_CAPTURE)
        Signal.connectKey(keys, "key-pressed") { [weak self] keyval, modifiers in
            guard let self else { return false }
            switch Int32(keyval) {
            case GDK_KEY_Escape, GDK_KEY_F11:
                return true
            default:
                return self.onKey(keyval, modifiers)
            }
        }
        gtk_widget_add_controller(window, keys)
        Signal.connectBool(window, "close-request") { [weak self] in
            self?.onCloseRequest()
            return true
        }
        // Its size first, so it is laid out once for the monitor; then full screen there.
        var geometry = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &geometry)
        gtk_window_set_default_size(cgtk_window(window), geometry.width, geometry.height)
        gtk_window_fullscreen_on_monitor(cgtk_window(window), monitor)
        gtk_window_present(cgtk_window(window))
    }

    /// Takes the child back (referenced once, for the caller to place and unref) and closes.
    func close() -> Widget? {
        let child = gtk_window_get_child(cgtk_window(window))
        if let child {
            g_object_ref(child)
            gtk_window_set_child(cgtk_window(window), nil)
        }
        gtk_window_destroy(cgtk_window(window))
        g_object_unref(window)
        return child
    }
}
