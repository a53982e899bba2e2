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
        // In a narrow window ("3 of 29 chordsets selected" at 360 pixels) the words are
        // shortened with an ellipsis, as GNOME's window titles are: otherwise their whole
        // width is the header bar's minimum, which holds the window wider than 360 pixels or
        // draws the words over the buttons beside them.
        for label in [title, subtitle] {
            gtk_label_set_ellipsize(cgtk_label(label), PANGO_ELLIPSIZE_END)
            gtk_label_set_single_line_mode(cgtk_label(label), 1)
        }
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
