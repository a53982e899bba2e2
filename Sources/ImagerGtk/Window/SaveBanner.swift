import CGtk
import ImagerCore
import ImagerGLib

/// The banner at the top of the window while saving fails: what went wrong, that nothing
/// is lost, and a Retry button. It goes away after the next save that works.
final class SaveBanner {
    /// Borrowed: owned by the window's content box.
    let widget: Widget
    private let label: Widget
    var onRetry: () -> Void = {}

    init() {
        widget = Revealers.make(GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)

        let box = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        box.addCSSClasses("save-banner")
        let icon = gtk_image_new_from_icon_name("dialog-warning-symbolic")!
        cgtk_accessible_set_hidden(cgtk_accessible(icon))
        Widgets.append(icon, to: box)
        label = Widgets.label("")
        gtk_label_set_wrap(cgtk_label(label), 1)
        gtk_label_set_xalign(cgtk_label(label), 0)
        gtk_widget_set_hexpand(label, 1)
        Widgets.append(label, to: box)
        let retry = Widgets.textButton(tr("Retry"))
        retry.setTooltip(tr("Try to save again"))
        gtk_widget_set_valign(retry, GTK_ALIGN_CENTER)
        Signal.connect(retry, "clicked") { [weak self] in self?.onRetry() }
        Widgets.append(retry, to: box)
        gtk_revealer_set_child(cgtk_revealer(widget), box)
    }

    var isShown: Bool { Revealers.isRevealing(widget) }
    var message: String { String(cString: gtk_label_get_text(cgtk_label(label))) }

    static func message(for error: StoreError) -> String {
        tr("{problem} Your changes are kept.", ["problem": error.sentence])
    }

    func show(_ error: StoreError) {
        gtk_label_set_text(cgtk_label(label), Self.message(for: error))
        Revealers.reveal(widget)
    }

    func hide() {
        Revealers.conceal(widget)
    }
}
