import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// The widgets of one visible row, made once in the factory's `setup` and refilled on every
/// bind: title, eight chord cells, and under them the Delete button that a swipe reveals.
/// A row shows whichever chordset is at its list item's position.
final class ChordsetRow {
    /// The least a row can be tall, in pixels (the stylesheet's `min-height`): one chord cell
    /// and the row's margins. The first page counts rows with it.
    static let minimumHeight: Int32 = 56

    /// Borrowed: the GtkListItem this row is the child of; nil while the row waits in the
    /// list's spare rows (`ChordsetList`) for GTK to make another list item.
    private(set) var listItem: OpaquePointer?
    private var positionChanges: SignalHandle?
    /// From `attach` to the list item's first bind: GTK has just made its widget (NewRowStyle).
    private var awaitsFirstBind = false
    /// The row's container: the title, the eight cells and, under them, the Delete button.
    private let container: SlidingRow
    /// Owned (one reference, taken in init): the row's widget tree, so it outlives a list
    /// item GTK destroys and serves the next one (`attach`). Borrowed from here down.
    var widget: Widget { container.widget }
    private var menu: Widget?
    /// Borrowed: the Delete button a swipe reveals, made on the first swipe.
    private var deleteButton: Widget?
    /// The title the accessible names were last set for.
    private var namedTitle: String?

    let title: TitleEditor
    let chords: ChordStrip
    var cells: [ChordCell] { chords.cells }
    let swipe: SwipeToDelete
    private var dragSource: RowDragSource?
    private(set) var chordsetID: UUID?
    /// Weak: GTK may emit a row's signals after its list is gone.
    private weak var list: ChordsetList?

    init(list: ChordsetList) {
        self.list = list

        // The title and the eight cells are the row's own children, the cells 6 pixels apart
        // and 12 from the title (4 apart on a line of their own, under the title, so that a
        // phone's 360-pixel window holds them), 12 pixels in from the sides and 10 from the
        // top and bottom.
        container = SlidingRow(spacing: 6, titleGap: 6, narrowSpacing: 4, inset: (horizontal: 12, vertical: 10))
        g_object_ref_sink(container.widget)
        container.widget.addCSSClasses("chordset-row")
        title = TitleEditor(in: container)
        chords = ChordStrip(in: container)

        swipe = SwipeToDelete(row: container)
        RowClickTakenBack.watch(container.widget)
        // A chordset always has eight chords; the description says what the group holds.
        cgtk_accessible_set_description(cgtk_accessible(container.widget),
                                        trn("{count} chord", "{count} chords", Chordset.chordCount))
        connectBehaviour()
        dragSource = RowDragSource(row: self, list: list)
    }

    isolated deinit {
        g_object_unref(widget)
    }

    private func connectBehaviour() {
        title.onCommit = { [weak self] text in
            guard let self else { return }
            guard let id = self.chordsetID else { return }
            self.list?.rename(id: id, to: text)
        }
        title.isOnlySelectedRow = { [weak self] in
            guard let self, let list = self.list, let position = self.position else { return false }
            return list.selectedCount == 1 && list.isSelected(row: position)
        }
        title.wasClickedLast = { [weak self] in
            guard let self, let id = self.chordsetID else { return false }
            return self.list?.titleClickedLast == id
        }
        title.onSingleClick = { [weak self] in
            guard let self, let list = self.list, let position = self.position, list.isSelected(row: position) else { return }
            list.titleClickedLast = self.chordsetID
        }
        // Enter and Escape hand the focus back to the row, for the keyboard to go on from there.
        title.onFinish = { [weak self] in
            guard let self else { return }
            if let row = gtk_widget_get_parent(self.widget) { gtk_widget_grab_focus(row) }
        }
        chords.onActivate = { [weak self] slot in
            guard let self else { return }
            guard let id = self.chordsetID, !self.swipe.isOpen else { return }
            self.list?.editChord(id: id, slot: slot)
        }
        swipe.makeUnderlay = { [weak self] in self?.makeUnderlay() ?? Widgets.box(GTK_ORIENTATION_HORIZONTAL) }
        swipe.onOpen = { [weak self] in
            guard let self else { return }
            self.list?.rowDidOpen(self)
        }
        // Selection follows the focus: Delete, F2 and the menu act on the selected row, and
        // that must be the row the user is in, even when the focus came by Tab or a click on
        // a chord, which the list view does not turn into a selection.
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(focus, "enter") { [weak self] in
            guard let self, let position = self.position else { return }
            self.list?.focusDidEnter(position: position)
        }
        gtk_widget_add_controller(widget, focus)

        let secondaryClick = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(cgtk_gesture_single(secondaryClick.raw), guint(GDK_BUTTON_SECONDARY))
        Signal.connectPress(secondaryClick, "pressed") { [weak self] _, x, y in
            guard let self else { return }
            self.showMenu(x: x, y: y)
        }
        gtk_widget_add_controller(widget, secondaryClick)
        let longPress = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(cgtk_gesture_single(longPress.raw), 1)
        Signal.connectPoint(longPress, "pressed") { [weak self] x, y in self?.showMenu(x: x, y: y) }
        gtk_widget_add_controller(widget, longPress)
        // A row that moved while out of sight shows its chordset before it is drawn.
        Signal.connect(widget, "map") { [weak self] in
            guard let self else { return }
            self.list?.rowShown(self)
        }
    }

