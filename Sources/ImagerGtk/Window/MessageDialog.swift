import CGtk
import ImagerGLib

/// Modal messages: startup notices, errors a user should read, and the Delete All question.
/// GtkMessageDialog is the 4.8 way (GtkAlertDialog arrives in 4.10).
enum MessageDialog {
    /// Shows `text` with an OK button, or Close for a message about something that failed.
    static func inform(over parent: Widget, type: GtkMessageType = GTK_MESSAGE_WARNING,
                       _ text: String, detail: String? = nil, buttons: GtkButtonsType = GTK_BUTTONS_OK) {
        let dialog = cgtk_message_dialog_new(cgtk_window(parent), type, buttons, text, detail)!
        titled(dialog, text)
        for response in [GTK_RESPONSE_OK, GTK_RESPONSE_CLOSE, GTK_RESPONSE_CANCEL, GTK_RESPONSE_YES, GTK_RESPONSE_NO] {
            cgtk_dialog_name_button_as_shown(dialog, response.rawValue)
        }
        Signal.connectInt(dialog, "response") { _ in gtk_window_destroy(cgtk_window(dialog)) }
        gtk_window_present(cgtk_window(dialog))
    }

    /// Asks before something destructive; `confirm` runs only if the user agrees.
    /// Returns the dialog, for a caller that keeps it while it is open; it destroys itself
    /// when answered.
    @discardableResult
    static func confirm(over parent: Widget, _ text: String, detail: String, actionLabel: String,
                        _ confirm: @escaping () -> Void) -> Widget {
        let dialog = cgtk_message_dialog_new(cgtk_window(parent), GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                             text, detail)!
        cgtk_dialog_add_button(dialog, tr("Cancel"), GTK_RESPONSE_CANCEL.rawValue)
        let destructive = cgtk_dialog_add_button(dialog, actionLabel, GTK_RESPONSE_ACCEPT.rawValue)!
        destructive.addCSSClasses("destructive-action")
        cgtk_dialog_name_button_as_shown(dialog, GTK_RESPONSE_CANCEL.rawValue)
        cgtk_dialog_name_button_as_shown(dialog, GTK_RESPONSE_ACCEPT.rawValue)
        cgtk_dialog_set_default_response(dialog, GTK_RESPONSE_CANCEL.rawValue)
        titled(dialog, text)
        Signal.connectInt(dialog, "response") { response in
            gtk_window_destroy(cgtk_window(dialog))
            if response == GTK_RESPONSE_ACCEPT.rawValue { confirm() }
        }
        gtk_window_present(cgtk_window(dialog))
        return dialog
    }

    /// GtkMessageDialog's title bar is an empty strip: a header bar says what the dialog is
    /// about, and `imager-message` (see Stylesheet) spaces its buttons apart.
    private static func titled(_ dialog: Widget, _ text: String) {
        gtk_window_set_title(cgtk_window(dialog), text)
        gtk_window_set_titlebar(cgtk_window(dialog), gtk_header_bar_new())
        dialog.addCSSClasses("imager-message")
    }
}
