import CGtk
import ImagerGLib

/// How the arrows move in the list. The list is one stop for Tab, as a GNOME
/// list is (`WindowAreas`); inside it:
/// - Left and Right move between a row (announced by its title) and its eight cells.
/// - Up and Down from a cell go to the same cell of the row above or below, so moving down
///   a column of colours is one key a step; from a row, to the row above or below. (GTK's
///   own list would do that too, but GTK 4.18's takes the first Down after the focus was put
///   on a row, as after a delete or at launch, to focus that same row again.) With Shift,
///   GTK's own list extends the selection.
/// - Home and End are GTK's own: the first and the last row, brought wholly into view.
/// A title being typed keeps its arrows.
final class ListKeyboard {
    private unowned let list: ChordsetList

    init(list: ChordsetList) {
        self.list = list
        let keys = gtk_event_controller_key_new()!
        // Capture: before the focused cell or GTK's list bindings see the key.
        gtk_event_controller_set_propagation_phase(cgtk_event_controller(keys.raw), GTK_PHASE_CAPTURE)
        Signal.connectKey(keys, "key-pressed") { [weak self] keyval, modifiers in
            self?.handle(keyval, modifiers) ?? false
        }
        gtk_widget_add_controller(list.listView, keys)
    }

    private func handle(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        let relevant = modifiers.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left, GDK_KEY_Right, GDK_KEY_KP_Right:
            guard relevant == 0, let place = focusPlace(), !place.row.title.isEditing else { return false }
            let right = keyval == UInt32(GDK_KEY_Right) || keyval == UInt32(GDK_KEY_KP_Right)
            let rightToLeft = gtk_widget_get_direction(list.listView) == GTK_TEXT_DIR_RTL
            move(in: place, towardCells: right != rightToLeft)
            return true
        case GDK_KEY_Up, GDK_KEY_KP_Up, GDK_KEY_Down, GDK_KEY_KP_Down:
            guard relevant == 0, let place = focusPlace(), !place.row.title.isEditing,
                  let position = place.row.position else { return false }
            let down = keyval == UInt32(GDK_KEY_Down) || keyval == UInt32(GDK_KEY_KP_Down)
            let target = position + (down ? 1 : -1)
            // Rows, not chordsets: during a search the list shows only some of them.
            guard target >= 0, target < list.rowCount else { return true }
            guard let row = list.boundRow(atRow: target) else { return false }
            if let slot = place.slot { row.cells[slot].grabFocus() } else { row.focus() }
            list.scrollToRow(target)
            return true
        case GDK_KEY_Home, GDK_KEY_KP_Home, GDK_KEY_End, GDK_KEY_KP_End:
            // GTK's own keys move the focus, scrolling by its estimate of a far row's place:
            // then the row is brought wholly into view.
            guard let place = focusPlace(), !place.row.title.isEditing else { return false }
            MainLoop.idle { [weak list] in list?.bringFocusedRowIntoView() }
            return false
        default:
            return false
        }
    }

    /// The row holding the focus, and the cell's slot when a cell has it (nil: the row).
    private func focusPlace() -> (row: ChordsetRow, slot: Int?)? {
        guard let root = gtk_widget_get_root(list.listView),
              let focus = gtk_root_get_focus(root) else { return nil }
        for row in list.boundRows {
            let item = gtk_widget_get_parent(row.widget)
            if focus == item || focus == row.widget { return (row, nil) }
            if gtk_widget_is_ancestor(focus, row.widget) != 0 {
                return (row, row.cells.firstIndex { $0.widget == focus })
            }
        }
        return nil
    }

    /// One step toward the cells (Right in left-to-right text) or back toward the title.
    private func move(in place: (row: ChordsetRow, slot: Int?), towardCells: Bool) {
        let cells = place.row.cells
        switch (place.slot, towardCells) {
        case (nil, true):
            cells[0].grabFocus()
        case let (slot?, true) where slot + 1 < cells.count:
            cells[slot + 1].grabFocus()
        case (0?, false):
            place.row.focus()
        case let (slot?, false):
            cells[slot - 1].grabFocus()
        default:
            break // already at an end
        }
    }
}
