/// Rows whose list items GTK destroyed, kept for the list items it makes next. GTK 4.8
/// destroys the ~200 rows it keeps when the list gets short (a search with few matches) and
/// makes them again when it grows back (closing the search): making a row's widgets and
/// styling them is slow, and ~200 of them would hold up every search. GTK 4.18 does the same.
/// With `RunningVersions.listKeepsRows` false, a row goes with its list item.
struct SpareRows {
    private var rows: [ChordsetRow] = []
    /// More than GTK 4.8 keeps at once (200 around the visible rows, plus a few).
    private static let limit = 256

    /// A kept row, if there is one.
    mutating func take() -> ChordsetRow? { rows.popLast() }

    /// Keeps `row`, detached from its list item, for a list item GTK makes later.
    mutating func keep(_ row: ChordsetRow) {
        guard RunningVersions.listKeepsRows, rows.count < Self.limit else { return }
        rows.append(row)
    }
}
