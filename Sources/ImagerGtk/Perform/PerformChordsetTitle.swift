import CGtk
import ImagerGLib

/// The live chordset's title over the top of the Perform view, for two seconds when Perform
/// starts and whenever Page Up or Page Down changes the chordset, then fading: the performer
/// sees which set is live without a strip or a menu. An alert, so screen readers say it too
/// (GTK 4.8 has no call to announce; `cgtk_accessible_announce` uses it where there is one).
final class PerformChordsetTitle {
    /// Borrowed: the revealer, put over the canvas by the view.
    let widget: Widget
    private let box: Widget
    private let label: Widget
    private var hideTimer: ScheduledWork?

    /// How long the title stays before it fades.
    static let shownFor: UInt32 = 2000

    init() {
        widget = Revealers.make(GTK_REVEALER_TRANSITION_TYPE_CROSSFADE)
        gtk_revealer_set_transition_duration(cgtk_revealer(widget), 400)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_START)
        gtk_widget_set_margin_top(widget, 24)
        gtk_widget_set_can_target(widget, 0)
        box = cgtk_box_new_with_role(GTK_ORIENTATION_HORIZONTAL, 0, GTK_ACCESSIBLE_ROLE_ALERT)
        box.addCSSClasses("perform-title")
        label = Widgets.label("")
        gtk_label_set_ellipsize(cgtk_label(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(cgtk_label(label), 40)
        Widgets.append(label, to: box)
        gtk_revealer_set_child(cgtk_revealer(widget), box)
    }

    isolated deinit {
        hideTimer?.cancel()
    }

    /// Shows `title` now, and fades it after `shownFor`.
    func show(_ title: String) {
        gtk_label_set_text(cgtk_label(label), title)
        box.setAccessibleLabel(title)
        _ = cgtk_accessible_announce(cgtk_accessible(box), title)
        Revealers.reveal(widget)
        hideTimer?.cancel()
        hideTimer = MainLoop.after(milliseconds: Self.shownFor) { [weak self] in self?.hide() }
    }

    func hide() {
        hideTimer?.cancel()
        Revealers.conceal(widget)
    }

    var isShown: Bool { Revealers.isRevealing(widget) }
    var text: String { String(cString: gtk_label_get_text(cgtk_label(label))) }
}
