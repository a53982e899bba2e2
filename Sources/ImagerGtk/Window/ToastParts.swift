import CAdw
import CGtk

/// What every toast in Imager is made of, whichever window shows it: the message as a label
/// (never markup), in a title screen readers announce, and buttons named for them.
enum ToastParts {
    /// The message's label: up to three lines of about 40 characters, so that a sentence that
    /// says why something could not be done reads whole; only a message longer than that (a
    /// very long title) loses its middle.
    static func makeLabel() -> Widget {
        let label = Widgets.label("")
        gtk_label_set_wrap(cgtk_label(label), 1)
        gtk_label_set_wrap_mode(cgtk_label(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_lines(cgtk_label(label), 3)
        gtk_label_set_ellipsize(cgtk_label(label), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(cgtk_label(label), 40)
        // A message that fits stays on one line: asked how narrow it can be at the toast's
        // height, a wrapping label would say two lines' worth, and "“Forest” deleted" would
        // break in two. Its whole line as its natural width keeps it whole wherever it fits.
        gtk_label_set_natural_wrap_mode(cgtk_label(label), GTK_NATURAL_WRAP_NONE)
        return label
    }

    /// `label`, showing `message`, in a box that screen readers announce when it shows (an
    /// alert; GTK 4.8 has no call to announce a message, and `announce` uses it where GTK has
    /// one): a toast's custom title.
    static func title(_ message: String, in label: Widget) -> Widget {
        gtk_label_set_text(cgtk_label(label), message)
        let box = cgtk_box_new_with_role(GTK_ORIENTATION_HORIZONTAL, 0, GTK_ACCESSIBLE_ROLE_ALERT)!
        box.setAccessibleLabel(message)
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        Widgets.append(label, to: box)
        _ = cgtk_accessible_announce(cgtk_accessible(box), message)
        return box
    }

    /// The newest toast widget the overlay shows, once `adw_toast_overlay_add_toast` made it.
    static func newestWidget(in overlay: Widget) -> Widget? {
        overlay.children.last { String(cString: gtk_widget_get_css_name($0)) == "toast" }
    }

    /// Gives a toast widget's buttons the names libadwaita leaves out before 1.6 (the close
    /// button is an icon alone) or GTK 4.8 doubles (it reads the Undo button's label twice:
    /// "Undo Undo"), and their tooltips. Returns its Undo button, if it has one.
    @discardableResult
    static func nameButtons(of widget: Widget) -> Widget? {
        var undo: Widget?
        for child in widget.children where cgtk_is_button(child) != 0 {
            if gtk_button_get_icon_name(cgtk_button(child)).map({ String(cString: $0) }) == "window-close-symbolic" {
                child.setTooltip(tr("Dismiss"))
                child.setAccessibleLabel(tr("Dismiss"))
            } else {
                child.setAccessibleLabel(tr("Undo"))
                child.setTooltip(tr("Undo this change"))
                undo = child
            }
        }
        return undo
    }
}
