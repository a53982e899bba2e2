import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// A bar under the header while an import or export runs on another thread: what is
/// happening, how far it is, and Cancel. It shows only for work that takes longer than
/// half a second, so a small file never flashes it.
final class TransferProgress {
    static let showAfterMilliseconds: UInt32 = 500

    /// One transfer: its cancellation, read by the worker thread.
    final class Running {
        let cancellation = Cancellation()
    }

    /// Borrowed: owned by the window's content box.
    let widget: Widget
    private let label: Widget
    private let bar: Widget
    private var showLater: ScheduledWork?
    private weak var running: Running?

    init() {
        widget = Revealers.make(GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        let box = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        box.addCSSClasses("transfer-progress")
        box.setMargins(6)
        label = Widgets.label("")
        gtk_label_set_ellipsize(cgtk_label(label), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_xalign(cgtk_label(label), 0)
        Widgets.append(label, to: box)
        bar = gtk_progress_bar_new()!
        bar.setAccessibleLabel(tr("Progress"))
        gtk_widget_set_hexpand(bar, 1)
        gtk_widget_set_valign(bar, GTK_ALIGN_CENTER)
        Widgets.append(bar, to: box)
        let cancel = Widgets.textButton(tr("Cancel"))
        cancel.setTooltip(tr("Stop; nothing is changed"))
        Signal.connect(cancel, "clicked") { [weak self] in self?.running?.cancellation.cancel() }
        Widgets.append(cancel, to: box)
        gtk_revealer_set_child(cgtk_revealer(widget), box)
    }

    var isShown: Bool { Revealers.isRevealing(widget) }

    /// Starts following a transfer; the bar appears if it is still running after half a second.
    func start(_ message: String) -> Running {
        let transfer = Running()
        running = transfer
        gtk_label_set_text(cgtk_label(label), message)
        gtk_progress_bar_set_fraction(cgtk_progress_bar(bar), 0)
        showLater?.cancel()
        showLater = MainLoop.after(milliseconds: Self.showAfterMilliseconds) { [weak self] in
            guard let self, self.running != nil else { return }
            Revealers.reveal(self.widget)
        }
        return transfer
    }

    func update(_ fraction: Double) {
        gtk_progress_bar_set_fraction(cgtk_progress_bar(bar), min(1, max(0, fraction)))
    }

    func finish() {
        running = nil
        showLater?.cancel()
        showLater = nil
        Revealers.conceal(widget)
    }
}
