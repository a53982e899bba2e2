import CGtk

/// A short message at the bottom of the window, with an Undo button, that hides itself
/// after a few seconds: "“Warm” deleted  [Undo]".
final class Toast {
    static let visibleMilliseconds: UInt32 = 5000

    /// Borrowed: owned by the window's overlay.
    let widget: Widget
    private let label: Widget
    private let undoButton: Widget
    private var hideLater: ScheduledWork?

    init() {
        widget = Revealers.make(GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_END)

        let box = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        box.addCSSClasses("app-notification", "toast")
        label = Widgets.label("")
        gtk_label_set_ellipsize(cgtk_label(label), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(cgtk_label(label), 40)
        Widgets.append(label, to: box)
        undoButton = Widgets.textButton("Undo", action: WindowAction.undo.detailedName)
        undoButton.setTooltip("Undo the last change (Ctrl+Z)")
        Widgets.append(undoButton, to: box)
        let dismiss = Widgets.iconButton(icon: "window-close-symbolic", tooltip: "Dismiss", accessibleName: "Dismiss")
        dismiss.addCSSClasses("flat", "circular")
        Signal.connect(dismiss, "clicked") { [weak self] in self?.hide() }
        Widgets.append(dismiss, to: box)
        gtk_revealer_set_child(cgtk_revealer(widget), box)
        Signal.connect(undoButton, "clicked", after: true) { [weak self] in self?.hide() }
    }

    var isShown: Bool { Revealers.isRevealing(widget) }
    var message: String { String(cString: gtk_label_get_text(cgtk_label(label))) }

    func show(_ message: String, offersUndo: Bool = true) {
        gtk_label_set_text(cgtk_label(label), message)
        undoButton.isVisible = offersUndo
        Revealers.reveal(widget)
        hideLater?.cancel()
        hideLater = MainLoop.after(milliseconds: Self.visibleMilliseconds) { [weak self] in self?.hide() }
    }

    func hide() {
        hideLater?.cancel()
        hideLater = nil
        Revealers.conceal(widget)
    }
}
