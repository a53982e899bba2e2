import CGtk
import ImagerCore
import ImagerGLib

/// A chordset's title that edits in place: a label that turns into an entry, as a file's
/// name does in GNOME Files: a first click selects the row, a second, slower click on the
/// title of the row the first click selected, a double click, or F2 renames. Enter or leaving the field commits, Escape
/// cancels. GtkEditableLabel does
/// this too, but on 4.8 its label cannot ellipsize (a long title would widen every row)
/// and it starts a drag-and-drop when the title is dragged, which fights the swipe.
final class TitleEditor {
    /// The row, which holds the label and, next to it, the entry; only one of the two is
    /// visible (so screen readers see only that one). They are the row's own children, not a
    /// box's: GTK 4.8 restyles every row below one it inserts, at a cost per widget in the
    /// row. The entry is made on the first edit: GTK makes about 200 rows up
    /// front, and an entry is not cheap.
    private let row: SlidingRow
    /// Borrowed: owned by the row's widget tree.
    private let label: Widget
    private(set) var entry: Widget?
    /// The title the label shows, kept here so a rebind can compare without reading it back.
    private var shownTitle = ""
    /// The title the field started from, so a commit that changes nothing renames nothing.
    private var titleBeforeEditing = ""
    private(set) var isEditing = false
    /// The entry while the title is being edited: a press in it places the cursor or selects
    /// text, and never drags the row (RowDragSource).
    var editingField: Widget? { isEditing ? entry : nil }
    /// Called with the entered text when an edit is committed with a changed title (not
    /// when cancelled, and not when the text is what the field started from).
    var onCommit: (String) -> Void = { _ in }
    /// Called after editing ends by Enter or Escape, to hand the focus back to the row.
    var onFinish: () -> Void = {}
    /// Whether the row is the one selected row (set by the row): a click on its title renames,
    /// when the click before it was on this title too (`wasClickedLast`).
    var isOnlySelectedRow: () -> Bool = { false }
    /// Whether the last single click was on this title and the selection has not changed since
    /// (set by the row). A row the keyboard selected (Home, Down, a delete) is not renamed by
    /// one click: the person may not know it is selected.
    var wasClickedLast: () -> Bool = { false }
    /// Called once a single click on the title is done with (after the list item's own
    /// handling of it, which selects the row).
    var onSingleClick: () -> Void = {}
    /// The row was the selected one, selected by a click on this title, when the click's press
    /// came: its release renames.
    private var wasSelectedAtPress = false
    /// A single click on the selected row's title renames once no second click follows (a
    /// double click renames too, with its cursor left alone).
    private var renameAfterClick: ScheduledWork?
    /// The time of the last press that GTK counted first and that ended no double click.
    private var lastFirstPress: guint32?
    /// The press being handled ends a double click (`pressed`).
    private var pressEndsDoubleClick = false
    /// GTK took back the second press of a double click before its release came.
    private var secondPressTakenBack = false
    /// GTK's default double-click time (`gtk-double-click-time`).
    private static let doubleClickMilliseconds: UInt32 = 400

