import CGtk
import ImagerGLib

/// The search bar under the header bar: Ctrl+F, or typing while the list has the focus,
/// opens it; Escape in the field or anywhere in the list closes it, and Down in the field
/// goes to the list's first row. It reports the text as it changes (GtkSearchEntry waits
/// for a short pause in the typing) and when it closes.
package final class SearchBar {
    /// Borrowed: owned by the window's content box.
    let widget: Widget
    let entry: Widget
    var onChange: (String) -> Void = { _ in }
    var onClose: () -> Void = {}
    /// Down in the field: the list takes the focus (on its first row); false when it has no rows.
    var onDown: () -> Bool = { false }

    init(typingIn list: Widget) {
        widget = gtk_search_bar_new()
        entry = gtk_search_entry_new()
        entry.setAccessibleLabel(tr("Search chordsets"))
        gtk_widget_set_size_request(entry, 320, -1)
        gtk_search_bar_set_child(OpaquePointer(widget), entry)
        gtk_search_bar_connect_entry(OpaquePointer(widget), cgtk_editable(entry))
        gtk_search_bar_set_show_close_button(OpaquePointer(widget), 0)
        // Typing in the list starts a search; the title field and cells keep their keys.
        gtk_search_bar_set_key_capture_widget(OpaquePointer(widget), list)
        Signal.connect(entry, "search-changed") { [weak self] in
            guard let self else { return }
            self.onChange(self.text)
        }
        Signal.connectPointer(widget, "notify::search-mode-enabled") { [weak self] _ in
            guard let self else { return }
            self.hideFromScreenReaders(!self.isOpen)
            if !self.isOpen { self.onClose() }
        }
        hideFromScreenReaders(true)
        followKeys(in: list)
    }

    /// GtkSearchBar forwards the list's keys to the field but not its Escape, and the
    /// field's Down would go to the nearest control below it (the first row's first chord).
    private func followKeys(in list: Widget) {
        let fieldKeys = gtk_event_controller_key_new()!
        Signal.connectKey(fieldKeys, "key-pressed") { [weak self] keyval, modifiers in
            guard let self, keyval == UInt32(GDK_KEY_Down) || keyval == UInt32(GDK_KEY_KP_Down),
                  modifiers.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue) == 0
            else { return false }
            return self.onDown()
        }
        gtk_widget_add_controller(entry, fieldKeys)
        // Bubbling: a title being typed (its field is in the list) takes its Escape first.
        let listKeys = gtk_event_controller_key_new()!
        Signal.connectKey(listKeys, "key-pressed") { [weak self] keyval, _ in
            guard let self, keyval == UInt32(GDK_KEY_Escape), self.isOpen else { return false }
            self.close()
            return true
        }
        gtk_widget_add_controller(list, listKeys)
    }

    /// A closed bar keeps its entry "visible" to GTK 4.8's accessibility tree (only the
    /// revealer around it is collapsed), so screen readers would find an empty search field.
    private func hideFromScreenReaders(_ hidden: Bool) {
        cgtk_accessible_set_hidden_to(cgtk_accessible(widget), hidden ? 1 : 0)
    }

    package var isOpen: Bool { gtk_search_bar_get_search_mode(OpaquePointer(widget)) != 0 }

    var text: String { String(cString: gtk_editable_get_text(cgtk_editable(entry))) }

    func open() {
        gtk_search_bar_set_search_mode(OpaquePointer(widget), 1)
        gtk_widget_grab_focus(entry)
    }

    /// Closes the bar and empties it (the next search starts afresh).
    package func close() {
        gtk_search_bar_set_search_mode(OpaquePointer(widget), 0)
    }
}
