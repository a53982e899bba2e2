import CGtk

/// A title opened for typing (Ctrl+N, +, F2, Duplicate) takes the keyboard focus only once
/// its row lies wholly inside the visible list (ChordsetList+RowIntoView): a field that has
/// the focus when GTK unmaps its row loses it, and the keys that follow would go to the list,
/// which starts a search with them. So the field opens without the focus and takes it once
/// the row shows whole. Keys typed meanwhile reach the field through the window
/// (TitleTypeAhead).
extension ChordsetList {
    /// The open title waiting for the focus, if any.
    var titleAwaitingFocus: TitleEditor? {
        guard let row = openingTitleRow, row.title.isEditing, !row.title.hasFocus else { return nil }
        return row.title
    }

    /// Opens the row's title for typing and brings the row into view, then gives it the focus.
    func openTitle(of row: ChordsetRow) {
        stopBringingIntoView()
        // A title still waiting for the focus (Ctrl+N twice, the second before the first
        // row showed whole) ends as a focused field ends when the focus leaves it: what was
        // typed into it is kept. It would never get the focus now, so nothing else ends it.
        if let waiting = openingTitleRow, waiting !== row {
            openingTitleRow = nil
            waiting.title.commit()
        }
        row.title.startEditing(takingFocus: false)
        guard row.title.isEditing else { return }
        openingTitleRow = row
        onTitleOpened(row.title)
        guard row.title.isEditing else { return }   // Enter typed ahead committed it already
        bringIntoView(row: { [weak row] in
            guard let row, row.title.isEditing else { return nil }
            return row.position
        }, then: { [weak self] in
            // From then on keys go where the focus is.
            guard let self, let row = self.openingTitleRow else { return }
            self.openingTitleRow = nil
            row.title.takeFocus()
        })
    }
}