    /// Puts the label at the end of `row`.
    init(in row: SlidingRow) {
        self.row = row
        label = Widgets.label("", classes: "chordset-title")
        gtk_label_set_xalign(cgtk_label(label), 0)
        gtk_label_set_ellipsize(cgtk_label(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(cgtk_label(label), 1)
        row.appendLineLabel(label)
        // The whole title, when the label shows it cut short with "…".
        Signal.connectTooltip(label) { [weak self] in self?.tooltipText }

        let click = gtk_gesture_click_new()!
        // The label's gesture sees the press before the list item, which selects the row
        // when the click is released (and whose focus may select it sooner).
        Signal.connectPress(click, "pressed") { [weak self] presses, _, _ in
            guard let self else { return }
            let time = gtk_event_controller_get_current_event_time(cgtk_event_controller(click.raw))
            // A double click is the title's: the list item would take it as an activation
            // and open the editor at its press, then take the focus (and the editor) back.
            if self.pressed(presses: presses, time: time) {
                gtk_gesture_set_state(cgtk_gesture(click.raw), GTK_EVENT_SEQUENCE_CLAIMED)
            }
        }
        Signal.connectPress(click, "released") { [weak self] presses, _, _ in
            self?.released(presses: presses, choosingRows: Self.choosesRows(click))
        }
        // On a busy machine GTK can take a press back before its release (`TakenBackPress`):
        // the first click's selection moves the layout, and the frame after it can come
        // between the second press of a double click and its release.
        Signal.connectPointer(click, "cancel") { [weak self] _ in self?.pressWasTakenBack() }
        TakenBackPress.watch(click, on: label) { [weak self] _, _ in
            self?.releasedUnpaired(choosingRows: Self.choosesRows(click))
        }
        gtk_widget_add_controller(label, click)
    }

    /// Ctrl+click and Shift+click choose rows (the list view does it): they rename nothing.
    private static func choosesRows(_ click: some ObjectPointer) -> Bool {
        let state = gtk_event_controller_get_current_event_state(cgtk_event_controller(click.raw)).rawValue
        return state & (GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue) != 0
    }

    /// A press on the title, the `presses`-th as GTK counts them, at the event's `time` (in
    /// milliseconds). True when it is the second press of a double click: GTK's second, or a
    /// first by GTK's count that came within the double-click time of the press before it.
    /// GTK starts its count over on a timer of its own, so on a main loop held up between
    /// the two presses for longer than the double-click time (a busy machine) it counts a
    /// double click as two single clicks; the events' times say what the person did.
    func pressed(presses: Int32, time: guint32) -> Bool {
        let double = presses == 2 || (presses == 1 && lastFirstPress.map { time &- $0 <= Self.doubleClickMilliseconds } == true)
        // A press that ends a double click starts no other; one without a time (0, an event
        // made by a program) starts none.
        lastFirstPress = presses == 1 && !double && time != 0 ? time : nil
        pressEndsDoubleClick = double
        secondPressTakenBack = false
        if presses == 1, !double { wasSelectedAtPress = isOnlySelectedRow() && wasClickedLast() }
        renameAfterClick?.cancel()
        renameAfterClick = nil
        return double
    }

    /// The release of a press on the title; `choosingRows` when Ctrl or Shift was held.
    func released(presses: Int32, choosingRows: Bool) {
        guard !choosingRows else { return }
        if pressEndsDoubleClick {
            pressEndsDoubleClick = false
            labelWasClicked()
            return
        }
        if presses == 1 {
            // After the list item has selected the row at this release.
            MainLoop.idle { [weak self] in self?.onSingleClick() }
        }
        if presses == 1, wasSelectedAtPress {
            renameAfterClick = MainLoop.after(milliseconds: Self.doubleClickMilliseconds) { [weak self] in
                guard let self else { return }
                self.renameAfterClick = nil
                if self.isOnlySelectedRow() { self.startEditing() }
            }
        }
    }

    /// GTK took back the press it held (a reset, or a claim by a gesture around the title).
    func pressWasTakenBack() {
        secondPressTakenBack = pressEndsDoubleClick
        pressEndsDoubleClick = false
    }

    /// The release of a press GTK took back, where it was pressed: the person clicked there,
    /// and nothing around the title took the press (then the release would have been its).
    /// The second click of a double click renames all the same; a single click is done with
    /// as its release would have been (the row selects itself for it, `RowClickTakenBack`).
    func releasedUnpaired(choosingRows: Bool) {
        guard secondPressTakenBack else {
            released(presses: 1, choosingRows: choosingRows)
            return
        }
        secondPressTakenBack = false
        if !choosingRows { labelWasClicked() }
    }

    /// The title in full for a tooltip, only while the label shows it cut short.
    var tooltipText: String? {
        guard !shownTitle.isEmpty, let layout = gtk_label_get_layout(cgtk_label(label)),
              pango_layout_is_ellipsized(layout) != 0 else { return nil }
        return shownTitle
    }

    /// A double click on the label opens the editor, once GTK is done with the click. The
    /// list item around the row gets the same release right after this label does, and GTK
    /// puts the focus back on the list item, which would take it from an entry opened now
    /// and close it again at once.
    func labelWasClicked() {
        MainLoop.idle { [weak self] in self?.startEditing() }
    }

    private func makeEntry() -> Widget {
        let entry = gtk_entry_new()!
        gtk_widget_set_hexpand(entry, 1)
        gtk_widget_set_valign(entry, GTK_ALIGN_CENTER)
        entry.setAccessibleLabel(tr("Chordset title"))
        row.insert(entry, after: label)

        Signal.connect(entry, "activate") { [weak self] in
            guard let self else { return }
            self.commit()
            self.onFinish()
        }
        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(keys, "key-pressed") { [weak self] keyval, _ in
            guard let self else { return false }
            guard Int32(keyval) == GDK_KEY_Escape, self.isEditing else { return false }
            self.cancel()
            self.onFinish()
            return true
        }
        gtk_widget_add_controller(entry, keys)
        let focus = gtk_event_controller_focus_new()!
        // Weak: GTK also reports the focus leaving when it destroys a row whose entry has the
        // focus (a delete or undo of that row), after the list has let go of this editor.
        Signal.connect(focus, "leave") { [weak self] in self?.commit() }
        gtk_widget_add_controller(entry, focus)
        self.entry = entry
        return entry
    }

    var text: String { String(cString: gtk_label_get_text(cgtk_label(label))) }

    /// True while the keyboard focus is in the entry (in its text, which GtkEntry holds).
    var hasFocus: Bool {
        guard let entry, let root = gtk_widget_get_root(entry),
              let focus = gtk_root_get_focus(root) else { return false }
        return focus == entry || gtk_widget_is_ancestor(focus, entry) != 0
    }

    /// True while editing and the field holds something other than the title it started from.
    var hasChanges: Bool { isEditing && enteredText != titleBeforeEditing }

    /// What is in the field now, committed or not.
    var enteredText: String {
        entry.map { String(cString: gtk_editable_get_text(cgtk_editable($0))) } ?? text
    }

    /// Shows `title`, unless the user is typing a new one.
    func show(_ title: String) {
        guard !isEditing, title != shownTitle else { return }
        shownTitle = title
        gtk_label_set_text(cgtk_label(label), title)
    }

    /// Opens the field with the title selected, so typing replaces it. `takingFocus` false:
    /// the field waits for `takeFocus` (the list first brings its row into view), and keys
    /// typed meanwhile reach it through `type(_:)`.
    func startEditing(takingFocus: Bool = true) {
        renameAfterClick?.cancel()
        renameAfterClick = nil
        guard !isEditing else { return }
        isEditing = true
        let entry = self.entry ?? makeEntry()
        titleBeforeEditing = text
        // Never cut the title copied in: an older Imager may have stored one longer than
        // the rule allows, and an edit that changes nothing must keep all of it. GTK counts
        // characters as Unicode scalars, as the rule does; 0 means no limit (GTK's own
        // ceiling is 65,535).
        let length = max(ChordsetTitle.maximumLength, titleBeforeEditing.unicodeScalars.count)
        gtk_entry_set_max_length(cgtk_entry(entry), length > 65_535 ? 0 : Int32(length))
        // The title copied in is where the field's own undo (Ctrl+Z while typing) stops: with
        // undo off while it is set, GTK forgets what the field held before, so Ctrl+Z never
        // empties it or brings back what was typed in it before (a row, field and all, is
        // reused for other chordsets as the list scrolls).
        gtk_editable_set_enable_undo(cgtk_editable(entry), 0)
        gtk_editable_set_text(cgtk_editable(entry), titleBeforeEditing)
        gtk_editable_set_enable_undo(cgtk_editable(entry), 1)
        showEntry(true)
        if takingFocus {
            // The entry selects everything when it takes the focus, so typing replaces the title.
            gtk_widget_grab_focus(entry)
        } else {
            gtk_editable_select_region(cgtk_editable(entry), 0, -1)
        }
    }

    /// Gives the open field the keyboard focus, keeping what was typed into it and where
    /// (grabbing it the usual way would select all of it, and the next key would replace it).
    func takeFocus() {
        guard isEditing, !hasFocus, let entry else { return }
        gtk_entry_grab_focus_without_selecting(cgtk_entry(entry))
    }

    /// Hands the key event `keys` (a key controller) is handling to the open field, as if it
    /// had the focus: Escape to the field's own handler, everything else to the text inside
    /// it (which types it, or takes Enter, Backspace and the like). True when the field used it.
    func type(_ keys: OpaquePointer) -> Bool {
        guard isEditing, let entry else { return false }
        if gtk_event_controller_key_forward(keys, entry) != 0 { return true }
        guard let text = textInside(entry) else { return false }
        return gtk_event_controller_key_forward(keys, text) != 0
    }

    /// Types `text` over the selection, as keys pressed in the field would (an empty `text`
    /// deletes the selection, as Backspace would), and as they would, so Ctrl+Z in the field
    /// takes it back.
    func typeAhead(_ text: String) {
        guard isEditing, let entry, let field = textInside(entry) else { return }
        cgtk_text_delete_selection(field)
        guard !text.isEmpty else { return }
        cgtk_text_insert_at_cursor(field, text)
    }

    /// The GtkText a GtkEntry keeps its text in: the child that takes the keys.
    private func textInside(_ entry: Widget) -> Widget? {
        var child = gtk_widget_get_first_child(entry)
        while let current = child {
            if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(current)), gtk_text_get_type()) != 0 { return current }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    func commit() {
        guard isEditing else { return }
        isEditing = false
        let entered = enteredText
        showEntry(false)
        if entered != titleBeforeEditing { onCommit(entered) }
    }

    func cancel() {
        guard isEditing else { return }
        isEditing = false
        showEntry(false)
    }

    private func showEntry(_ editing: Bool) {
        entry?.isVisible = editing
        label.isVisible = !editing
    }
}
