import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// Takes rows dragged within the list: while one hovers, the drop indicator shows the gap it
/// would land in (`DropPlacement`) and the list scrolls near its edges (`EdgeScroll`); on the
/// drop the chordset moves there, one undo step, and its row is selected and focused.
/// It takes only drags carrying `RowDragSource.internalMimeType`, and of those only the one
/// this process began (a drag's id is read from the drag in flight, not from the data), so
/// files dragged in from outside go on to the window's own drop target.
final class ListDropTarget {
    /// A row being dragged: its chordset, and GDK's drag (borrowed; compared, never used).
    struct Drag {
        let id: UUID
        let drag: OpaquePointer?
    }

    private(set) var current: Drag?
    let indicator = DropIndicator()
    let edgeScroll: EdgeScroll
    /// Weak: the list owns this target.
    private weak var list: ChordsetList?
    /// The last pointer position over the list, for the indicator to follow an edge scroll.
    private var lastPoint: (x: Double, y: Double)?

    init(list: ChordsetList) {
        self.list = list
        edgeScroll = EdgeScroll(scrolledWindow: list.scrolledWindow)
        edgeScroll.onScrolled = { [weak self] in
            guard let self, let point = self.lastPoint else { return }
            _ = self.hover(x: point.x, y: point.y)
        }

        let target = gtk_drop_target_async_new(gdk_content_formats_parse(RowDragSource.internalMimeType), GDK_ACTION_MOVE)!
        Signal.connectDropMotion(target, "drag-enter") { [weak self] drop, x, y in self?.motion(drop, x: x, y: y) ?? GdkDragAction(rawValue: 0) }
        Signal.connectDropMotion(target, "drag-motion") { [weak self] drop, x, y in self?.motion(drop, x: x, y: y) ?? GdkDragAction(rawValue: 0) }
        Signal.connectPointer(target, "drag-leave") { [weak self] _ in self?.leave() }
        Signal.connectDropAt(target) { [weak self] drop, x, y in
            let moved = self.map { $0.isOurs(drop) && $0.drop(x: x, y: y) } ?? false
            // Finished here either way: a drop that moves nothing is taken as no action, so
            // the drag's icon goes back to where it came from.
            if let drop { gdk_drop_finish(drop, moved ? GDK_ACTION_MOVE : GdkDragAction(rawValue: 0)) }
            return true
        }
        gtk_widget_add_controller(list.listView, target)
    }

    // MARK: The drag

    func dragBegan(id: UUID, drag: OpaquePointer?) {
        current = Drag(id: id, drag: drag)
    }

    func dragEnded(_ drag: OpaquePointer?) {
        guard current?.drag == drag else { return }
        current = nil
        leave()
    }

    private func isOurs(_ drop: OpaquePointer?) -> Bool {
        guard let current, let drop, let drag = gdk_drop_get_drag(drop) else { return false }
        return drag == current.drag
    }

    private func motion(_ drop: OpaquePointer?, x: Double, y: Double) -> GdkDragAction {
        guard isOurs(drop) else { return GdkDragAction(rawValue: 0) }
        return hover(x: x, y: y) ? GDK_ACTION_MOVE : GdkDragAction(rawValue: 0)
    }

    // MARK: Hovering and dropping (the pointer in the list view's coordinates)

    /// Shows where a drop at the point would land and scrolls near the edges; true when a
    /// drop there would move the dragged chordset.
    @discardableResult
    func hover(x: Double, y: Double) -> Bool {
        guard let list else { return false }
        lastPoint = (x, y)
        edgeScroll.pointerMoved(y: y, height: Double(gtk_widget_get_height(list.listView)))
        guard let gap = gap(x: x, y: y), destination(gap: gap) != nil else {
            indicator.clear()
            return false
        }
        if gap < list.rowCount, let below = list.boundRow(atRow: gap) {
            indicator.show(on: below, edge: .above)
        } else if let above = list.boundRow(atRow: gap - 1) {
            indicator.show(on: above, edge: .below)
        } else {
            indicator.clear()
        }
        return true
    }

