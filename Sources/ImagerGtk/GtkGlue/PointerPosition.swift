import CGtk

/// Where the mouse pointer is, in its window's coordinates, which stay put while widgets move
/// inside the window.
enum PointerPosition {
    /// Asked of the display rather than learnt from events: a widget that appears under a
    /// pointer at rest gets no motion event until GTK happens to send one, later, at the same
    /// place. Nil when the pointer is not over `widget`'s window (or the widget has none).
    static func inWindow(of widget: Widget) -> (x: Double, y: Double)? {
        guard let native = gtk_widget_get_native(widget), let surface = gtk_native_get_surface(native),
              let seat = gdk_display_get_default_seat(gtk_widget_get_display(widget)),
              let device = gdk_seat_get_pointer(seat) else { return nil }
        var x = 0.0, y = 0.0
        guard gdk_surface_get_device_position(surface, device, &x, &y, nil) != 0 else { return nil }
        // The surface holds the window and, around it, the shadow GTK draws.
        var shadowX = 0.0, shadowY = 0.0
        gtk_native_get_surface_transform(native, &shadowX, &shadowY)
        return (x - shadowX, y - shadowY)
    }

    /// (`x`, `y`) in `widget`'s coordinates, in its window's; nil outside a window.
    static func inWindow(of widget: Widget, x: Double, y: Double) -> (x: Double, y: Double)? {
        guard let native = gtk_widget_get_native(widget) else { return nil }
        let window = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
        var windowX = 0.0, windowY = 0.0
        guard cgtk_widget_translate_point(widget, window, x, y, &windowX, &windowY) != 0 else { return nil }
        return (windowX, windowY)
    }
}
