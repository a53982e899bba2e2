import CAdw
import CGtk
import ImagerCore
import ImagerGLib

/// A short message at the bottom of the window, with an Undo button, that hides itself
/// after a few seconds: "“Warm” deleted  [Undo]": libadwaita's toast, in the overlay that
/// holds the window's pages, which keeps it while the pointer is over it or it has the
/// keyboard focus. Its Undo undoes the change it names and nothing else: the undo step on
/// top when it was shown. Once that step is no longer the one Undo would undo (Ctrl+Z undid
/// it, or a later change came on top), the toast goes.
final class Toast {
    static let visibleSeconds: UInt32 = 5

    /// Borrowed: the AdwToastOverlay the window's pages sit in.
    let overlay: Widget
    /// The AdwToast in the overlay (one reference), until it is dismissed.
    private var current: OpaquePointer?
    /// When `current` was added (GLib's monotonic clock, µs).
    private var shownSince: gint64 = 0
    /// The dismissal of a toast that went from sight while still showing (`RunningVersions`).
    private var dismissLater: ScheduledWork?
    /// Borrowed, while `current` shows: the toast's widget, as the overlay made it.
    private(set) var widget: Widget?
    /// The shown message's label (one reference: it outlives the toast that shows it, so that
    /// a test may read what was shown last).
    private(set) var label: Widget
    /// The shown toast's Undo button (one reference, for the same reason); a button that
    /// belongs to no toast does nothing.
    private(set) var undoButton: Widget
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
        overlay = adw_toast_overlay_new()
        // The overlay only stacks the toast over the pages: nothing to announce, but GTK
        // 4.8 names a generic widget without a label after its class ("AdwToastOverlay").
        overlay.setAccessibleLabel("")
        label = ToastParts.makeLabel()
        g_object_ref_sink(UnsafeMutableRawPointer(label))
        undoButton = gtk_button_new()
        g_object_ref_sink(UnsafeMutableRawPointer(undoButton))
    }

    isolated deinit {
        if let current { g_object_unref(UnsafeMutableRawPointer(current)) }
        g_object_unref(UnsafeMutableRawPointer(label))
        g_object_unref(UnsafeMutableRawPointer(undoButton))
    }

    /// Whether a message shows (a toast on its way out no longer counts).
    private(set) var isShown = false
    var message: String { String(cString: gtk_label_get_text(cgtk_label(label))) }

    /// Shows `message`; with `offersUndo`, its Undo undoes the change just made (the
    /// controller's top undo step now), so call it right after making that change.
    func show(_ message: String, offersUndo: Bool = true) {
        let reuses = current != nil && RunningVersions.toastsMustFinishShowing
        // One toast at a time, and the newest at once: the one showing goes first (the
        // overlay would otherwise queue the new one behind it), before the new one is set up.
        if !reuses, let current { adw_toast_dismiss(current) }
        undoStepID = offersUndo ? controller.undoStepID : nil
        if let undoStepID { remember(message, for: undoStepID) }
        if reuses, let current {
            // The toast in the overlay (showing, or on its way out) says the new message.
            dismissLater?.cancel()
            dismissLater = nil
            fill(current, with: message)
            nameButtons()
            if let widget { Self.setShown(widget, true) }
            // Adding it again starts its time again; the overlay keeps no second reference.
            g_object_ref(UnsafeMutableRawPointer(current))
            adw_toast_overlay_add_toast(cadw_toast_overlay(overlay), current)
        } else {
            let toast = adw_toast_new("")!
            adw_toast_set_timeout(toast, Self.visibleSeconds)
            fill(toast, with: message)
            Signal.connect(toast, "button-clicked") { [weak self, toast] in
                guard let self, self.current == toast, self.isShown else { return }
                self.undo()
            }
            Signal.connect(toast, "dismissed") { [weak self, toast] in
                guard let self, self.current == toast else { return }
                self.dismissed()
            }
            // The overlay takes the reference `adw_toast_new` gave; `current` keeps its own
            // until the toast is dismissed.
            g_object_ref(UnsafeMutableRawPointer(toast))
            current = toast
            shownSince = g_get_monotonic_time()
            adw_toast_overlay_add_toast(cadw_toast_overlay(overlay), toast)
            findWidget()
        }
        isShown = true
        onCoverChanged(coveredHeight)
    }

    /// Gives `toast` the message (a new label) and the Undo button, or none.
    private func fill(_ toast: OpaquePointer, with message: String) {
        adw_toast_set_custom_title(toast, makeTitle(message))
        adw_toast_set_button_label(toast, undoStepID == nil ? nil : tr("Undo"))
    }

    /// A new label for the message, in a title screen readers announce (`ToastParts.title`).
    private func makeTitle(_ message: String) -> Widget {
        g_object_unref(UnsafeMutableRawPointer(label))
        label = ToastParts.makeLabel()
        g_object_ref_sink(UnsafeMutableRawPointer(label))
        return ToastParts.title(message, in: label)
    }

    /// The overlay has just made the toast's widget (its newest "toast" child): what the
    /// window needs of it.
    private func findWidget() {
        widget = ToastParts.newestWidget(in: overlay)
        nameButtons()
    }

    /// Names the toast's buttons (`ToastParts.nameButtons`) and keeps its Undo button.
    private func nameButtons() {
        guard let widget, let button = ToastParts.nameButtons(of: widget) else { return }
        g_object_unref(UnsafeMutableRawPointer(undoButton))
        undoButton = button
        g_object_ref(UnsafeMutableRawPointer(undoButton))
    }

    /// Shows or hides a toast's widget in place, for a toast that is not dismissed yet.
    private static func setShown(_ widget: Widget, _ shown: Bool) {
        gtk_widget_set_opacity(widget, shown ? 1 : 0)
        gtk_widget_set_can_target(widget, shown ? 1 : 0)
        gtk_widget_set_can_focus(widget, shown ? 1 : 0)
    }

    private var holdsFocus: Bool {
        guard let widget, let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// The toast's full height with its margins.
    private var coveredHeight: Int32 {
        guard let widget else { return 0 }
        var natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
        return natural + gtk_widget_get_margin_top(widget) + gtk_widget_get_margin_bottom(widget)
    }

    func hide() {
        guard isShown, let current else { return }
        let hadFocus = holdsFocus
        went()
        let shownFor = UInt32(max(0, (g_get_monotonic_time() - shownSince) / 1000))
        if RunningVersions.toastsMustFinishShowing, shownFor < RunningVersions.toastShowingMilliseconds {
            // Gone from sight now, dismissed once its showing is over.
            if let widget { Self.setShown(widget, false) }
            dismissLater = MainLoop.after(milliseconds: RunningVersions.toastShowingMilliseconds - shownFor) { [weak self] in
                guard let self, let current = self.current, !self.isShown else { return }
                self.dismissLater = nil
                adw_toast_dismiss(current)
            }
        } else {
            adw_toast_dismiss(current)
        }
        if hadFocus { onFocusLeft() }
    }

    /// The toast went by itself: its timeout, its close button, or its Undo.
    private func dismissed() {
        let hadFocus = holdsFocus
        if isShown { went() }
        dismissLater?.cancel()
        dismissLater = nil
        if let current { g_object_unref(UnsafeMutableRawPointer(current)) }
        current = nil
        widget = nil
        if hadFocus { onFocusLeft() }
    }

    /// The message no longer shows: the room it took at the foot is free.
    private func went() {
        isShown = false
        undoStepID = nil
        onCoverChanged(0)
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
