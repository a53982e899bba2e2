import CGtk
import ImagerGLib

/// The toast lies over the list's foot. While it shows, the list leaves room of the toast's
/// height under its last row, so every row can scroll up above the toast; and the row just
/// added or brought back, when it would lie under the toast, is scrolled above it.
///
/// The list's new height is known only once GTK has laid the window out again, and GTK 4.8
/// places a row it has not laid out by an estimate: so, as for a row brought into view
/// (ChordsetList+RowIntoView, whose measure this shares), the row's place is measured after
/// each layout and the list scrolled until the whole row shows. It runs beside that one, not
/// through it: a toast shown after a paste must not cancel the paste's row taking the focus.
extension ChordsetList {
    /// Layouts to wait for the row to come into view before giving up.
    private static let layoutsToBringAboveFoot = 30

    /// Leaves `height` pixels free at the list's foot (0 gives them back), and brings the
    /// last selected row (the row just added or brought back) above them. The focused row is
    /// not followed: the focus may be in a row far from what changed (a row deleted with the
    /// mouse), and the list must not jump there.
    func leaveRoomAtFoot(_ height: Int32) {
        stopBringingAboveFoot()
        guard gtk_widget_get_margin_bottom(listView) != height else { return }
        gtk_widget_set_margin_bottom(listView, height)
        guard height > 0, let row = selectedRows.last,
              gtk_widget_get_mapped(listView) != 0, let clock = gtk_widget_get_frame_clock(listView) else { return }
        footLayouts = 0
        // After GTK's own layout handler (connected when the window was realized).
        footLayout = Signal.connect(clock, "layout", after: true) { [weak self] in self?.bringAboveFoot(row: row) }
        gtk_widget_queue_allocate(listView)
    }

    private func bringAboveFoot(row: Int) {
        footLayouts += 1
        guard footLayouts < Self.layoutsToBringAboveFoot, row < rowCount else { return stopBringingAboveFoot() }
        guard let offset = offsetIntoView(row: row) else {
            // Not laid out among the rows shown yet: GTK scrolls to it by its estimate again.
            scrollToRow(row)
            gtk_widget_queue_allocate(listView)
            return
        }
        if offset == 0 { return stopBringingAboveFoot() }
        let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(scrolledWindow))!
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + offset)
        gtk_widget_queue_allocate(listView)
    }

    private func stopBringingAboveFoot() {
        footLayout?.disconnect()
        footLayout = nil
    }
}
