import CGtk
import ImagerGLib

/// Everything a user can do from the window, with its GAction name and its keys: the one
/// list that the menu, the buttons, the shortcuts window and the keyboard all draw on.
package enum WindowAction: CaseIterable {
    case addChordset, renameChordset, deleteChordset, openRowMenu, deleteAll
    case duplicateChordset, moveUp, moveDown, copy, paste, find, selectAll
    case undo, redo
    case chordsetFromImage, importChordsets, exportChordsets, exportSelected, exportPalette, exportImage, sync
    case setLists
    case perform
    case preferences, showShortcuts, help, about, close, quit

    enum Group: String {
        case window = "win", application = "app"
    }

    /// Where a key is heard. Application accelerators run before the focused widget sees
    /// the key (GTK's capture phase), so keys a text field also uses (Delete, Ctrl+Z) are
    /// bound lower down, and the title field keeps its own meaning for them while editing.
    enum KeyScope {
        /// Anywhere in the window, before any widget.
        case application
        /// Anywhere in the window, after the focused widget declined the key.
        case window
        /// Only while the focus is in the list, after the focused widget declined the key.
        case list
    }

    package var name: String {
        switch self {
        case .addChordset: "add-chordset"
        case .renameChordset: "rename-chordset"
        case .deleteChordset: "delete-chordset"
        case .openRowMenu: "open-row-menu"
        case .deleteAll: "delete-all"
        case .duplicateChordset: "duplicate-chordset"
        case .moveUp: "move-up"
        case .moveDown: "move-down"
        case .copy: "copy"
        case .paste: "paste"
        case .find: "find"
        case .selectAll: "select-all"
        case .undo: "undo"
        case .redo: "redo"
        case .chordsetFromImage: "new-from-image"
        case .importChordsets: "import"
        case .exportChordsets: "export"
        case .exportSelected: "export-selected"
        case .exportPalette: "export-palette"
        case .sync: "sync"
        case .setLists: "set-lists"
        case .exportImage: "export-image"
        case .perform: "perform"
        case .preferences: "preferences"
        case .showShortcuts: "show-shortcuts"
        case .help: "help"
        case .about: "about"
        case .close: "close"
        case .quit: "quit"
        }
    }

    var group: Group {
        switch self {
        case .about, .quit: .application
        default: .window
        }
    }

    /// "win.add-chordset", as menus, buttons and shortcuts name it.
    package var detailedName: String { "\(group.rawValue).\(name)" }

    var accelerators: [String] {
        switch self {
        case .addChordset: ["<Control>n"]
        case .renameChordset: ["F2"]
        case .deleteChordset: ["Delete", "KP_Delete"]
        case .openRowMenu: ["Menu", "<Shift>F10"]
        case .deleteAll: []
        case .duplicateChordset: ["<Control>d"]
        case .moveUp: ["<Alt>Up", "<Alt>KP_Up"]
        case .moveDown: ["<Alt>Down", "<Alt>KP_Down"]
        case .copy: ["<Control>c"]
        case .paste: ["<Control>v"]
        case .find: ["<Control>f"]
        case .selectAll: ["<Control>a"]
        case .undo: ["<Control>z"]
        case .redo: ["<Control><Shift>z", "<Control>y"]
        case .chordsetFromImage: []
        case .importChordsets: ["<Control>o"]
        case .exportChordsets: ["<Control>e"]
        case .exportSelected: ["<Control><Shift>e"]
        case .exportPalette: []
        case .sync: []
        case .setLists: ["<Control>l"]
        case .exportImage: []
        case .perform: ["F5"]
        case .preferences: ["<Control>comma"]
        case .showShortcuts: ["<Control>question"]
        case .help: ["F1"]
        case .about: []
        case .close: ["<Control>w"]
        case .quit: ["<Control>q"]
        }
    }

    var keyScope: KeyScope {
        switch self {
        // Ctrl+D and Alt+arrows act on the row the person is in, so only from the list.
        // Ctrl+C, Ctrl+V and Ctrl+A too: the title field keeps them for its text while editing.
        case .deleteChordset, .openRowMenu, .duplicateChordset, .moveUp, .moveDown, .copy, .paste, .selectAll: .list
        case .undo, .redo: .window
        default: .application
        }
    }

    /// What the shortcuts window calls it.
    var title: String {
        switch self {
        case .addChordset: tr("New Chordset")
        case .renameChordset: tr("Rename Chordset")
        case .deleteChordset: tr("Delete Chordset")
        case .openRowMenu: tr("Show Chordset Menu")
        case .deleteAll: tr("Delete All Chordsets")
        case .duplicateChordset: tr("Duplicate Chordset")
        case .moveUp: tr("Move Chordset Up")
        case .moveDown: tr("Move Chordset Down")
        case .copy: tr("Copy Colour or Chordset")
        case .paste: tr("Paste Colour or Chordsets")
        case .find: tr("Search")
        case .selectAll: tr("Select All Chordsets")
        case .undo: tr("Undo")
        case .redo: tr("Redo")
        case .chordsetFromImage: tr("New Chordset from Image")
        case .importChordsets: tr("Import")
        case .exportChordsets: tr("Export")
        case .exportSelected: tr("Export Selected Chordsets")
        case .exportPalette: tr("Export Palette")
        case .sync: tr("Sync")
        case .setLists: tr("Set Lists")
        case .exportImage: tr("Export Image")
        case .perform: tr("Perform")
        case .preferences: tr("Preferences")
        case .showShortcuts: tr("Keyboard Shortcuts")
        case .help: tr("Help")
        case .about: tr("About Imager")
        case .close: tr("Close Window")
        case .quit: tr("Quit")
        }
    }

    /// Binds every action's keys: application accelerators on the app, the rest as
    /// shortcut controllers on the window and on the list.
    static func bindKeys(application: UnsafeMutablePointer<GtkApplication>, window: Widget, list: Widget) {
        let windowKeys = gtk_shortcut_controller_new()!
        let listKeys = gtk_shortcut_controller_new()!
        for action in allCases {
            switch action.keyScope {
            case .application:
                withCStringArray(action.accelerators) {
                    gtk_application_set_accels_for_action(application, action.detailedName, $0)
                }
            case .window:
                add(action, to: windowKeys)
            case .list:
                add(action, to: listKeys)
            }
        }
        gtk_widget_add_controller(window, windowKeys)
        gtk_widget_add_controller(list, listKeys)
    }

    private static func add(_ action: WindowAction, to controller: OpaquePointer) {
        // Menus label an action with the key registered last: register the main one last.
        for accelerator in action.accelerators.reversed() {
            guard let trigger = gtk_shortcut_trigger_parse_string(accelerator) else { continue }
            let shortcut = gtk_shortcut_new(trigger, gtk_named_action_new(action.detailedName))
            gtk_shortcut_controller_add_shortcut(controller, shortcut)
        }
    }
}
