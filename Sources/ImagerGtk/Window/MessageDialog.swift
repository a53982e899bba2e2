import CAdw
import CGtk
import ImagerGLib

/// Modal messages: startup notices, errors a user should read, and the questions asked before
/// something that cannot be undone. libadwaita's: a dialog over the window from libadwaita
/// 1.5 (a bottom sheet in a narrow window), a small window of its own before.
enum MessageDialog {
    /// The button that closes a message: OK, or Close for a message about something that failed.
    enum Dismissal {
        case ok, close
    }

    /// Shows `text`, with `detail` under it, and one button that closes it.
    static func inform(over parent: Widget, _ text: String, detail: String? = nil, dismissal: Dismissal = .ok) {
        let dialog = cadw_message_new(parent, text, detail)!
        let id = "dismiss"
        cadw_message_add_response(dialog, id, dismissal == .ok ? tr("OK") : tr("Close"), 0)
        cadw_message_set_default_and_close(dialog, id, id)
        dialog.nameButtonsByTheirLabels()
        cadw_message_present(dialog, parent)
    }

    /// Asks before something destructive; `confirm` runs only if the user agrees. Cancel is
    /// the default, and what Escape answers. Returns the dialog, for a caller that keeps it
    /// while it is open (`present(_:over:)` brings it back to the front); it goes when answered.
    @discardableResult
    static func confirm(over parent: Widget, _ text: String, detail: String, actionLabel: String,
                        _ confirm: @escaping () -> Void) -> Widget {
        let dialog = cadw_message_new(parent, text, detail)!
        cadw_message_add_response(dialog, "cancel", tr("Cancel"), 0)
        cadw_message_add_response(dialog, "confirm", actionLabel, 1)
        cadw_message_set_default_and_close(dialog, "cancel", "cancel")
        dialog.nameButtonsByTheirLabels()
        Signal.connectPointer(dialog, "response") { response in
            guard let response, String(cString: response.assumingMemoryBound(to: CChar.self)) == "confirm" else { return }
            confirm()
        }
        cadw_message_present(dialog, parent)
        return dialog
    }

    /// Brings an open message to the front again.
    static func present(_ dialog: Widget, over parent: Widget) {
        cadw_message_present(dialog, parent)
    }
}
