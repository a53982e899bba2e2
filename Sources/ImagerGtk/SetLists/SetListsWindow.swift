import CAdw
import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// Main menu → Set Lists… (Ctrl+L): the set lists, one shown at a time with its chordsets in
/// show order. New, rename (the Title row), delete (a toast with Undo), add the chordsets
/// selected in the main window, reorder (drag a row, or Alt+Up and Alt+Down), remove (the
/// row's button or Delete; a toast with Undo), and Perform the set list. Not modal: the main
/// window's selection is what Add Selected Chordsets adds. Every edit is one transaction of
/// the store's (`ChordsetStore+SetLists`), stored at once.
final class SetListsWindow {
    /// Owned by GTK (a toplevel); destroyed when closed.
    let window: Widget
    /// Borrowed widgets, owned by the window.
    let newButton: Widget
    let performButton: Widget
    let chooserRow: Widget
    let titleRow: Widget
    let addButton: Widget
    let deleteButton: Widget
    let entriesBox: Widget
    private let pages: Widget
    private let toastOverlay: Widget

    private let store: ChordsetStore
    private let controller: ChordsetController
    /// The chordsets selected in the main window, in list order, saved first (nil: the save
    /// failed).
    private let selectedChordsets: () -> [UUID]?
    var onPerform: (SetList) -> Void = { _ in }
    var onClose: () -> Void = {}

    /// What the store holds, in order; the one shown is `shownID`.
    private(set) var setLists: [SetList] = []
    private(set) var shownID: UUID?
    /// The rows of the shown set list's entries, in order (borrowed, owned by `entriesBox`).
    private(set) var entryRows: [Widget] = []
    /// The last toast shown (one reference), to dismiss when the next comes.
    private var currentToast: OpaquePointer?
    /// Set while the window fills its own widgets, so their change signals are not edits.
    private var filling = false

    init(store: ChordsetStore, controller: ChordsetController, over parent: Widget,
         selectedChordsets: @escaping () -> [UUID]?) {
        self.store = store
        self.controller = controller
        self.selectedChordsets = selectedChordsets

        newButton = Widgets.iconButton(icon: "list-add-symbolic", tooltip: tr("New Set List"), accessibleName: tr("New Set List"))
        performButton = Widgets.iconButton(icon: "media-playback-start-symbolic", tooltip: tr("Perform This Set List"),
                                           accessibleName: tr("Perform This Set List"))
        // Not red: the toast's Undo brings the set list back. In the header bar, so the window
        // keeps to 360 pixels: beside Add Selected Chordsets it would not fit.
        deleteButton = Widgets.iconButton(icon: "user-trash-symbolic", tooltip: tr("Delete Set List"),
                                          accessibleName: tr("Delete Set List"))
        let header = adw_header_bar_new()!
        adw_header_bar_pack_start(cadw_header_bar(header), newButton)
        adw_header_bar_pack_end(cadw_header_bar(header), performButton)
        adw_header_bar_pack_end(cadw_header_bar(header), deleteButton)

        chooserRow = adw_combo_row_new()!
        adw_preferences_row_set_title(cadw_preferences_row(chooserRow), tr("Set List"))
        titleRow = adw_entry_row_new()!
        adw_preferences_row_set_title(cadw_preferences_row(titleRow), tr("Title"))
        adw_entry_row_set_show_apply_button(Self.entryRow(titleRow), 1)
        let settings = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cgtk_list_box(settings), GTK_SELECTION_NONE)
        settings.addCSSClasses("boxed-list")
        gtk_list_box_append(cgtk_list_box(settings), chooserRow)
        gtk_list_box_append(cgtk_list_box(settings), titleRow)

        addButton = Widgets.textButton(tr("Add Selected Chordsets"), classes: "suggested-action")
        gtk_widget_set_halign(addButton, GTK_ALIGN_END)

