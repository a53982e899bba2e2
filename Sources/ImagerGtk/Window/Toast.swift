import CGtk
import ImagerCore
import ImagerGLib

/// A short message at the bottom of the window, with an Undo button, that hides itself
/// after a few seconds: "“Warm” deleted  [Undo]". Its Undo undoes the change it names and
/// nothing else: the undo step on top when it was shown. Once that step is no longer the
/// one Undo would undo (Ctrl+Z undid it, or a later change came on top), the toast goes.
final class Toast {
    static let visibleMilliseconds: UInt32 = 5000

    /// Borrowed: owned by the window's overlay.
    let widget: Widget
    /// Borrowed: the message's label.
    let label: Widget
    /// Borrowed: the toast's content, the widget screen readers announce.
    private let box: Widget
    let undoButton: Widget
    private var hideLater: ScheduledWork?
    /// Borrowed: the window's controller, which outlives the toast.
    private let controller: ChordsetController
    /// The undo step the shown message names, or nil when it offers no Undo.
    private(set) var undoStepID: Int?
    /// What the toast said for the undo steps it offered to undo, so that a step's redo can
    /// say it again. Undo and redo move a step between the stacks under a new id: the
    /// message moves with it (`undoing`, `redoing`).
    private var messages: [Int: String] = [:]
    /// Messages kept at most: the oldest go first.
    private static let messagesKept = 100
    /// The pointer is over the toast: it stays until the pointer leaves (GNOME's toasts do).
    private var isHovered = false
    /// Called when the toast goes while it holds the keyboard focus, to put the focus back
    /// in the window's content rather than lose it.
    var onFocusLeft: () -> Void = {}
    /// Called with the height the toast covers at the window's foot when it shows, and 0 when
    /// it goes, so the list can leave that room under its last row.
    var onCoverChanged: (Int32) -> Void = { _ in }
    /// Undoes the step the toast names; the window sets it to show what the undo brings back.
    lazy var undoStep: (Int) -> Void = { [controller] stepID in controller.undo(stepID: stepID) }

