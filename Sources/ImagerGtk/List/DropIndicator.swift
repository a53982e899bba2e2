import CGtk

/// The line that shows where a dragged row would land: a CSS class on the row next to the
/// gap, `drop-above` on the row below it or, below the last row, `drop-below` on that row.
/// The Stylesheet draws it as a 2-pixel accent line at that edge. One row is marked at a time.
final class DropIndicator {
    enum Edge: Equatable {
        case above, below

        var cssClass: String {
            switch self {
            case .above: "drop-above"
            case .below: "drop-below"
            }
        }
    }

    /// Weak: GTK may tear the row down (scrolled far away) while it is marked; its widget
    /// goes with it, class and all.
    private weak var markedRow: ChordsetRow?
    private(set) var markedEdge: Edge?

    /// Marks `row`'s `edge`, clearing any other mark.
    func show(on row: ChordsetRow, edge: Edge) {
        if markedRow === row, markedEdge == edge { return }
        clear()
        gtk_widget_add_css_class(row.widget, edge.cssClass)
        markedRow = row
        markedEdge = edge
    }

    func clear() {
        if let markedRow, let markedEdge { gtk_widget_remove_css_class(markedRow.widget, markedEdge.cssClass) }
        markedRow = nil
        markedEdge = nil
    }

    /// The row marked now, nil when none is.
    var row: ChordsetRow? { markedEdge == nil ? nil : markedRow }
}
