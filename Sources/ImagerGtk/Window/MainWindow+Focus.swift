import CGtk
import ImagerGLib

/// Where Tab goes: between the window's areas, the header bar, the save banner (when it
/// shows), the list (or the empty state) and the toast (when it shows), in that order and
/// round again, as in GNOME's own apps. Inside the header bar, the banner, the empty state
/// and the toast, Tab moves from control to control; the list is one stop, entered at its
/// selected row, and its arrows move inside it (`ListKeyboard`).
extension MainWindow {
    func followKeyboard() {
        listKeyboard = ListKeyboard(list: list)
        titleTypeAhead = TitleTypeAhead(window: window, list: list)
        toast.onFocusLeft = { [weak self] in
            guard let self else { return }
            if !self.list.focusRow() { self.focusEmptyState() }
        }
        let keys = gtk_event_controller_key_new()!
        // Capture: before the focused widget or GTK's own focus chain sees Tab.
        gtk_event_controller_set_propagation_phase(cgtk_event_controller(keys.raw), GTK_PHASE_CAPTURE)
        Signal.connectKey(keys, "key-pressed") { [weak self] keyval, modifiers in
            self?.tab(keyval, modifiers) ?? false
        }
        gtk_widget_add_controller(window, keys)

        // The first key or click anywhere is the person moving: from then on the
        // selection follows the focus. Observes only; never claims the click.
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(cgtk_gesture_single(click.raw), 0)
        gtk_event_controller_set_propagation_phase(cgtk_event_controller(click.raw), GTK_PHASE_CAPTURE)
        Signal.connectPress(click, "pressed") { [weak self] _, _, _ in self?.list.selectsOnFocus = true }
        gtk_widget_add_controller(window, click)
    }

    private var showsList: Bool {
        gtk_stack_get_visible_child(cgtk_stack(pages)) == list.scrolledWindow
    }

    /// The areas Tab stops at, in order; the content is the list or the empty state.
    private var focusAreas: [Widget] {
        var areas: [Widget] = []
        if let headerBar { areas.append(headerBar) }
        if Revealers.isRevealing(banner.widget) { areas.append(banner.widget) }
        areas.append(showsList ? list.scrolledWindow : emptyPage)
        if let shown = toast.widget { areas.append(shown) }
        return areas
    }

    private func tab(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        list.selectsOnFocus = true
        let key = Int32(keyval)
        guard key == GDK_KEY_Tab || key == GDK_KEY_KP_Tab || key == GDK_KEY_ISO_Left_Tab,
              modifiers.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0,
              let focus = gtk_root_get_focus(gtk_widget_get_root(window)) else { return false }
        let forward = key != GDK_KEY_ISO_Left_Tab && modifiers.rawValue & GDK_SHIFT_MASK.rawValue == 0
        let direction = forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD
        let areas = focusAreas
        guard let current = areas.firstIndex(where: { focus == $0 || gtk_widget_is_ancestor(focus, $0) != 0 }) else {
            return false
        }
        // Within an area first, except in the list, which is one stop.
        if areas[current] != list.scrolledWindow, gtk_widget_child_focus(areas[current], direction) != 0 { return true }
        for step in 1..<max(areas.count, 2) {
            let next = areas[(current + (forward ? step : -step) + areas.count * step) % areas.count]
            if enter(next, direction) { return true }
        }
        return true
    }

    private func enter(_ area: Widget, _ direction: GtkDirectionType) -> Bool {
        if area == list.scrolledWindow { return list.focusRow() }
        return gtk_widget_child_focus(area, direction) != 0
    }

    /// With the last chordset gone, the empty state's Add button takes the focus.
    func focusEmptyState() {
        _ = gtk_widget_child_focus(emptyPage, GTK_DIR_TAB_FORWARD)
    }
}
