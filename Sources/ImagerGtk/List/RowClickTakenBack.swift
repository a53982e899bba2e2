import CGtk
import ImagerGLib

/// Selects a row whose click GTK took back (`TakenBackPress`). The list item selects its row
/// at a click's release, and that release came unpaired: the row the person clicked would stay
/// unselected. This selects it as the list item would have (Ctrl toggles the row, Shift
/// extends the selection to it), wherever in the row the click was. Its gesture watches the
/// row's primary clicks and takes none of them.
enum RowClickTakenBack {
    /// Watches clicks on `row`, a list item's child.
    static func watch(_ row: Widget) {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(cgtk_gesture_single(click.raw), guint(GDK_BUTTON_PRIMARY))
        TakenBackPress.watch(click, on: row) { _, _ in
            let state = gtk_event_controller_get_current_event_state(cgtk_event_controller(click.raw)).rawValue
            var modifyAndExtend: [OpaquePointer?] = [
                g_variant_new_boolean(state & GDK_CONTROL_MASK.rawValue != 0 ? 1 : 0),
                g_variant_new_boolean(state & GDK_SHIFT_MASK.rawValue != 0 ? 1 : 0),
            ]
            gtk_widget_activate_action_variant(row, "listitem.select", g_variant_new_tuple(&modifyAndExtend, 2))
        }
        gtk_widget_add_controller(row, click)
    }
}
