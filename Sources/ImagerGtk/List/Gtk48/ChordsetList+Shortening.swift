/// GTK 4.8, when the list gets shorter than the place its view is at (a delete of the last
/// many rows, a search with few matches, with the view far down), keeps drawing the rows
/// that were on screen: their widgets stay where they were, over the rows that follow, showing
/// chordsets that are no longer there (or no longer match). Moving the view onto a row that
/// stays, before the list shrinks, lets GTK lay the rows out afresh. With the rows the list
/// keeps (`RunningVersions.listKeepsRows`); a search moves the view to its first match in any
/// case (`ChordsetList+Search`).
extension ChordsetList {
    /// Call before the model goes from `model.count` rows to `newCount`: the view goes to
    /// the last row that stays, where GTK would leave a view whose rows went.
    func moveViewOntoRowsThatStay(newCount: Int) {
        guard RunningVersions.listKeepsRows, newCount > 0, newCount < model.count,
              let last = lastShownRow, last >= newCount else { return }
        scrollToRow(newCount - 1)
    }
}
