import CGtk
import ImagerCore
import ImagerGLib

/// A row's eight chord cells in a line, after the title. Pressing a cell (click, Enter or
/// Space) reports its slot. One click gesture and one key controller serve all eight cells
/// (GTK makes about 200 rows up front, so every controller per cell costs 1,600). The click
/// does not claim the pointer on press, so a swipe that starts on a cell still moves the row.
///
/// The cells are the row's own children, not a box's: GTK 4.8 restyles every row below
/// one it inserts (a delete inserts one), at a cost per widget in the row, so the row keeps
/// as few widgets as it can.
final class ChordStrip {
    /// Borrowed: the row's widget, which holds the cells and the two controllers.
    private let rowWidget: Widget
    let cells: [ChordCell]
    var onActivate: (Int) -> Void = { _ in }

    init(in row: SlidingRow) {
        rowWidget = row.widget
        cells = (0..<Chordset.chordCount).map { ChordCell(slot: $0) }
        for cell in cells { row.append(cell.widget) }
        for cell in cells { cell.onLumisNeeded = { [weak self] in self?.readPendingLumis() } }

        let click = gtk_gesture_click_new()!
        Signal.connectPress(click, "released") { [weak self] presses, x, y in
            guard let self else { return }
            guard presses == 1, let cell = self.cell(at: x, y) else { return }
            self.onActivate(cell.slot)
        }
        // A click whose press GTK took back before its release opens its chord all the same.
        TakenBackPress.watch(click, on: rowWidget) { [weak self] x, y in
            guard let self, let cell = self.cell(at: x, y) else { return }
            self.onActivate(cell.slot)
        }
        gtk_widget_add_controller(rowWidget, click)

        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(keys, "key-pressed") { [weak self] keyval, _ in
            guard let self else { return false }
            switch Int32(keyval) {
            case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter, GDK_KEY_space, GDK_KEY_KP_Space:
                guard let focused = gtk_widget_get_focus_child(self.rowWidget),
                      let cell = self.cells.first(where: { $0.widget == focused }) else { return false }
                self.onActivate(cell.slot)
                return true
            default:
                return false
            }
        }
        gtk_widget_add_controller(rowWidget, keys)
    }

    /// Shows the chordset's colours, and its lumis when they are known; otherwise `read`
    /// gives them when the first cell is drawn (rows GTK binds off screen never read theirs).
    func show(_ chordset: Chordset, lumis: ChordsetLumis?, read: @escaping () -> ChordsetLumis) {
        pendingRead = lumis == nil ? read : nil
        for cell in cells { cell.show(chordset.color(at: cell.slot), lumis: lumis?[cell.slot]) }
    }

    /// Until the first draw of a chordset whose lumis were not known.
    private var pendingRead: (() -> ChordsetLumis)?

    private func readPendingLumis() {
        guard let read = pendingRead else { return }
        pendingRead = nil
        let lumis = read()
        for cell in cells { cell.receive(lumis[cell.slot]) }
    }

    private func cell(at x: Double, _ y: Double) -> ChordCell? {
        guard let picked = gtk_widget_pick(rowWidget, x, y, GTK_PICK_DEFAULT) else { return nil }
        return cells.first { $0.widget == picked }
    }
}
