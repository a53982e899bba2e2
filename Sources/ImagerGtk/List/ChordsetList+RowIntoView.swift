import CGtk
import ImagerGLib

/// Brings a row wholly into view before anything that needs it there: a title opened for
/// typing takes the keyboard focus (ChordsetList+OpeningTitle), a row given the focus (a
/// paste, Undo, a move, Down from the search, Home and End) receives it.
///
/// GTK 4.8 scrolls to a row it has not laid out yet by an estimate of its place: a row far
/// from the view can stay out of it, or show a sliver of itself. The list view unmaps the rows
/// it does not show, and a widget that has the focus when its row is unmapped loses it. So
/// after each layout of the window the row's place is measured and the list scrolled until the
/// whole row shows, all within the frame (GDK lays the window out again, before painting, when
/// a layout asks for another); then what waited for the row runs.
extension ChordsetList {
    /// Layouts to wait for a row to come into view before going on anyway.
    private static let layoutsToBringIntoView = 30

    /// Brings the list row at `position()` wholly into view, then runs `then` on the idle after
    /// the frame (at once, on that idle, when the window is not on screen, and after
    /// `layoutsToBringIntoView` layouts in any case). Stops without running `then` when
    /// `position()` gives nil (what it was for is over). A later call replaces this one.
    func bringIntoView(row position: @escaping () -> Int?, then: @escaping () -> Void) {
        stopBringingIntoView()
        // A row waiting for the focus waits no more: this one comes first.
        pendingFocus = nil
        let arrive = { [weak self] in
            self?.stopBringingIntoView()
            MainLoop.idle { then() }
        }
        // A window that is not on screen has no layouts to wait for.
        guard gtk_widget_get_mapped(listView) != 0, let clock = gtk_widget_get_frame_clock(listView) else {
            return arrive()
        }
        var layouts = 0
        // After GTK's own layout handler (connected when the window was realized).
        rowIntoViewLayout = Signal.connect(clock, "layout", after: true) { [weak self] in
            guard let self else { return }
            guard let target = position(), target < self.rowCount else { return self.stopBringingIntoView() }
            layouts += 1
            if layouts >= Self.layoutsToBringIntoView { return arrive() }
            guard let offset = self.offsetIntoView(row: target) else {
                // Not laid out among the rows shown yet: GTK scrolls to it by its estimate again.
                self.scrollToRow(target)
                gtk_widget_queue_allocate(self.listView)
                return
            }
            if offset == 0 { return arrive() }
            let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(self.scrolledWindow))!
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + offset)
            gtk_widget_queue_allocate(self.listView)
        }
        gtk_widget_queue_allocate(listView)
    }

    /// Whether a row is being brought into view.
    var isBringingIntoView: Bool { rowIntoViewLayout != nil }

    /// Brings the row that has the keyboard focus wholly into view (after GTK moved the focus
    /// by its own keys, Home and End).
    func bringFocusedRowIntoView() {
        guard let position = focusedRow else { return }
        bringIntoView(row: { position }, then: {})
    }

    func stopBringingIntoView() {
        rowIntoViewLayout?.disconnect()
        rowIntoViewLayout = nil
    }

    /// How far to scroll the list (pixels, down positive) for the whole row to show: 0 when
    /// it does; nil when GTK has not placed it among the rows it shows.
    func offsetIntoView(row position: Int) -> Double? {
        guard let row = boundRow(atRow: position), let item = gtk_widget_get_parent(row.widget),
              gtk_widget_get_mapped(item) != 0 else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(item, listView, &bounds) != 0, bounds.size.height > 0 else { return nil }
        let top = Double(bounds.origin.y), bottom = top + Double(bounds.size.height)
        let visible = Double(gtk_widget_get_height(listView))
        if top < 0 { return top }
        if bottom > visible { return min(bottom - visible, top) }
        return 0
    }
}