        entriesBox = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cgtk_list_box(entriesBox), GTK_SELECTION_NONE)
        entriesBox.addCSSClasses("boxed-list")
        entriesBox.setAccessibleLabel(tr("Chordsets in the Set List"))
        let placeholder = Widgets.label(tr("No chordsets yet. Select some in the main window, then Add Selected Chordsets."),
                                        classes: "dim-label")
        gtk_label_set_wrap(cgtk_label(placeholder), 1)
        placeholder.setMargins(18)
        gtk_list_box_set_placeholder(cgtk_list_box(entriesBox), placeholder)

        let column = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 18)
        column.setMargins(12)
        Widgets.append(settings, to: column)
        Widgets.append(addButton, to: column)
        Widgets.append(entriesBox, to: column)
        let clamp = adw_clamp_new()!
        adw_clamp_set_child(Self.clamp(clamp), column)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cgtk_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cgtk_scrolled_window(scrolled), clamp)
        gtk_widget_set_vexpand(scrolled, 1)

        let empty = adw_status_page_new()!
        adw_status_page_set_icon_name(cadw_status_page(empty), "view-list-symbolic")
        adw_status_page_set_title(cadw_status_page(empty), tr("No Set Lists"))
        adw_status_page_set_description(cadw_status_page(empty),
                                        tr("A set list holds the chordsets of a show, in the order you play them."))
        let emptyNew = Widgets.textButton(tr("New Set List"), action: nil, classes: "pill", "suggested-action")
        gtk_widget_set_halign(emptyNew, GTK_ALIGN_CENTER)
        adw_status_page_set_child(cadw_status_page(empty), emptyNew)

        pages = gtk_stack_new()
        gtk_stack_add_named(cgtk_stack(pages), empty, "empty")
        gtk_stack_add_named(cgtk_stack(pages), scrolled, "set-list")
        toastOverlay = adw_toast_overlay_new()
        adw_toast_overlay_set_child(cadw_toast_overlay(toastOverlay), pages)

        let content = Widgets.box(GTK_ORIENTATION_VERTICAL)
        Widgets.append(header, to: content)
        Widgets.append(toastOverlay, to: content)
        window = adw_window_new()
        adw_window_set_content(Self.adwWindow(window), content)
        gtk_window_set_title(cgtk_window(window), tr("Set Lists"))
        gtk_window_set_transient_for(cgtk_window(window), cgtk_window(parent))
        gtk_window_set_destroy_with_parent(cgtk_window(window), 1)
        Widgets.setDefaultSize(of: window, width: 480, height: 600, over: parent)

        connect(emptyNew: emptyNew)
        reload()
    }

    isolated deinit {
        if let currentToast { g_object_unref(UnsafeMutableRawPointer(currentToast)) }
    }

    private static func entryRow(_ widget: Widget) -> UnsafeMutablePointer<AdwEntryRow> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: AdwEntryRow.self)
    }

    private static func comboRow(_ widget: Widget) -> UnsafeMutablePointer<AdwComboRow> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: AdwComboRow.self)
    }

    private static func clamp(_ widget: Widget) -> OpaquePointer {
        OpaquePointer(widget)
    }

    private static func adwWindow(_ widget: Widget) -> UnsafeMutablePointer<AdwWindow> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: AdwWindow.self)
    }

    func present() {
        gtk_window_present(cgtk_window(window))
    }

    func close() {
        gtk_window_close(cgtk_window(window))
    }

    private func connect(emptyNew: Widget) {
        Signal.connect(newButton, "clicked") { [weak self] in self?.createSetList() }
        Signal.connect(emptyNew, "clicked") { [weak self] in self?.createSetList() }
        Signal.connect(performButton, "clicked") { [weak self] in
            guard let self, let shown = self.shown, !shown.entries.isEmpty else { return }
            self.onPerform(shown)
        }
        Signal.connect(addButton, "clicked") { [weak self] in self?.addSelected() }
        Signal.connect(deleteButton, "clicked") { [weak self] in self?.deleteShown() }
        Signal.connect(titleRow, "apply") { [weak self] in self?.renameShown() }
        Signal.connectPointer(chooserRow, "notify::selected") { [weak self] _ in
            guard let self, !self.filling else { return }
            let index = Int(adw_combo_row_get_selected(Self.comboRow(self.chooserRow)))
            guard self.setLists.indices.contains(index) else { return }
            self.show(self.setLists[index].id)
        }
        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(keys, "key-pressed") { [weak self] keyval, modifiers in
            self?.entryKey(keyval, modifiers: modifiers) ?? false
        }
        gtk_widget_add_controller(entriesBox, keys)
        // The chordsets' titles may have changed in the main window meanwhile.
        Signal.connectPointer(window, "notify::is-active") { [weak self] _ in
            guard let self, gtk_window_is_active(cgtk_window(self.window)) != 0 else { return }
            self.reload()
        }
        Signal.connect(window, "destroy") { [weak self] in self?.onClose() }
        // Escape closes it, as it closes Imager's other small windows.
        let shortcuts = gtk_shortcut_controller_new()!
        if let escape = gtk_shortcut_trigger_parse_string("Escape") {
            gtk_shortcut_controller_add_shortcut(shortcuts, gtk_shortcut_new(escape, gtk_named_action_new("window.close")))
        }
        gtk_widget_add_controller(window, shortcuts)
    }

    // MARK: Showing

    var shown: SetList? { setLists.first { $0.id == shownID } }

    /// Reads the set lists again and shows them, keeping the one shown (else the first).
    func reload() {
        do {
            setLists = try store.loadSetLists()
        } catch {
            showToast(tr("Could not read the set lists: {error}", ["error": "\(error)"]))
        }
        if shown == nil { shownID = setLists.first?.id }
        fill()
    }

    private func show(_ id: UUID) {
        shownID = id
        fill()
    }

    private func fill() {
        filling = true
        defer { filling = false }
        gtk_stack_set_visible_child_name(cgtk_stack(pages), setLists.isEmpty ? "empty" : "set-list")
        let names = gtk_string_list_new(nil)!
        for setList in setLists { gtk_string_list_append(names, setList.title) }
        adw_combo_row_set_model(Self.comboRow(chooserRow), names)
        g_object_unref(UnsafeMutableRawPointer(names))
        let shownIndex = setLists.firstIndex { $0.id == shownID }
        if let shownIndex { adw_combo_row_set_selected(Self.comboRow(chooserRow), guint(shownIndex)) }
        let title = shown?.title ?? ""
        if editableText(titleRow) != title { gtk_editable_set_text(cgtk_editable(UnsafeMutableRawPointer(titleRow)), title) }
        fillEntries()
        let hasEntries = !(shown?.entries.isEmpty ?? true)
        gtk_widget_set_sensitive(performButton, hasEntries ? 1 : 0)
        gtk_widget_set_sensitive(deleteButton, shown == nil ? 0 : 1)
        gtk_widget_set_sensitive(addButton, shown == nil ? 0 : 1)
    }

    /// One row per entry: its place, the chordset's title, a Remove button; dragged to
    /// reorder. Rebuilt whole: a set list is a show's length, not the list's.
    private func fillEntries() {
        let focused = focusedEntryIndex
        for row in entryRows { gtk_list_box_remove(cgtk_list_box(entriesBox), row) }
        entryRows = []
        guard let shown else { return }
        for (index, entry) in shown.entries.enumerated() {
            let row = makeEntryRow(entry, index: index)
            gtk_list_box_append(cgtk_list_box(entriesBox), row)
            entryRows.append(row)
        }
        if let focused, !entryRows.isEmpty, gtk_window_is_active(cgtk_window(window)) != 0 {
            gtk_widget_grab_focus(entryRows[min(focused, entryRows.count - 1)])
        }
    }

    func title(of entry: SetListEntry) -> String {
        controller.chordset(id: entry.chordsetID)?.title ?? tr("A deleted chordset")
    }

    private func makeEntryRow(_ entry: SetListEntry, index: Int) -> Widget {
        let title = title(of: entry)
        let row = adw_action_row_new()!
        // Titles are the user's text, never markup.
        adw_preferences_row_set_use_markup(cadw_preferences_row(row), 0)
        adw_preferences_row_set_title(cadw_preferences_row(row), title)
        let number = Widgets.label("\(index + 1)", classes: "dim-label", "numeric")
        gtk_widget_set_size_request(number, 24, -1)
        adw_action_row_add_prefix(cadw_action_row(row), number)
        let remove = Widgets.iconButton(icon: "list-remove-symbolic", tooltip: tr("Remove From Set List"),
                                        accessibleName: tr("Remove “{title}”", ["title": title]))
        remove.addCSSClasses("flat")
        gtk_widget_set_valign(remove, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(cadw_action_row(row), remove)
        gtk_widget_set_focusable(row, 1)
        let entryID = entry.id
        Signal.connect(remove, "clicked") { [weak self] in self?.removeEntry(entryID) }
        SetListEntryDrag.attach(to: row, entryID: entryID) { [weak self] dragged in
            guard let self, let target = self.shown?.entries.firstIndex(where: { $0.id == entryID }) else { return }
            self.moveEntry(dragged, to: target)
        }
        return row
    }

    private var focusedEntryIndex: Int? {
        guard let focus = gtk_root_get_focus(OpaquePointer(window)) else { return nil }
        return entryRows.firstIndex { gtk_widget_is_ancestor(focus, $0) != 0 || $0 == focus }
    }

    private func editableText(_ widget: Widget) -> String {
        gtk_editable_get_text(cgtk_editable(UnsafeMutableRawPointer(widget))).map { String(cString: $0) } ?? ""
    }

    // MARK: Editing

    /// A new set list after the others, shown, with its title ready to type over.
    func createSetList() {
        let taken = Set(setLists.map(\.title))
        let base = tr("New Set List")
        // "New Set List", else "New Set List 2", 3, ...: the first one not taken.
        var title = base
        var number = 1
        while taken.contains(title) {
            number += 1
            title = "\(base) \(number)"
        }
        edit(tr("Could not make the set list")) {
            let made = try store.createSetList(title: title)
            shownID = made.id
        }
        gtk_widget_grab_focus(titleRow)
    }

    private func renameShown() {
        guard let shown else { return }
        let text = editableText(titleRow)
        edit(tr("Could not rename the set list")) { _ = try store.renameSetList(shown.id, to: text) }
    }

    /// Adds the chordsets selected in the main window at the end, in list order.
    func addSelected() {
        guard let shown else { return }
        guard let chosen = selectedChordsets() else {
            showToast(tr("The selected chordsets could not be saved, so they cannot be added yet."))
            return
        }
        guard !chosen.isEmpty else {
            showToast(tr("Select chordsets in the main window first."))
            return
        }
        edit(tr("Could not add to the set list")) {
            try store.addChordsets(chosen, to: shown.id)
            showToast(trn("{count} chordset added to “{title}”", "{count} chordsets added to “{title}”", chosen.count,
                          ["title": shown.title]))
        }
        if let last = entryRows.last { gtk_widget_grab_focus(last) }
    }

    func deleteShown() {
        guard let shown, let index = setLists.firstIndex(of: shown) else { return }
        edit(tr("Could not delete the set list")) {
            try store.deleteSetList(shown.id)
            // The next one takes its place, else the one before.
            let others = setLists.filter { $0.id != shown.id }
            shownID = others.isEmpty ? nil : others[min(index, others.count - 1)].id
            showToast(tr("“{title}” deleted", ["title": shown.title])) { [weak self] in
                self?.edit(tr("Could not bring the set list back")) {
                    guard let self else { return }
                    self.shownID = try self.store.restoreSetList(shown).id
                }
            }
        }
    }

    func removeEntry(_ entryID: UUID) {
        guard let shown, let index = shown.entries.firstIndex(where: { $0.id == entryID }) else { return }
        let entry = shown.entries[index]
        let title = title(of: entry)
        edit(tr("Could not remove from the set list")) {
            try store.removeEntry(entryID)
            showToast(tr("“{title}” removed from “{setList}”", ["title": title, "setList": shown.title])) { [weak self] in
                self?.edit(tr("Could not put the chordset back")) {
                    guard let self else { return }
                    try self.store.addChordsets([entry.chordsetID], to: shown.id, at: index)
                    self.shownID = shown.id
                }
            }
        }
    }

    func moveEntry(_ entryID: UUID, to index: Int) {
        guard let shown, let from = shown.entries.firstIndex(where: { $0.id == entryID }), from != index else { return }
        edit(tr("Could not move in the set list")) { try store.moveEntry(entryID, to: index) }
    }

    /// Alt+Up and Alt+Down move the focused entry; Delete removes it.
    func entryKey(_ keyval: UInt32, modifiers: GdkModifierType = GdkModifierType(rawValue: 0)) -> Bool {
        guard let shown, let index = focusedEntryIndex, shown.entries.indices.contains(index) else { return false }
        let alt = modifiers.rawValue & GDK_ALT_MASK.rawValue != 0
        switch Int32(keyval) {
        case GDK_KEY_Up where alt, GDK_KEY_KP_Up where alt:
            guard index > 0 else { return true }
            moveEntry(shown.entries[index].id, to: index - 1)
            gtk_widget_grab_focus(entryRows[index - 1])
        case GDK_KEY_Down where alt, GDK_KEY_KP_Down where alt:
            guard index + 1 < shown.entries.count else { return true }
            moveEntry(shown.entries[index].id, to: index + 1)
            gtk_widget_grab_focus(entryRows[index + 1])
        case GDK_KEY_Delete, GDK_KEY_KP_Delete:
            removeEntry(shown.entries[index].id)
        default:
            return false
        }
        return true
    }

    /// Runs one edit of the store and shows what it holds after; a refusal or a failure is
    /// said in a toast, and nothing else changes.
    private func edit(_ failure: String, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            showToast("\(failure): \(error)")
        }
        reload()
    }

    // MARK: Toasts

    /// A toast with `text` (a label: the user's titles in it are not markup), announced to
    /// screen readers, and an Undo button when `undo` is given.
    private func showToast(_ text: String, undo: (@MainActor () -> Void)? = nil) {
        let toast = adw_toast_new("")!
        let label = ToastParts.makeLabel()
        adw_toast_set_custom_title(toast, ToastParts.title(text, in: label))
        if let undo {
            adw_toast_set_button_label(toast, tr("Undo"))
            Signal.connect(toast, "button-clicked") { undo() }
        }
        // The newest edit's toast shows at once: the one before goes, rather than hold the
        // new one (and its Undo) back in the overlay's queue. (A high-priority toast would
        // do this, but pushing one back trips an assertion in libadwaita 1.2.)
        if let currentToast {
            adw_toast_dismiss(currentToast)
            g_object_unref(UnsafeMutableRawPointer(currentToast))
        }
        currentToast = toast
        g_object_ref(UnsafeMutableRawPointer(toast))
        adw_toast_overlay_add_toast(cadw_toast_overlay(toastOverlay), toast)
        if let widget = ToastParts.newestWidget(in: toastOverlay) { ToastParts.nameButtons(of: widget) }
    }
}
