import CGtk

/// A title opened for typing (Ctrl+N, +, F2, Duplicate) takes the keyboard focus only once
/// its row lies wholly inside the visible list.
///
/// GTK 4.8 scrolls to a row it has not laid out yet by an estimate of its place: a new row at
/// the end of a long list stays below the view, or shows a sliver of itself. The list view
/// unmaps the rows it does not show, and a field that has the focus when its row is unmapped
/// loses it: the keys that follow would go to the list, which starts a search with them.
/// So the field opens without the focus; after each layout of the window the row's place is
/// measured and the list scrolled until the whole row shows, all within the frame (GDK lays
/// the window out again, before painting, when a layout asks for another); then the field
/// takes the focus. Keys typed meanwhile reach the field through the window (TitleTypeAhead).
extension ChordsetList {
    /// Layouts to wait for a row to come into view before giving its field the focus anyway.
    private static let layoutsToBringIntoView = 30

    /// The open title waiting for the focus, if any.
    var titleAwaitingFocus: TitleEditor? {
        guard let row = openingTitleRow, row.title.isEditing, !row.title.hasFocus else { return nil }
        return row.title
    }

    /// Opens the row's title for typing and brings the row into view, then gives it the focus.
    func openTitle(of row: ChordsetRow) {
        stopBringingIntoView()
        row.title.startEditing(takingFocus: false)
        guard row.title.isEditing else { return }
        openingTitleRow = row
        onTitleOpened(row.title)
        guard row.title.isEditing else { return }   // Enter typed ahead committed it already
        // A window that is not on screen has no layouts to wait for.
        guard gtk_widget_get_mapped(listView) != 0, let clock = gtk_widget_get_frame_clock(listView) else {
            return focusOpeningTitle()
        }
        openingTitleLayouts = 0
        // After GTK's own layout handler (connected when the window was realized).
        openingTitleLayout = Signal.connect(clock, "layout", after: true) { [weak self] in
            self?.bringOpeningTitleIntoView()
        }
        gtk_widget_queue_allocate(listView)
    }

    private func bringOpeningTitleIntoView() {
        guard let row = openingTitleRow, row.title.isEditing, let position = row.position else {
            return stopBringingIntoView()
        }
        openingTitleLayouts += 1
        if openingTitleLayouts >= Self.layoutsToBringIntoView { return focusOpeningTitle() }
        guard let offset = offsetIntoView(row) else {
            // Not laid out among the rows shown yet: GTK scrolls to it by its estimate again.
            scrollToRow(position)
            gtk_widget_queue_allocate(listView)
            return
        }
        if offset == 0 { return focusOpeningTitle() }
        let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(scrolledWindow))!
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + offset)
        gtk_widget_queue_allocate(listView)
    }

    /// How far to scroll the list (pixels, down positive) for the whole row to show: 0 when
    /// it does; nil when GTK has not placed it among the rows it shows.
    func offsetIntoView(_ row: ChordsetRow) -> Double? {
        guard let item = gtk_widget_get_parent(row.widget), gtk_widget_get_mapped(item) != 0 else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(item, listView, &bounds) != 0, bounds.size.height > 0 else { return nil }
        let top = Double(bounds.origin.y), bottom = top + Double(bounds.size.height)
        let visible = Double(gtk_widget_get_height(listView))
        if top < 0 { return top }
        if bottom > visible { return min(bottom - visible, top) }
        return 0
    }

    /// The row is in view (or waited for long enough): its field takes the focus, once the
    /// frame being laid out is done with. From then on keys go where the focus is.
    private func focusOpeningTitle() {
        stopBringingIntoView()
        MainLoop.idle { [weak self] in
            guard let self, let row = self.openingTitleRow else { return }
            self.openingTitleRow = nil
            row.title.takeFocus()
        }
    }

    private func stopBringingIntoView() {
        openingTitleLayout?.disconnect()
        openingTitleLayout = nil
    }
}
