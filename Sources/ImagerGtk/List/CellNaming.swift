/// Accessible names of chord cells, given when GTK first draws the cell or, for cells it does
/// not draw, once the main loop has nothing more urgent to do.
///
/// A fast scroll binds about a hundred rows a frame and GTK draws only the dozen on screen.
/// Naming all eight cells of every bound row in the frame is a large share of its work:
/// each name is composed ("Chord 3: orange, #E99057") and handed to GTK's accessibility
/// context, which stores it and tells the accessibility bus. A cell on screen is still named
/// in the frame that first shows it; a cell bound off screen is named a moment later, or not
/// at all if the scroll rebinds it first.
enum CellNaming {
    private static let waiting = CellsAtIdle { $0.nameIfStale() }

    /// Names `cell` at the next idle, unless GTK draws it first (`ChordCell.nameIfStale`).
    static func nameLater(_ cell: ChordCell) {
        waiting.add(cell)
    }
}
