import CGtk
import ImagerGLib

/// Words over the top of the Perform view for two seconds, then fading: the live chordset's
/// title when Perform starts and whenever Page Up or Page Down changes the chordset (the
/// performer sees which set is live without a strip or a menu), and "Slowed for safe light"
/// in the corner whenever safe light slows or delays a change (so the performer knows why a
/// chord came late). An alert, so screen readers say it too (GTK 4.8 has no call to
/// announce; `cgtk_accessible_announce` uses it where there is one).
final class PerformNotice {
    /// Borrowed: the revealer, put over the canvas by the view.
    let widget: Widget
    private let box: Widget
    private let label: Widget
    private var hideTimer: ScheduledWork?
    /// What `show()` says when given nothing else.
    private let standing: String

    /// How long a notice stays before it fades.
    static let shownFor: UInt32 = 2000

    /// The live chordset's title, centred at the top.
    static func chordsetTitle() -> PerformNotice {
        PerformNotice(halign: GTK_ALIGN_CENTER, fadeMilliseconds: 400, extraClass: nil, standing: "")
    }

    /// "Slowed for safe light", in the top right corner.
    static func safeLight() -> PerformNotice {
        PerformNotice(halign: GTK_ALIGN_END, fadeMilliseconds: 250, extraClass: "perform-safe-light", standing: safeLightText)
    }

    // Translators: shown briefly in Perform when safe light slows or delays a chord change
    // so the output does not flash more than three times a second.
    static var safeLightText: String { tr("Slowed for safe light") }

    private init(halign: GtkAlign, fadeMilliseconds: UInt32, extraClass: String?, standing: String) {
        self.standing = standing
        widget = Revealers.make(GTK_REVEALER_TRANSITION_TYPE_CROSSFADE)
        gtk_revealer_set_transition_duration(cgtk_revealer(widget), fadeMilliseconds)
        gtk_widget_set_halign(widget, halign)
        gtk_widget_set_valign(widget, GTK_ALIGN_START)
        gtk_widget_set_margin_top(widget, 24)
        if halign == GTK_ALIGN_END { gtk_widget_set_margin_end(widget, 24) }
        gtk_widget_set_can_target(widget, 0)
        box = cgtk_box_new_with_role(GTK_ORIENTATION_HORIZONTAL, 0, GTK_ACCESSIBLE_ROLE_ALERT)
        box.addCSSClasses("perform-title")
        if let extraClass { box.addCSSClasses(extraClass) }
        label = Widgets.label(standing)
        gtk_label_set_ellipsize(cgtk_label(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(cgtk_label(label), 40)
        Widgets.append(label, to: box)
        if !standing.isEmpty { box.setAccessibleLabel(standing) }
        gtk_revealer_set_child(cgtk_revealer(widget), box)
    }

    isolated deinit {
        hideTimer?.cancel()
    }

    /// Shows `text` (or the notice's own words) now, or keeps it up, and fades it after
    /// `shownFor`. Screen readers hear it when it appears or its words change, not again at
    /// each of a burst of the same.
    func show(_ text: String? = nil) {
        let text = text ?? standing
        if !isShown || text != self.text {
            gtk_label_set_text(cgtk_label(label), text)
            box.setAccessibleLabel(text)
            _ = cgtk_accessible_announce(cgtk_accessible(box), text)
        }
        Revealers.reveal(widget)
        hideTimer?.cancel()
        hideTimer = MainLoop.after(milliseconds: Self.shownFor) { [weak self] in self?.hide() }
    }

    /// Fades the notice out, or takes it away in the next frame when `atOnce`.
    func hide(atOnce: Bool = false) {
        hideTimer?.cancel()
        if atOnce { Revealers.concealAtOnce(widget) } else { Revealers.conceal(widget) }
    }

    var isShown: Bool { Revealers.isRevealing(widget) }
    var text: String { String(cString: gtk_label_get_text(cgtk_label(label))) }
}
