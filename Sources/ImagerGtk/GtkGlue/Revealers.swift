import CGtk
import ImagerGLib

/// Revealers that are hidden outright once they have slid shut, so screen readers and UI
/// tests do not find the controls of a banner or toast that is not on screen.
enum Revealers {
    static func make(_ transition: GtkRevealerTransitionType) -> Widget {
        let revealer = gtk_revealer_new()!
        gtk_revealer_set_transition_type(cgtk_revealer(revealer), transition)
        revealer.isVisible = false
        Signal.connectPointer(revealer, "notify::child-revealed") { _ in
            let r = cgtk_revealer(revealer)
            if gtk_revealer_get_child_revealed(r) == 0, gtk_revealer_get_reveal_child(r) == 0 {
                revealer.isVisible = false
            }
        }
        return revealer
    }

    static func reveal(_ revealer: Widget) {
        revealer.isVisible = true
        gtk_revealer_set_reveal_child(cgtk_revealer(revealer), 1)
    }

    static func conceal(_ revealer: Widget) {
        gtk_revealer_set_reveal_child(cgtk_revealer(revealer), 0)
    }

    /// Hides the child now, without the transition: the next frame no longer draws it.
    static func concealAtOnce(_ revealer: Widget) {
        // Hidden first: an unmapped revealer's transition ends where it begins.
        revealer.isVisible = false
        gtk_revealer_set_reveal_child(cgtk_revealer(revealer), 0)
    }

    static func isRevealing(_ revealer: Widget) -> Bool {
        gtk_revealer_get_reveal_child(cgtk_revealer(revealer)) != 0
    }
}
