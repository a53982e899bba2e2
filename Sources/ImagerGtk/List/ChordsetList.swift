import CAdw
import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// The scrolling list of chordsets: a GtkListView over `ChordsetListModel`, where several
/// rows may be selected (Ctrl+click, Shift+click, Ctrl+A: `ChordsetList+Selection.swift`).
/// GTK makes only the rows that are on screen (plus a few) and rebinds them as the list
/// scrolls, so 100,000 chordsets cost no more widgets than 20.
package final class ChordsetList {
    let controller: ChordsetController
    let model: ChordsetListModel
    /// Owned (one reference each): the list view and the scrolled window that holds it.
    package let listView: Widget
    package let scrolledWindow: Widget
    /// The widest the rows grow, in pixels: 760 of title and chords, and the row's insets.
    static let widest: Int32 = 784
    /// Borrowed: the GtkMultiSelection (a GtkSelectionModel), owned by the list view.
    package let selection: OpaquePointer
    /// Owned: the row menu's model, shared by every row.
    let rowMenuModel: UnsafeMutablePointer<GMenuModel>

    /// The window decides what a delete and a colour pick do (toast, dialog).
    var onDelete: (UUID) -> Void = { _ in }
    var onEditChord: (UUID, Int) -> Void = { _, _ in }
    var onSelectionChanged: () -> Void = {}
    /// The lumis of a chordset's chords, read when a bound row is first drawn (the list holds
    /// no lumis itself: only the rows on screen need theirs, and GTK binds many more).
    /// The controller's, set before the first bind (GTK may bind rows while the window is
    /// being built); tests put their own lumis here, which also empties `knownLumisOf`.
    var lumisOf: (UUID) -> ChordsetLumis {
        didSet { knownLumisOf = { _ in nil } }
    }
    /// Lumis known without a read (the controller's cache and unsaved edits), shown at bind.
    var knownLumisOf: (UUID) -> ChordsetLumis?

    /// Every row GTK has made, by list item, bound or not.
    private var rows: [OpaquePointer: ChordsetRow] = [:]
    /// Rows whose refresh after a large removal waits for the frame (ChordsetList+FarRows).
    var farRows = FarRows()
    /// Rows whose list items GTK destroyed, for the list items it makes next (GTK 4.8).
    private var spareRows = SpareRows()
    /// A row to put into editing as soon as GTK binds it (after scrolling to it).
    var pendingEdit: Int?
    /// The row whose title `editRow` opened, until its field has the keyboard focus
    /// (ChordsetList+OpeningTitle).
    weak var openingTitleRow: ChordsetRow?
    /// The frame clock's layout signal while a row is brought into view (ChordsetList+RowIntoView).
    var rowIntoViewLayout: SignalHandle?
    /// Called when `editRow` has opened a title, with its editor (TitleTypeAhead types the
    /// keys that came before).
    var onTitleOpened: (TitleEditor) -> Void = { _ in }
    /// The chordset whose title was clicked last, with no change of the selection since: a
    /// click on its title renames it (TitleEditor).
    var titleClickedLast: UUID?
    /// A row to give the keyboard focus as soon as GTK binds it (after a move).
    var pendingFocus: Int?
    /// The frame clock's layout signal while a row is brought above the toast, and the
    /// layouts waited so far (ChordsetList+RoomAtFoot).
    var footLayout: SignalHandle?
    var footLayouts = 0
    private weak var openRow: ChordsetRow?
    /// While a search is shown: which chordsets the rows show. Without one, row N shows
    /// chordset N. The methods below take chordset indices (the controller's) unless their
    /// names say rows.
    var filter: ListFilter?
    let search = TitleSearch()
    /// The pending `refreshSearchWhenIdle`, if any.
    var searchRefresh: ScheduledWork?
    /// How many of the controller's changes the list has followed: titles folded for the
    /// search from a copy of the list are taken only if it has not changed since.
    var changesFollowed = 0
    /// The chordsets selected last, kept while a search hides them, so closing the search
    /// selects them again, and while a reload moves them to other rows.
    var lastSelectedIDs: [UUID] = []
    /// While the model follows the controller, rows briefly show other chordsets than the
    /// selection was made on: the selection's ids are not read then.
    var isFollowingController = false
    /// Rows dragged within the list land here (each row's `RowDragSource` starts the drag).
    private(set) lazy var dropTarget = ListDropTarget(list: self)

    init(controller: ChordsetController) {
        self.controller = controller
        // Rows show the lumis the controller knows at bind and read the rest when first
        // drawn: only the ~200 rows GTK keeps ever hold them, and only those on screen read.
        lumisOf = { [weak controller] id in controller?.lumis(of: id) ?? .none }
        knownLumisOf = { [weak controller] id in controller?.knownLumis(of: id) }
        model = ChordsetListModel(count: controller.count)

        // No row looks selected until the person moves to one: the selection
        // follows the focus once they have pressed a key or clicked (`selectsOnFocus`).
        let multi = gtk_multi_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(model.listModel))))!
        selection = cgtk_selection_model(UnsafeMutableRawPointer(multi))!
        let factory = gtk_signal_list_item_factory_new()!
        listView = gtk_list_view_new(selection, factory)
        g_object_ref_sink(listView)
        listView.addCSSClasses("chordset-list")
        gtk_list_view_set_show_separators(cgtk_list_view(listView), 1)
        listView.setAccessibleLabel(tr("Chordsets"))

        scrolledWindow = gtk_scrolled_window_new()
        g_object_ref_sink(scrolledWindow)
        gtk_scrolled_window_set_policy(cgtk_scrolled_window(scrolledWindow), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // In a wide window the rows keep a readable width, centred, as GNOME's lists do: a
        // title and its eight chords, not a title at one edge and its chords at the other.
        let clamp = adw_clamp_scrollable_new()!
        adw_clamp_scrollable_set_maximum_size(cadw_clamp_scrollable(clamp), Self.widest)
        adw_clamp_scrollable_set_tightening_threshold(cadw_clamp_scrollable(clamp), Self.widest)
        adw_clamp_scrollable_set_child(cadw_clamp_scrollable(clamp), listView)
        gtk_scrolled_window_set_child(cgtk_scrolled_window(scrolledWindow), clamp)
        gtk_widget_set_vexpand(scrolledWindow, 1)

        let menu = g_menu_new()!
        g_menu_append(menu, tr("Perform"), WindowAction.perform.detailedName)
        g_menu_append(menu, tr("Rename"), WindowAction.renameChordset.detailedName)
        g_menu_append(menu, tr("Duplicate"), WindowAction.duplicateChordset.detailedName)
        g_menu_append(menu, tr("Delete"), WindowAction.deleteChordset.detailedName)
        g_menu_append(menu, tr("Export Selected…"), WindowAction.exportSelected.detailedName)
        g_menu_append(menu, tr("Export Palette…"), WindowAction.exportPalette.detailedName)
        g_menu_append(menu, tr("Export Image…"), WindowAction.exportImage.detailedName)
        let order = g_menu_new()!
        g_menu_append(order, tr("Move Up"), WindowAction.moveUp.detailedName)
        g_menu_append(order, tr("Move Down"), WindowAction.moveDown.detailedName)
        g_menu_append_section(menu, nil, cgtk_menu_model(UnsafeMutableRawPointer(order)))
        g_object_unref(UnsafeMutableRawPointer(order))
        rowMenuModel = cgtk_menu_model(UnsafeMutableRawPointer(menu))

        connectFactory(factory)
        Signal.connectRange(selection, "selection-changed") { [weak self] _, _ in
            guard let self else { return }
            self.selectionDidChange()
        }
        Signal.connectPointer(listView, "activate") { [weak self] position in
            guard let self else { return }
            self.editRow(Int(UInt(bitPattern: position)))
        }
        _ = dropTarget
        prepareSearch()
    }

    isolated deinit {
        g_object_unref(listView)
        g_object_unref(scrolledWindow)
        g_object_unref(rowMenuModel)
    }

    private func connectFactory(_ factory: OpaquePointer) {
        Signal.connectPointer(factory, "setup") { [weak self] item in
            guard let self else { return }
            let listItem = cgtk_list_item(item)!
            let row = self.spareRows.take() ?? ChordsetRow(list: self)
            self.rows[listItem] = row
            row.attach(to: listItem)
        }
        Signal.connectPointer(factory, "bind") { [weak self] item in
            guard let self else { return }
            guard let row = self.rows[cgtk_list_item(item)] else { return }
            row.styleListItem()
            row.settleIfNew()
            // A row about to be edited or focused shows its chordset at once.
            if row.position != nil, row.position == self.pendingEdit || row.position == self.pendingFocus {
                self.refresh(row)
            } else {
                self.refreshWhenShown(row)
            }
            if let pending = self.pendingEdit, pending == row.position {
                // The title opens after this frame; until it does, the edit stays pending,
                // so keys typed meanwhile are kept for it (TitleTypeAhead) rather than
                // given to the list. Escape or another add in between changes the pending
                // edit, and this row's title does not open.
                MainLoop.idle { [weak self, weak row] in
                    guard let self, self.pendingEdit == pending else { return }
                    self.pendingEdit = nil
                    guard let row, row.position == pending else { return }
                    self.openTitle(of: row)
                }
            }
            // A row being brought into view gets the focus once it shows whole.
            if let pending = self.pendingFocus, pending == row.position, !self.isBringingIntoView {
                self.pendingFocus = nil
                MainLoop.idle { [weak self, weak row] in
                    guard let self, let row, row.position == pending else { return }
                    self.placeFocus(on: row)
                }
            }
        }
        Signal.connectPointer(factory, "unbind") { [weak self] item in
            guard let self else { return }
            self.rows[cgtk_list_item(item)]?.clear()
        }
        Signal.connectPointer(factory, "teardown") { [weak self] item in
            guard let self else { return }
            guard let row = self.rows.removeValue(forKey: cgtk_list_item(item)) else { return }
            row.detach()
            self.spareRows.keep(row)
        }
    }

    // MARK: Following the controller

    /// Mirrors one change of the controller's list.
    func apply(_ change: ListChange) {
        isFollowingController = true
        defer { isFollowingController = false }
        changesFollowed += 1
        search.follow(change)
        if case .reloaded = change { prepareSearch() } else { refreshSearchWhenIdle() }
        var change = change
        if filter != nil {
            guard let inRows = filter?.follow(change) else { return }
            if case .reloaded = inRows {
                // Too much changed to follow: search again, keeping the query.
                showSearch(filter?.query)
                return
            }
            change = inRows
        }
        let inPlace = removalInPlace(change)
        if let inPlace { change = inPlace.change }
        let selectionAfterRemoval = inPlace?.selection
        let nearView = inPlace?.nearView
        moveViewOntoRowsThatStay(newCount: rowCount)
        let contentMoved = model.apply(change, newCount: rowCount)
        switch change {
        case let .updated(index):
            for row in rows.values where row.position == index { refresh(row) }
        case let .moved(from, to):
            // The rows stay; those between the two places show the chordsets that moved
            // through them. Taking one row out and putting one in would make GTK 4.8 restyle
            // the ~200 rows it keeps, twice. The selection follows
            // the chordsets, as it does when GTK moves rows.
            let moved = min(from, to)...max(from, to)
            for row in rows.values { if let position = row.position, moved.contains(position) { refresh(row) } }
            select(ids: lastSelectedIDs)
        case .reloaded:
            // Rows kept their places but may show other chordsets now: select the same ones.
            if let selectionAfterRemoval, let nearView {
                // Selecting first: GTK 4.8 rebinds the rows whose selection changes, which
                // refreshes them, and the loop after it skips those.
                refreshingFarRowsLater(near: nearView) {
                    select(rows: selectionAfterRemoval)
                    rows.values.forEach(refreshNearNow)
                }
            } else {
                rows.values.forEach(refresh)
                if let selectionAfterRemoval { select(rows: selectionAfterRemoval) } else { select(ids: lastSelectedIDs) }
            }
        default:
            if contentMoved { rows.values.forEach(refresh) }
        }
    }

    /// Shows the chordset at the row's position (after a bind or when its position changed).
    func refresh(_ row: ChordsetRow) {
        farRows.didRefresh(row)
        guard let position = row.position, let index = chordsetIndex(ofRow: position) else { return }
        let chordset = controller.chordsets[index]
        let id = chordset.id
        row.show(chordset, lumis: knownLumisOf(id)) { [weak self] in self?.lumisOf(id) ?? .none }
    }

    // MARK: Scrolling, editing

    func scrollTo(position: Int) {
        if let row = row(ofChordset: position) { scrollToRow(row) }
    }

    func scrollToRow(_ row: Int) {
        cgtk_list_view_scroll_to(cgtk_list_view(listView), guint(row))
    }

    /// Selects the row, scrolls to it and puts its title into editing (now if the row is
    /// bound, otherwise as soon as GTK binds it).
    func edit(position: Int) {
        if let row = row(ofChordset: position) { editRow(row) }
    }

    /// `edit(position:)` for the row at `rowPosition` of the list view.
    func editRow(_ rowPosition: Int) {
        guard rowPosition < rowCount else { return }
        selectRow(rowPosition)
        scrollToRow(rowPosition)
        if let row = boundRow(atRow: rowPosition) {
            openTitle(of: row)
        } else {
            pendingEdit = rowPosition
        }
    }

    /// Puts the focus on the selected row, or the first, announced by its title; false with
    /// no rows. A row not bound yet (scrolled far away) gets the focus once GTK binds it.
    @discardableResult
    func focusRow(at chosen: Int? = nil) -> Bool {
        guard controller.count > 0 else { return false }
        let position = min(chosen ?? selectedPosition ?? 0, controller.count - 1)
        scrollTo(position: position)
        if let row = boundRow(at: position) {
            row.focus()
        } else {
            MainLoop.idle { [weak self] in self?.boundRow(at: position)?.focus() }
        }
        return true
    }

    /// Gives the keyboard focus to chord `slot` of chordset `id`, scrolling to it.
    func focusCell(of id: UUID, slot: Int) {
        guard let index = controller.index(of: id) else { return }
        scrollTo(position: index)
        if let row = boundRow(at: index) { row.cells[slot].grabFocus() }
    }

    /// Whether the keyboard focus is in the row at `position`.
    func hasFocus(at position: Int) -> Bool {
        guard let row = boundRow(at: position), let root = gtk_widget_get_root(listView),
              let focus = gtk_root_get_focus(root), let item = gtk_widget_get_parent(row.widget) else { return false }
        return focus == item || gtk_widget_is_ancestor(focus, item) != 0
    }

    /// Selects the row, scrolls to it and gives it the keyboard focus (a moved row's item is
    /// new to GTK, which does not carry the focus over from the old one).
    package func focus(position: Int) {
        guard let position = row(ofChordset: position) else { return }
        // One of several selected rows keeps the others (Escape after a search).
        if !isSelected(row: position) { selectRow(position) }
        scrollToRow(position)
        // Once the row shows whole (ChordsetList+RowIntoView), and after the selection that
        // followed the focus out of the old item (`focusDidEnter`, run on an idle scheduled
        // before this).
        bringIntoView(row: { [weak self] in self?.pendingFocus == position ? position : nil }, then: { [weak self] in
            guard let self, self.pendingFocus == position, let row = self.boundRow(atRow: position) else { return }
            self.pendingFocus = nil
            self.placeFocus(on: row)
        })
        pendingFocus = position
    }

    /// Before the rows `going` (list view rows) go, the focus in one of them moves
    /// to the row that will take its place (the next row that stays, or the one before them
    /// all at the list's end). GTK would otherwise find the focus gone with the row's widget
    /// and, after the frame, give it to the list's first row, scrolling the view there.
    /// Selection does not follow this move: the rows shift under it when the others go.
    func handOverFocus(fromRows going: Set<Int>) {
        guard let focused = focusedRow, going.contains(focused) else { return }
        let after = (focused + 1..<rowCount).first { !going.contains($0) }
        let before = stride(from: focused - 1, through: 0, by: -1).first { !going.contains($0) }
        guard let heir = (after ?? before).flatMap(boundRow(atRow:)) else { return }
        let selects = selectsOnFocus
        selectsOnFocus = false
        heir.grabFocus()
        selectsOnFocus = selects
    }

    private func placeFocus(on row: ChordsetRow) {
        guard let position = row.position else { return }
        if !isSelected(row: position) { selectRow(position) }
        row.grabFocus()
    }

    /// The row of the list view that the keyboard focus is in.
    var focusedRow: Int? {
        rows.values.first { $0.chordsetID != nil && $0.containsFocus }?.position
    }

    /// The chord cell that has the keyboard focus: its chordset and slot.
    var focusedCell: (UUID, Int)? {
        for row in rows.values {
            guard let id = row.chordsetID, row.containsFocus else { continue }
            if let cell = row.cells.first(where: { gtk_widget_has_focus($0.widget) != 0 }) { return (id, cell.slot) }
        }
        return nil
    }

    /// The bound row showing chordset `position`.
    func boundRow(at position: Int) -> ChordsetRow? {
        row(ofChordset: position).flatMap(boundRow(atRow:))
    }

    func boundRow(atRow position: Int) -> ChordsetRow? {
        guard let row = rows.values.first(where: { $0.position == position && ($0.chordsetID != nil || farRows.isWaiting($0)) })
        else { return nil }
        // Only the row asked for: the others wait for the frame (ChordsetList+FarRows).
        if farRows.isWaiting(row) { refresh(row) }
        return row
    }

    /// Rows that show a chordset now, with their positions (focus moves look among them).
    var boundRows: [ChordsetRow] {
        refreshFarRowsNow()
        return rows.values.filter { $0.chordsetID != nil && $0.position != nil }.sorted { $0.position! < $1.position! }
    }

    /// Every row GTK has made, bound or not.
    var allRows: Dictionary<OpaquePointer, ChordsetRow>.Values { rows.values }

    /// Commits any title being typed, so a save includes it.
    package func commitEditing() {
        for row in rows.values where row.title.isEditing { row.title.commit() }
    }

    func showMenuForSelection() {
        guard let position = selectedPosition else { return }
        scrollTo(position: position)
        boundRow(at: position)?.showMenu()
    }

    // MARK: Called by rows

    func rename(id: UUID, to title: String) {
        if !controller.rename(id: id, to: title), let index = controller.index(of: id) {
            // Nothing changed (an empty title keeps the old one): show the title again.
            for row in rows.values where row.position == self.row(ofChordset: index) { refresh(row) }
        }
    }

    /// False until the person first presses a key or clicks in the window: the focus GTK
    /// puts in the list at launch selects nothing.
    var selectsOnFocus = false

    /// The focus moved into the row at `position`: select it, unless it already is, or the
    /// focus has left it again meanwhile (a moved row took it back).
    /// Not while Ctrl or Shift is held: the list view is then choosing several rows
    /// (Ctrl+click, Shift+click, Shift+arrow), and a row the focus enters that is selected
    /// already stays one of several.
    func focusDidEnter(position: Int) {
        guard selectsOnFocus, !isSelected(row: position), !choosingSeveral else { return }
        // Once GTK has finished moving the focus: changing the selection moves it again.
        MainLoop.idle { [weak self] in
            guard let self, !self.isSelected(row: position), !self.choosingSeveral, position < self.rowCount,
                  self.pendingFocus == nil, self.boundRow(atRow: position)?.containsFocus ?? true else { return }
            self.selectRow(position)
        }
    }

    func delete(id: UUID) { onDelete(id) }

    func editChord(id: UUID, slot: Int) { onEditChord(id, slot) }

    /// Only one row stays open at a time.
    func rowDidOpen(_ row: ChordsetRow) {
        if let openRow, openRow !== row { openRow.swipe.close() }
        openRow = row
    }
}
