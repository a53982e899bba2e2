import CGtk

/// GTK 4.8, when the list gets shorter than the place its view is at (a search with few
/// matches, a delete of the last many rows, with the view far down), keeps drawing the rows
/// that were on screen: their widgets stay where they were, over the rows that follow, showing
/// chordsets that are no longer there (or no longer match). Moving the view onto a row that
/// stays, before the list shrinks, lets GTK lay the rows out afresh.
extension ChordsetList {
    /// Call before the model goes from `model.count` rows to `newCount`. `toFirstRow`: the view
    /// goes to the first row (a new search's matches start there); otherwise to the last row
    /// that stays, where GTK would leave a view whose rows went. True when the view moved.
    @discardableResult
    func moveViewOntoRowsThatStay(newCount: Int, toFirstRow: Bool) -> Bool {
        guard newCount > 0, newCount < model.count, let last = lastShownRow, last >= newCount else { return false }
        scrollToRow(toFirstRow ? 0 : newCount - 1)
        return true
    }

    /// The last row GTK has on screen (GTK 4.8 maps only the rows it shows).
    private var lastShownRow: Int? {
        var last: Int?
        for row in allRows {
            guard let position = row.position, let item = gtk_widget_get_parent(row.widget),
                  gtk_widget_get_mapped(item) != 0 else { continue }
            last = max(last ?? position, position)
        }
        return last
    }
}
