import CGtk
import ImagerGLib

/// "Slowed for safe light", in a corner of the Perform view for two seconds whenever safe
/// light slows or delays a change, so the performer knows why a chord came late. An alert,
/// so screen readers say it too.
final class SafeLightNotice {
    /// Borrowed: the revealer, put over the canvas by the view.
    let widget: Widget
    private let box: Widget
    private var hideTimer: ScheduledWork?

    /// How long the notice stays before it fades.
    static let shownFor: UInt32 = 2000

    init() {
        widget = Revealers.make(GTK_REVEALER_TRANSITION_TYPE_CROSSFADE)
        gtk_revealer_set_transition_duration(cgtk_revealer(widget), 250)
        gtk_widget_set_halign(widget, GTK_ALIGN_END)
        gtk_widget_set_valign(widget, GTK_ALIGN_START)
        gtk_widget_set_margin_top(widget, 24)
        gtk_widget_set_margin_end(widget, 24)
        gtk_widget_set_can_target(widget, 0)
        box = cgtk_box_new_with_role(GTK_ORIENTATION_HORIZONTAL, 0, GTK_ACCESSIBLE_ROLE_ALERT)
        box.addCSSClasses("perform-title", "perform-safe-light")
        Widgets.append(Widgets.label(Self.text), to: box)
        box.setAccessibleLabel(Self.text)
        gtk_revealer_set_child(cgtk_revealer(widget), box)
    }

    isolated deinit {
        hideTimer?.cancel()
    }

    // Translators: shown briefly in Perform when safe light slows or delays a chord change
    // so the output does not flash more than three times a second.
    static var text: String { tr("Slowed for safe light") }

    /// Shows the notice now (or keeps it up), and fades it after `shownFor`.
    func show() {
        if !isShown { _ = cgtk_accessible_announce(cgtk_accessible(box), Self.text) }
        Revealers.reveal(widget)
        hideTimer?.cancel()
        hideTimer = MainLoop.after(milliseconds: Self.shownFor) { [weak self] in self?.hide() }
    }

    func hide() {
        hideTimer?.cancel()
        Revealers.conceal(widget)
    }

    var isShown: Bool { Revealers.isRevealing(widget) }
}
