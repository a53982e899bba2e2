/// Where a row dropped on the list lands. The list is thought of as gaps between rows: gap
/// N is just above row N, gap `rowCount` below the last row. A pointer over the upper half
/// of a row means the gap above it, over the lower half the gap below it.
/// During a search rows show only some chordsets: a drop in a gap places the chordset right
/// after the chordset of the row above (or, in gap 0, right before the first row's), so it
/// lands next to what the person saw it dropped next to, whatever is hidden around it.
enum DropPlacement {
    /// The gap the pointer is over: `y` from the row's top, in a row `height` tall.
    static func gap(row: Int, y: Double, height: Double) -> Int {
        y < height / 2 ? row : row + 1
    }

    /// The index `ChordsetController.move(id:to:)` takes for the chordset at index `from`
    /// shown at row `fromRow` (nil when a search hides it) dropped in `gap`; nil when the
    /// drop would leave it where it is (the gaps just above and below its own row).
    /// `chordsetIndex` maps rows to the controller's indices.
    static func destination(from: Int, fromRow: Int?, gap: Int, rowCount: Int,
                            chordsetIndex: (Int) -> Int?) -> Int? {
        guard gap >= 0, gap <= rowCount, rowCount > 0 else { return nil }
        if let fromRow, gap == fromRow || gap == fromRow + 1 { return nil }
        let target: Int
        if gap == 0 {
            guard let below = chordsetIndex(0) else { return nil }
            // Before the first shown row's chordset: the indices after `from` close up by one.
            target = from < below ? below - 1 : below
        } else {
            guard let above = chordsetIndex(gap - 1) else { return nil }
            target = from < above ? above : above + 1
        }
        return target == from ? nil : target
    }
}
