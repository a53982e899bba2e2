import CGtk

/// What the window shows instead of the list: with no chordsets (an icon, a title, a hint and
/// a button), and for a search that matches nothing (GNOME's "No Results Found").
enum EmptyState {
    static func make() -> Widget {
        let page = page(icon: "view-grid-symbolic", title: tr("No Chordsets"),
                        hint: tr("Use the + button to add a chordset, or import a file from the main menu"))
        let add = Widgets.textButton(tr("Add Chordset"), action: WindowAction.addChordset.detailedName,
                                     classes: "suggested-action", "pill")
        gtk_widget_set_halign(add, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(add, 12)
        Widgets.append(add, to: page)
        return page
    }

    static func noResults() -> Widget {
        page(icon: "edit-find-symbolic", title: tr("No Results Found"),
             hint: tr("No chordset’s title contains the text searched for"))
    }

    /// A centred status page: a large dimmed icon, a title and a wrapped hint.
    private static func page(icon name: String, title: String, hint: String) -> Widget {
        let page = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        page.addCSSClasses("empty-state")
        gtk_widget_set_valign(page, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(page, GTK_ALIGN_CENTER)
        page.setMargins(24)

        let icon = gtk_image_new_from_icon_name(name)!
        gtk_image_set_pixel_size(cgtk_image(icon), 96)
        icon.addCSSClasses("dim-label")
        // Decorative: screen readers read the title and the hint instead.
        cgtk_accessible_set_hidden(cgtk_accessible(icon))
        Widgets.append(icon, to: page)

        Widgets.append(Widgets.label(title, classes: "title-1"), to: page)
        let hintLabel = Widgets.label(hint, classes: "dim-label")
        gtk_label_set_wrap(cgtk_label(hintLabel), 1)
        gtk_label_set_justify(cgtk_label(hintLabel), GTK_JUSTIFY_CENTER)
        Widgets.append(hintLabel, to: page)
        return page
    }
}
