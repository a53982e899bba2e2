import CGtk
import ImagerGLib

/// Hides the mouse pointer over a widget after a while without motion, and shows it again at
/// the next motion, as video players do: nothing drawn over the performance stays on screen.
///
/// The cursor is set on the widget's window, which the widget fills while it hides the
/// pointer: GTK applies a widget's own cursor only once a pointer event has found the widget,
/// and a pointer at rest over a view that has just appeared has sent none.
final class PointerHider {
    /// Borrowed: the widget the pointer hides over.
    private let widget: Widget
    private let after: UInt32
    private var timer: ScheduledWork?
    /// Owned (a reference taken): the window whose cursor is set to none, until it is shown again.
    private var hiddenOver: Widget?

    init(over widget: Widget, after milliseconds: UInt32) {
        self.widget = widget
        after = milliseconds
    }

    isolated deinit {
        timer?.cancel()
        show()
    }

    /// The pointer moved (or the view just appeared): show it, and hide it again later.
    func moved() {
        show()
        timer?.cancel()
        timer = MainLoop.after(milliseconds: after) { [weak self] in self?.hide() }
    }

    func hide() {
        timer?.cancel()
        guard let window = widget.rootWidget else { return }
        show()
        gtk_widget_set_cursor_from_name(window, "none")
        g_object_ref(window)
        hiddenOver = window
    }

    /// Stops hiding: the pointer is shown and stays.
    func stop() {
        timer?.cancel()
        show()
    }

    private func show() {
        guard let window = hiddenOver else { return }
        gtk_widget_set_cursor(window, nil)
        g_object_unref(window)
        hiddenOver = nil
    }
}