    /// The pointer left the list, or the drag ended.
    func leave() {
        lastPoint = nil
        indicator.clear()
        edgeScroll.stop()
        // GTK 4.8's async drop target sets the list's drop state (the theme's green frame)
        // while a row hovers, and after a drop in the list never takes it off again.
        if let list { gtk_widget_unset_state_flags(list.listView, GTK_STATE_FLAG_DROP_ACTIVE) }
    }

    /// Moves the dragged chordset to the gap under the point; true when it moved.
    @discardableResult
    func drop(x: Double, y: Double) -> Bool {
        defer { leave() }
        if let list, let current, let gap = gap(x: x, y: y) {
            let chosen = list.selectedChordsets.map(\.id)
            if chosen.count > 1, chosen.contains(current.id) { return dropSeveral(chosen, gap: gap, in: list) }
        }
        guard let list, let current, let gap = gap(x: x, y: y), let target = destination(gap: gap),
              list.controller.move(id: current.id, to: target), let moved = list.controller.index(of: current.id)
        else { return false }
        list.focus(position: moved)
        _ = cgtk_accessible_announce(cgtk_accessible(list.listView), tr("“{title}” moved to position {position} of {count}", [
            "title": list.controller.chordsets[moved].title, "position": String(moved + 1), "count": String(list.controller.count),
        ]))
        return true
    }

    /// A row of several selected was dragged: they all move, together and in their order,
    /// after the chordset of the row above the gap (during a search, after the nearest one
    /// above it that is not moving), as one undo step, and stay selected.
    private func dropSeveral(_ ids: [UUID], gap: Int, in list: ChordsetList) -> Bool {
        let moving = Set(ids)
        let chordsets = list.controller.chordsets
        var above: Int? = gap == 0 ? list.chordsetIndex(ofRow: 0).map { $0 - 1 } : list.chordsetIndex(ofRow: gap - 1)
        while let index = above, index >= 0, moving.contains(chordsets[index].id) { above = index - 1 }
        let anchor = above.flatMap { $0 >= 0 ? chordsets[$0].id : nil }
        guard list.controller.move(ids: ids, after: anchor) else { return false }
        list.select(ids: ids)
        if let first = list.controller.indices(of: ids).values.min() {
            list.scrollTo(position: first)
            _ = cgtk_accessible_announce(cgtk_accessible(list.listView), trn(
                "{count} chordset moved to position {position}", "{count} chordsets moved to position {position}", ids.count,
                ["position": String(first + 1)]))
        }
        return true
    }

    /// Where the dragged chordset would go for a drop in `gap`; nil when nowhere (no drag,
    /// the list is read-only, or the gap is next to the row itself).
    func destination(gap: Int) -> Int? {
        guard let list, let current, !list.controller.isReadOnly, let from = list.controller.index(of: current.id) else { return nil }
        return DropPlacement.destination(from: from, fromRow: list.row(ofChordset: from), gap: gap,
                                         rowCount: list.rowCount, chordsetIndex: list.chordsetIndex(ofRow:))
    }

    /// The gap the point is over: by the half of the row under it, or below the last row
    /// when the point is past it. Nil over no row (between rows GTK has not bound).
    func gap(x: Double, y: Double) -> Int? {
        guard let list else { return nil }
        let rows = list.boundRows
        if let picked = gtk_widget_pick(list.listView, x, y, GTK_PICK_DEFAULT),
           let row = rows.first(where: { picked == $0.widget || gtk_widget_is_ancestor(picked, $0.widget) != 0
                                         || gtk_widget_get_parent($0.widget) == picked }),
           let position = row.position {
            var rowX = 0.0, rowY = 0.0
            guard cgtk_widget_translate_point(list.listView, row.widget, x, y, &rowX, &rowY) != 0 else { return nil }
            return DropPlacement.gap(row: position, y: rowY, height: Double(gtk_widget_get_height(row.widget)))
        }
        // Past the end of a short list.
        guard let last = rows.last, let position = last.position, position == list.rowCount - 1 else { return nil }
        var rowX = 0.0, rowY = 0.0
        guard cgtk_widget_translate_point(list.listView, last.widget, x, y, &rowX, &rowY) != 0,
              rowY >= Double(gtk_widget_get_height(last.widget)) else { return nil }
        return list.rowCount
    }
}
