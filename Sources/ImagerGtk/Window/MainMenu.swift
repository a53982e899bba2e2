import CGtk
import ImagerCore
import ImagerGLib

/// The header bar's main menu. Its first section names what Undo and Redo would do
/// ("Undo Delete “Warm”"), so it is rebuilt when those names change.
final class MainMenu {
    /// Owned: the menu model (the menu button holds its own reference).
    let model: OpaquePointer
    private let history: OpaquePointer
    private var shownNames: (UndoName?, UndoName?)?

    init() {
        model = g_menu_new()
        history = g_menu_new()
        g_menu_append_section(model, nil, cgtk_menu_model(UnsafeMutableRawPointer(history)))

        let files = g_menu_new()!
        g_menu_append(files, tr("New Chordset from Image…"), WindowAction.chordsetFromImage.detailedName)
        g_menu_append(files, tr("Import…"), WindowAction.importChordsets.detailedName)
        g_menu_append(files, tr("Export…"), WindowAction.exportChordsets.detailedName)
        g_menu_append(files, tr("Export Selected…"), WindowAction.exportSelected.detailedName)
        g_menu_append(files, tr("Set Lists…"), WindowAction.setLists.detailedName)
        g_menu_append(files, tr("Sync…"), WindowAction.sync.detailedName)
        g_menu_append_section(model, nil, cgtk_menu_model(UnsafeMutableRawPointer(files)))
        unref(files)

        let danger = g_menu_new()!
        g_menu_append(danger, tr("Delete All Chordsets…"), WindowAction.deleteAll.detailedName)
        g_menu_append_section(model, nil, cgtk_menu_model(UnsafeMutableRawPointer(danger)))
        unref(danger)

        let help = g_menu_new()!
        // GNOME's order for the primary menu's end: Preferences, Keyboard Shortcuts, Help, About.
        g_menu_append(help, tr("Preferences"), WindowAction.preferences.detailedName)
        g_menu_append(help, tr("Keyboard Shortcuts"), WindowAction.showShortcuts.detailedName)
        g_menu_append(help, tr("Help"), WindowAction.help.detailedName)
        g_menu_append(help, tr("About Imager"), WindowAction.about.detailedName)
        g_menu_append_section(model, nil, cgtk_menu_model(UnsafeMutableRawPointer(help)))
        unref(help)
        showHistory(undo: nil, redo: nil)
    }

    isolated deinit {
        unref(history)
        unref(model)
    }

    /// Names the Undo and Redo items after what they would do.
    func showHistory(undo: UndoName?, redo: UndoName?) {
        if let shownNames, shownNames == (undo, redo) { return }
        shownNames = (undo, redo)
        g_menu_remove_all(history)
        append(undo?.undoText ?? tr("Undo"), action: .undo)
        append(redo?.redoText ?? tr("Redo"), action: .redo)
    }

    private func append(_ label: String, action: WindowAction) {
        let item = g_menu_item_new(label, action.detailedName)!
        // Undo and Redo are not application accelerators (see WindowAction.KeyScope), so
        // the menu is told which keys to show.
        if let accel = action.accelerators.first {
            g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(accel))
        }
        g_menu_append_item(history, item)
        unref(item)
    }
}