    /// Becomes the child of `listItem` (a new row, or a spare one made for an earlier item).
    func attach(to listItem: OpaquePointer) {
        self.listItem = listItem
        gtk_list_item_set_child(listItem, widget)
        positionChanges = Signal.connectPointer(listItem, "notify::position") { [weak self] _ in
            guard let self else { return }
            self.list?.refreshWhenShown(self)
        }
        // The new list item is not named yet.
        namedTitle = nil
        awaitsFirstBind = true
    }

    /// Gives the list item's widget (the row's parent, there from the first bind on) the
    /// class the stylesheet styles list rows by (see Stylesheet). GTK does nothing when the
    /// widget has it already; remembering the widget instead would trust a pointer GTK may
    /// free and hand out again for a new list item.
    func styleListItem() {
        guard let item = gtk_widget_get_parent(widget) else { return }
        gtk_widget_add_css_class(item, "chordset-item")
    }

    /// In the list item's first bind only: works the new row's style out while it is hidden,
    /// so GTK 4.8 does not restyle every row after it (NewRowStyle).
    func settleIfNew() {
        guard awaitsFirstBind, let item = gtk_widget_get_parent(widget) else { return }
        awaitsFirstBind = false
        NewRowStyle.settle(item)
    }

    /// Leaves its list item, which GTK is destroying; the widgets stay for `attach`.
    func detach() {
        guard let listItem else { return }
        positionChanges?.disconnect()
        positionChanges = nil
        if gtk_widget_get_parent(widget) != nil { gtk_list_item_set_child(listItem, nil) }
        self.listItem = nil
    }

    /// The red layer under the title and cells, with the Delete button, made on the first swipe:
    /// most rows are never swiped, and GTK makes about 200 rows up front.
    private func makeUnderlay() -> Widget {
        let underlay = Widgets.box(GTK_ORIENTATION_HORIZONTAL)
        underlay.addCSSClasses("swipe-underlay")
        let deleteButton = Widgets.textButton(tr("Delete"), classes: "swipe-delete")
        self.deleteButton = deleteButton
        deleteButton.setAccessibleLabel(Self.deleteLabel(namedTitle ?? ""))
        gtk_widget_set_hexpand(deleteButton, 1)
        gtk_widget_set_halign(deleteButton, GTK_ALIGN_END)
        gtk_widget_set_size_request(deleteButton, Int32(SwipeToDelete.revealWidth), -1)
        Signal.connect(deleteButton, "clicked") { [weak self] in
            guard let self else { return }
            guard let id = self.chordsetID else { return }
            self.list?.delete(id: id)
        }
        Widgets.append(deleteButton, to: underlay)
        return underlay
    }

    /// Gives the keyboard focus to the row's list item (the row as a whole, not a cell).
    func grabFocus() {
        if let item = gtk_widget_get_parent(widget) { gtk_widget_grab_focus(item) }
    }

