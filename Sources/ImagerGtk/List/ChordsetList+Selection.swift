import CGtk
import Foundation
import ImagerCore

/// The selection: any number of rows. GtkListView chooses with the mouse and
/// keys itself (Ctrl+click, Shift+click, Shift+arrows, Ctrl+Space, Ctrl+A); this reads it
/// and sets it. Actions on "the selection" (Delete, Duplicate, Export Selected…) take
/// `selectedChordsets`; those on one chordset (Rename, Perform, Move Up) take the primary one,
/// `selectedPosition`.
extension ChordsetList {
    /// The selected rows of the list view, in order.
    var selectedRows: [Int] { selectedRows(below: rowCount) }

    /// The selected rows before `limit`: the list view's count, which is not yet the rows'
    /// while the list follows a change.
    func selectedRows(below limit: Int) -> [Int] {
        let bitset = gtk_selection_model_get_selection(selection)!
        defer { gtk_bitset_unref(bitset) }
        var rows: [Int] = []
        rows.reserveCapacity(Int(gtk_bitset_get_size(bitset)))
        var iterator = GtkBitsetIter()
        var row: guint = 0
        var more = gtk_bitset_iter_init_first(&iterator, bitset, &row)
        while more != 0, Int(row) < limit {
            rows.append(Int(row))
            more = gtk_bitset_iter_next(&iterator, &row)
        }
        return rows
    }

    var selectedCount: Int {
        let bitset = gtk_selection_model_get_selection(selection)!
        defer { gtk_bitset_unref(bitset) }
        return Int(gtk_bitset_get_size(bitset))
    }

    /// The selected chordsets, in list order.
    var selectedChordsets: [Chordset] {
        selectedRows.compactMap(chordsetIndex(ofRow:)).map { controller.chordsets[$0] }
    }

    /// The most chordsets a copy or a drag out of the window carries: their JSON is made on
    /// the main thread when it starts, and held in memory or written to a file then (about
    /// 3 MB for 1,000 with lumis). Export Selected… writes any number, off the main loop.
    static let carryLimit = 1_000

    /// What a drag of the row at `row` carries out of the window: the whole selection, in
    /// list order, when the row is one of several selected rows, up to `carryLimit`;
    /// otherwise that row's chordset alone.
    func chordsetsCarried(draggingRow row: Int, chordset: Chordset) -> [Chordset] {
        guard isSelected(row: row), (2...Self.carryLimit).contains(selectedCount) else { return [chordset] }
        return selectedChordsets
    }

    /// The one row actions on a single chordset take: the only selected row, or of several
    /// the one the focus is in, or else the first.
    var selectedRow: Int? {
        let bitset = gtk_selection_model_get_selection(selection)!
        defer { gtk_bitset_unref(bitset) }
        guard gtk_bitset_get_size(bitset) > 0 else { return nil }
        if gtk_bitset_get_size(bitset) > 1, let focused = focusedRow, gtk_bitset_contains(bitset, guint(focused)) != 0 {
            return focused
        }
        let first = Int(gtk_bitset_get_minimum(bitset))
        return first < rowCount ? first : nil
    }

    /// The primary selected chordset's index in the controller's list.
    var selectedPosition: Int? {
        selectedRow.flatMap(chordsetIndex(ofRow:))
    }

    package var selectedChordset: Chordset? {
        selectedPosition.map { controller.chordsets[$0] }
    }

    func isSelected(row: Int) -> Bool {
        gtk_selection_model_is_selected(selection, guint(row)) != 0
    }

    /// Selects this row only.
    func selectRow(_ row: Int) {
        gtk_selection_model_select_item(selection, guint(row), 1)
    }

    package func select(position: Int) {
        if let row = row(ofChordset: position) { selectRow(row) }
    }

    func selectAll() {
        gtk_selection_model_select_all(selection)
    }

    package func unselectAll() {
        gtk_selection_model_unselect_all(selection)
    }

    /// Selects exactly the rows showing these chordsets (those shown), in one change.
    func select(ids: [UUID]) {
        let places = controller.indices(of: ids)
        let rows = ids.compactMap { places[$0] }.compactMap(row(ofChordset:))
        select(rows: rows)
    }

    /// Selects exactly these rows, in one change (one selection-changed, however many).
    func select(rows: [Int]) {
        let count = rowCount
        let selected = gtk_bitset_new_empty()!
        let mask = gtk_bitset_new_range(0, guint(count))!
        defer {
            gtk_bitset_unref(selected)
            gtk_bitset_unref(mask)
        }
        for row in rows where row < count { gtk_bitset_add(selected, guint(row)) }
        gtk_selection_model_set_selection(selection, selected, mask)
    }

    /// Whether Ctrl or Shift is held: the list view is choosing several rows.
    var choosingSeveral: Bool {
        guard let display = gtk_widget_get_display(listView), let seat = gdk_display_get_default_seat(display),
              let keyboard = gdk_seat_get_keyboard(seat) else { return false }
        let state = gdk_device_get_modifier_state(keyboard).rawValue
        return state & (GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue) != 0
    }

    /// Remembers what is selected (unless the rows are following a change of the list,
    /// when they may briefly show other chordsets) and tells the window.
    func selectionDidChange() {
        // Selected by anything but that click (the keyboard, a delete, Undo): one click on the
        // title selects, as a first click does.
        titleClickedLast = nil
        if !isFollowingController { lastSelectedIDs = selectedChordsets.map(\.id) }
        onSelectionChanged()
    }
}
