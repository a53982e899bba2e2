import CGtk
import ImagerGLib

/// Hides the mouse pointer over a widget after a while without motion, and shows it again at
/// the next motion, as video players do: nothing drawn over the performance stays on screen.
final class PointerHider {
    /// Borrowed: the widget whose cursor is set; its children inherit it.
    private let widget: Widget
    private let after: UInt32
    private var timer: ScheduledWork?

    init(over widget: Widget, after milliseconds: UInt32) {
        self.widget = widget
        after = milliseconds
    }

    isolated deinit {
        timer?.cancel()
    }

    /// The pointer moved (or the view just appeared): show it, and hide it again later.
    func moved() {
        gtk_widget_set_cursor(widget, nil)
        timer?.cancel()
        timer = MainLoop.after(milliseconds: after) { [weak self] in self?.hide() }
    }

    func hide() {
        timer?.cancel()
        gtk_widget_set_cursor_from_name(widget, "none")
    }

    /// Stops hiding: the pointer is shown and stays.
    func stop() {
        timer?.cancel()
        gtk_widget_set_cursor(widget, nil)
    }
}
