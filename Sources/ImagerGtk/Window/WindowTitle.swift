import CAdw
import CGtk

/// The header bar's title: "Imager", and under it how many chordsets there are ("9
/// chordsets"), or how many a search shows ("3 of 9 chordsets"), as GNOME's list apps do.
/// An AdwWindowTitle: in a narrow window ("3 of 29 chordsets selected" at 360 pixels) it
/// shortens the words with an ellipsis rather than hold the window wider.
final class WindowTitle {
    /// Borrowed: owned by the header bar once set as its title widget.
    let widget: Widget
    private var shown: String?

    init() {
        widget = adw_window_title_new("Imager", "")
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
        adw_window_title_set_subtitle(cadw_window_title(widget), text)
    }

    /// While the count is not known yet.
    func showNoCount() {
        guard shown != "" else { return }
        shown = ""
        adw_window_title_set_subtitle(cadw_window_title(widget), "")
    }

    var subtitleText: String { shown ?? "" }
}