    /// True while the keyboard focus is on the row's list item or inside the row.
    var containsFocus: Bool {
        guard let item = gtk_widget_get_parent(widget), let root = gtk_widget_get_root(item),
              let focus = gtk_root_get_focus(root) else { return false }
        return focus == item || gtk_widget_is_ancestor(focus, item) != 0
    }

    /// The list position this row shows, or nil while it shows nothing.
    var position: Int? {
        guard let listItem else { return nil }
        let position = gtk_list_item_get_position(listItem)
        return position == UInt32.max ? nil : Int(position)
    }

    /// Fills the row from `chordset` and its chords' lumis: O(1) plus the comparison of the
    /// lumis, nothing allocated but the cells' accessible labels (their pictures are made
    /// when GTK draws them).
    /// `lumis` nil: not known yet, read by `read` when a cell is first drawn.
    func show(_ chordset: Chordset, lumis: ChordsetLumis?, read: @escaping () -> ChordsetLumis) {
        if chordset.id != chordsetID {
            finishEditingLater()
            swipe.reset()
            chordsetID = chordset.id
        }
        title.show(chordset.title)
        chords.show(chordset, lumis: lumis, read: read)
        if chordset.title != namedTitle { name(after: chordset.title) }
    }

    /// The row is announced by its title, as the list item from GTK 4.12 on; the Delete
    /// button says which chordset it deletes.
    private func name(after title: String) {
        namedTitle = title
        widget.setAccessibleLabel(title)
        if let listItem { cgtk_list_item_set_accessible_label(listItem, title) }
        // GTK 4.8 has no call for it, but its list item widget (the row's parent, which
        // takes the focus) is accessible like any widget: name it too, or a screen reader
        // moving from row to row hears nothing.
        if let item = gtk_widget_get_parent(widget) { item.setAccessibleLabel(title) }
        deleteButton?.setAccessibleLabel(Self.deleteLabel(title))
    }

    /// Focuses the row itself (GTK's list item), not one of its cells.
    /// The row's own focus controller does not see its parent take the focus, so the list
    /// is told here.
    func focus() {
        grabFocus()
        guard containsFocus, let position else { return }
        list?.focusDidEnter(position: position)
    }

    /// "Delete “Warm”".
    static func deleteLabel(_ title: String) -> String {
        tr("Delete “{title}”", ["title": title])
    }

    func clear() {
        finishEditingLater()
        swipe.reset()
        menu.map { gtk_popover_popdown(cgtk_popover($0)) }
        chordsetID = nil
    }

    /// A title being typed when the row is recycled is kept: it is committed to its own
    /// chordset once GTK has finished rebinding (renaming now would re-enter the list).
    private func finishEditingLater() {
        guard title.isEditing, let id = chordsetID else { return }
        let changed = title.hasChanges, text = title.enteredText
        title.cancel()
        guard changed else { return }
        MainLoop.idle { [weak list] in list?.rename(id: id, to: text) }
    }

    /// Opens the row's menu (Rename, Delete) at a point in the row, or at its start.
    func showMenu(x: Double? = nil, y: Double? = nil) {
        guard let position else { return }
        list?.selectRow(position)
        let popover = menu ?? makeMenu()
        if let x, let y {
            var point = GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1)
            gtk_popover_set_pointing_to(cgtk_popover(popover), &point)
        } else {
            var start = GdkRectangle(x: 12, y: gtk_widget_get_height(widget) / 2, width: 1, height: 1)
            gtk_popover_set_pointing_to(cgtk_popover(popover), &start)
        }
        gtk_popover_popup(cgtk_popover(popover))
    }

    private func makeMenu() -> Widget {
        let popover = gtk_popover_menu_new_from_model(list?.rowMenuModel)!
        gtk_popover_set_has_arrow(cgtk_popover(popover), 0)
        gtk_widget_set_halign(popover, GTK_ALIGN_START)
        // The row unparents it when the row's widgets are destroyed.
        gtk_widget_set_parent(popover, widget)
        menu = popover
        return popover
    }
}
