import CGtk

/// Keeps a row GTK has just made from restyling every row after it.
///
/// GTK 4.8 marks a widget it has just put into a parent as "my parent changed", and when the
/// list view's style is next brought up to date it hands the marks of its visible children on
/// to every child after them (`gtk_css_node_propagate_pending_changes` in gtkcssnode.c keeps
/// the parent bits when it turns a child's changes into its siblings'). A parent change means
/// a style worked out from scratch: for every row after the new one and every widget in those
/// rows. GTK makes a new row when it needs one more than it keeps, and a delete near the list's
/// end needs one at the top of the ~200 rows GTK 4.8 keeps: one delete restyles about 200
/// rows, four new styles each (the rest shared), much of the frame's layout
/// (docs/experiments/gtk48-list-removal.c counts them).
///
/// GTK hands on nothing from a hidden child. So a new row is hidden, its style worked out,
/// which clears its marks, and shown again, all in its first bind, before any layout or
/// drawing: nobody sees it hidden. Showing it tells only the row after it that a sibling
/// appeared, which rows do not style by. Only for GTK before 4.10 (`RunningVersions.listIsGtk48`).
enum NewRowStyle {
    /// `itemWidget`: the list item's widget, the row's parent, in its first bind.
    static func settle(_ itemWidget: Widget) {
        guard RunningVersions.listIsGtk48, gtk_widget_get_parent(itemWidget) != nil, gtk_widget_get_visible(itemWidget) != 0 else { return }
        gtk_widget_set_visible(itemWidget, 0)
        var color = GdkRGBA()
        cgtk_widget_get_color(itemWidget, &color)   // brings its style up to date
        gtk_widget_set_visible(itemWidget, 1)
    }
}
