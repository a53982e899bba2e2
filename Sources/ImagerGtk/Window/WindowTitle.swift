import CGtk

/// The header bar's title: "Imager", and under it how many chordsets there are ("9
/// chordsets"), or how many a search shows ("3 of 9 chordsets"), as GNOME's list apps do.
final class WindowTitle {
    /// Borrowed: owned by the header bar once set as its title widget.
    let widget: Widget
    private let subtitle: Widget
    private var shown: String?

    init() {
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        let title = Widgets.label("Imager", classes: "title")
        Widgets.append(title, to: widget)
        subtitle = Widgets.label("", classes: "subtitle")
        Widgets.append(subtitle, to: widget)
        // Cut short with "…" rather than widen the window: on a phone's 360 pixels the
        // header bar's buttons leave the title little room ("2 of 100,000 chordsets selected").
        for label in [title, subtitle] { gtk_label_set_ellipsize(cgtk_label(label), PANGO_ELLIPSIZE_END) }
    }

    /// `matching` is the number a search shows, nil without a search; `selected`, how many
    /// rows are selected: from two on, the subtitle says so instead ("3 of 9 chordsets
    /// selected"). With one or none it shows the count, since the selection follows the focus
    /// and one row is nearly always selected.
    func show(count: Int, matching: Int?, selected: Int = 0) {
        let text = if selected > 1 {
            trn("{count} of {total} chordset selected", "{count} of {total} chordsets selected", selected,
                ["total": groupedNumber(count)])
        } else if let matching {
            trn("{shown} of {count} chordset", "{shown} of {count} chordsets", count, ["shown": groupedNumber(matching)])
        } else {
            trn("{count} chordset", "{count} chordsets", count)
        }
        guard text != shown else { return }
        shown = text
        gtk_label_set_text(cgtk_label(subtitle), text)
    }

    /// While the count is not known yet.
    func showNoCount() {
        guard shown != "" else { return }
        shown = ""
        gtk_label_set_text(cgtk_label(subtitle), "")
    }

    var subtitleText: String { shown ?? "" }
}
