import CGtk

/// What the window shows with no chordsets: an icon, a title, a hint and a button.
enum EmptyState {
    static func make() -> Widget {
        let page = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        page.addCSSClasses("empty-state")
        gtk_widget_set_valign(page, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(page, GTK_ALIGN_CENTER)
        page.setMargins(24)

        let icon = gtk_image_new_from_icon_name("view-grid-symbolic")!
        gtk_image_set_pixel_size(cgtk_image(icon), 96)
        icon.addCSSClasses("dim-label")
        // Decorative: screen readers read the title and the hint instead.
        cgtk_accessible_set_hidden(cgtk_accessible(icon))
        Widgets.append(icon, to: page)

        let title = Widgets.label(tr("No Chordsets"), classes: "title-1")
        Widgets.append(title, to: page)
        let hint = Widgets.label(tr("Use the + button to add a chordset, or import a file from the main menu"), classes: "dim-label")
        gtk_label_set_wrap(cgtk_label(hint), 1)
        gtk_label_set_justify(cgtk_label(hint), GTK_JUSTIFY_CENTER)
        Widgets.append(hint, to: page)

        let add = Widgets.textButton(tr("Add Chordset"), action: WindowAction.addChordset.detailedName,
                                     classes: "suggested-action", "pill")
        gtk_widget_set_halign(add, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(add, 12)
        Widgets.append(add, to: page)
        return page
    }

    /// What a search that matches nothing shows (GNOME's "No Results Found").
    static func noResults() -> Widget {
        let page = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        page.addCSSClasses("empty-state")
        gtk_widget_set_valign(page, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(page, GTK_ALIGN_CENTER)
        page.setMargins(24)
        let icon = gtk_image_new_from_icon_name("edit-find-symbolic")!
        gtk_image_set_pixel_size(cgtk_image(icon), 96)
        icon.addCSSClasses("dim-label")
        cgtk_accessible_set_hidden(cgtk_accessible(icon))
        Widgets.append(icon, to: page)
        Widgets.append(Widgets.label(tr("No Results Found"), classes: "title-1"), to: page)
        let hint = Widgets.label(tr("No chordset’s title contains the text searched for"), classes: "dim-label")
        gtk_label_set_wrap(cgtk_label(hint), 1)
        gtk_label_set_justify(cgtk_label(hint), GTK_JUSTIFY_CENTER)
        Widgets.append(hint, to: page)
        return page
    }
}