    init(controller: ChordsetController) {
        self.controller = controller
        widget = Revealers.make(GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_END)

        // An alert: screen readers announce an alert when it is shown (GTK 4.8 has no call
        // to announce a message; `announce` uses it where the runtime's GTK has one).
        box = cgtk_box_new_with_role(GTK_ORIENTATION_HORIZONTAL, 12, GTK_ACCESSIBLE_ROLE_ALERT)
        box.addCSSClasses("app-notification", "toast")
        label = Widgets.label("")
        // Up to three lines of about 40 characters: a sentence that says why something could
        // not be done reads whole; only a message longer than that (a very long title) loses
        // its middle.
        gtk_label_set_wrap(cgtk_label(label), 1)
        gtk_label_set_wrap_mode(cgtk_label(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_lines(cgtk_label(label), 3)
        gtk_label_set_ellipsize(cgtk_label(label), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(cgtk_label(label), 40)
        // A message that fits stays on one line. The toast's box is as tall as its buttons, and
        // a box measures each child's width for its own height: a wrapping label asked how
        // narrow it can be in two lines' height says so, and "“Forest” deleted" would break in two.
        // Asking for its whole line as its natural width keeps it whole wherever it fits.
        gtk_label_set_natural_wrap_mode(cgtk_label(label), GTK_NATURAL_WRAP_NONE)
        Widgets.append(label, to: box)
        undoButton = Widgets.textButton(tr("Undo"))
        undoButton.setTooltip(tr("Undo this change"))
        Widgets.append(undoButton, to: box)
        let dismiss = Widgets.iconButton(icon: "window-close-symbolic", tooltip: tr("Dismiss"), accessibleName: tr("Dismiss"))
        dismiss.addCSSClasses("flat", "circular")
        Signal.connect(dismiss, "clicked") { [weak self] in self?.hide() }
        Widgets.append(dismiss, to: box)
        // A message on two or three lines leaves the buttons their own height.
        gtk_widget_set_valign(undoButton, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(dismiss, GTK_ALIGN_CENTER)
        gtk_revealer_set_child(cgtk_revealer(widget), box)
        Signal.connect(undoButton, "clicked") { [weak self] in self?.undo() }

        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(motion, "enter") { [weak self] _, _ in self?.isHovered = true }
        Signal.connect(motion, "leave") { [weak self] in
            guard let self else { return }
            self.isHovered = false
            if self.isShown { self.hideAfterAWhile() }
        }
        gtk_widget_add_controller(box, motion)
    }

    private var holdsFocus: Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// Hides the toast after `visibleMilliseconds`, or later while it is pointed at or focused.
    private func hideAfterAWhile() {
        hideLater?.cancel()
        hideLater = MainLoop.after(milliseconds: Self.visibleMilliseconds) { [weak self] in
            guard let self else { return }
            if self.isHovered || self.holdsFocus {
                self.hideAfterAWhile()
            } else {
                self.hide()
            }
        }
    }

    /// The toast's full height with its margins, as it stands once it has slid up (the
    /// revealer reports less while it slides).
    private var coveredHeight: Int32 {
        var natural: Int32 = 0
        gtk_widget_measure(box, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
        return natural
    }

    var isShown: Bool { Revealers.isRevealing(widget) }
    var message: String { String(cString: gtk_label_get_text(cgtk_label(label))) }

    /// Shows `message`; with `offersUndo`, its Undo undoes the change just made (the
    /// controller's top undo step now), so call it right after making that change.
    func show(_ message: String, offersUndo: Bool = true) {
        gtk_label_set_text(cgtk_label(label), message)
        box.setAccessibleLabel(message)
        _ = cgtk_accessible_announce(cgtk_accessible(box), message)
        undoStepID = offersUndo ? controller.undoStepID : nil
        if let undoStepID { remember(message, for: undoStepID) }
        undoButton.isVisible = undoStepID != nil
        gtk_revealer_set_transition_type(cgtk_revealer(widget), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        // The fade of `hide` leaves the revealer's own opacity at 0 (a crossfading revealer
        // fades itself, not its child), and a sliding one never sets it back: without this,
        // every toast after the first to fade would slide up invisible.
        gtk_widget_set_opacity(widget, 1)
        Revealers.reveal(widget)
        hideAfterAWhile()
        onCoverChanged(coveredHeight)
    }

    func hide() {
        hideLater?.cancel()
        hideLater = nil
        undoStepID = nil
        let hadFocus = holdsFocus
        // It fades where it is rather than sliding away: while it fades it still covers what
        // is under it, so a click aimed at it (at Undo, say) never lands on the row beneath.
        gtk_revealer_set_transition_type(cgtk_revealer(widget), GTK_REVEALER_TRANSITION_TYPE_CROSSFADE)
        Revealers.conceal(widget)
        onCoverChanged(0)
        if hadFocus { onFocusLeft() }
    }

    /// Called after every change the window sees: a toast whose change can no longer be
    /// undone on its own goes away.
    func followUndoHistory() {
        guard let undoStepID, controller.undoStepID != undoStepID else { return }
        hide()
    }

    /// Runs `undo`; what the toast said for the step it undoes is said again if it is redone.
    func undoing(_ undo: () -> Void) {
        let undone = controller.undoStepID
        undo()
        guard let undone, controller.undoStepID != undone, let message = messages.removeValue(forKey: undone),
              let redoStepID = controller.redoStepID else { return }
        remember(message, for: redoStepID)
    }

    /// Runs `redo`, then shows again, with its Undo, what the toast said when the redone
    /// change was first made ("“Forest” deleted").
    func redoing(_ redo: () -> Void) {
        let redone = controller.redoStepID
        redo()
        guard let redone, controller.redoStepID != redone, let message = messages.removeValue(forKey: redone) else { return }
        show(message)
    }

    private func remember(_ message: String, for stepID: Int) {
        messages[stepID] = message
        if messages.count > Self.messagesKept, let oldest = messages.keys.min() { messages[oldest] = nil }
    }

    private func undo() {
        if let undoStepID { undoStep(undoStepID) }
        hide()
    }
}
