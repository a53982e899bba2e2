import CAdw
import CGtk

/// What the window shows instead of the list: with no chordsets (an icon, a title, a hint and
/// a button), and for a search that matches nothing (GNOME's "No Results Found"). Both are
/// libadwaita status pages, which scroll when the window is too short for them.
enum EmptyState {
    static func make() -> Widget {
        let page = page(icon: "view-grid-symbolic", title: tr("No Chordsets"),
                        hint: tr("Use the + button to add a chordset, or import a file from the main menu"))
        let add = Widgets.textButton(tr("Add Chordset"), action: WindowAction.addChordset.detailedName,
                                     classes: "suggested-action", "pill")
        gtk_widget_set_halign(add, GTK_ALIGN_CENTER)
        adw_status_page_set_child(cadw_status_page(page), add)
        return page
    }

    static func noResults() -> Widget {
        page(icon: "edit-find-symbolic", title: tr("No Results Found"),
             hint: tr("No chordset’s title contains the text searched for"))
    }

    private static func page(icon name: String, title: String, hint: String) -> Widget {
        let page = adw_status_page_new()!
        adw_status_page_set_icon_name(cadw_status_page(page), name)
        adw_status_page_set_title(cadw_status_page(page), title)
        // The description is Pango markup: the hint (a translation) goes in as plain text.
        let escaped = g_markup_escape_text(hint, -1)!
        adw_status_page_set_description(cadw_status_page(page), escaped)
        g_free(escaped)
        return page
    }
}
