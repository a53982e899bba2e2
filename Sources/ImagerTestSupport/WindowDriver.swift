import CGtk
import Foundation
import ImagerCore
import ImagerGtk

/// The real window for a program that drives it (the benchmark's window script): what the user
/// does, through the same actions and keys.
public final class WindowDriver {
    let window: MainWindow

    init(_ window: MainWindow) { self.window = window }

    /// Runs the real window over the store at `database` (never the user's store or window
    /// size, and never a running Imager: no single-instance negotiation). `onWindowReady` is
    /// called once the window is presented. Returns the exit status.
    public static func run(arguments: [String], database: URL, seed: URL,
                           onWindowReady: @escaping @MainActor (WindowDriver) -> Void) -> Int32 {
        let application = ImagerApplication(store: .given(database: database, seed: seed),
                                            onWindowReady: { onWindowReady(WindowDriver($0)) })
        return application.run(arguments: arguments)
    }


    public var controller: ChordsetController { window.controller }
    /// Borrowed: the GtkApplicationWindow.
    public var widget: UnsafeMutablePointer<GtkWidget> { window.window }
    /// Borrowed: the list's GtkListView.
    public var listView: UnsafeMutablePointer<GtkWidget> { window.list.listView }
    /// Borrowed: the list's vertical scroll position.
    public var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(window.list.scrolledWindow))
    }
    public var selectedChordsetID: UUID? { window.list.selectedChordset?.id }

    /// The + button.
    public func addChordset() { activate(.addChordset) }
    /// What Enter in a title field does: commit what is being typed, then rename.
    public func rename(id: UUID, to title: String) {
        window.list.commitEditing()
        controller.rename(id: id, to: title)
    }
    /// The Delete key on the selected row, or the swiped row's Delete button.
    public func delete(id: UUID) {
        if selectedChordsetID == id { activate(.deleteChordset) } else { window.delete(id: id) }
    }
    /// Ctrl+Z.
    public func undo() { activate(.undo) }

    /// A click on chord `slot` of the chordset's row: opens that chord's editor.
    public func editChord(id: UUID, slot: Int) { window.editChord(id: id, slot: slot) }
    /// Borrowed: the open chord editor's dialog, nil when none is open.
    public var chordEditorWidget: UnsafeMutablePointer<GtkWidget>? { window.chordEditor?.window }
    /// What the pointer does on the editor's canvas, in the chord's units (0 to 1 across):
    /// a press at `point` that starts a drag (true when it grabbed a lumi or a handle), the
    /// drag's moves, its release. These are the calls the canvas's drag gesture makes.
    public func beginChordEditorDrag(at point: CanvasPoint) -> Bool {
        window.chordEditor?.canvas.onDragBegin(point, false, 0.02) ?? false
    }
    public func continueChordEditorDrag(to point: CanvasPoint) {
        window.chordEditor?.canvas.onDragUpdate(point)
    }
    public func endChordEditorDrag() {
        window.chordEditor?.canvas.onDragEnd()
    }
    /// Escape in the editor.
    public func closeChordEditor() { window.chordEditor?.close() }
    /// Ctrl+D on the selected row.
    public func duplicateSelected() { activate(.duplicateChordset) }
    /// Alt+Down on the selected row.
    public func moveSelectedDown() { activate(.moveDown) }
    /// What the search bar does with its text after a keystroke (GtkSearchEntry's own short
    /// wait for a pause in the typing left out).
    public func search(_ text: String) {
        if !window.search.isOpen { activate(.find) }
        window.applySearch(text)
    }
    /// Escape in the search bar.
    public func closeSearch() { window.search.close() }
    public func select(position: Int) { window.list.select(position: position) }
    /// A click on the row at `position`: selected, scrolled into view, focused.
    public func focus(position: Int) { window.list.focus(position: position) }
    /// Shift+click from the first row of `range` to its last.
    public func select(positions range: Range<Int>) {
        let rows = range.clamped(to: 0..<window.list.rowCount)
        guard !rows.isEmpty else { return window.list.unselectAll() }
        gtk_selection_model_select_range(window.list.selection, guint(rows.lowerBound), guint(rows.count), 1)
    }
    /// The Delete key with rows selected.
    public func deleteSelected() { activate(.deleteChordset) }
    /// Ctrl+Q: saves, then quits.
    public func quit() {
        guard let application = g_application_get_default() else { return }
        g_action_group_activate_action(OpaquePointer(UnsafeMutableRawPointer(application)), WindowAction.quit.name, nil)
    }

    private func activate(_ action: WindowAction) {
        gtk_widget_activate_action_variant(window.window, action.detailedName, nil)
    }
}
