import CGtk

/// Everything a user can do from the window, with its GAction name and its keys: the one
/// list that the menu, the buttons, the shortcuts window and the keyboard all draw on.
enum WindowAction: CaseIterable {
    case addChordset, renameChordset, deleteChordset, openRowMenu, deleteAll
    case duplicateChordset, moveUp, moveDown, copy, paste, find
    case undo, redo
    case importChordsets, exportChordsets, exportPalette
    case showShortcuts, about, close, quit

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

    var name: String {
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
        case .undo: "undo"
        case .redo: "redo"
        case .importChordsets: "import"
        case .exportChordsets: "export"
        case .exportPalette: "export-palette"
        case .showShortcuts: "show-shortcuts"
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
    var detailedName: String { "\(group.rawValue).\(name)" }

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
        case .undo: ["<Control>z"]
        case .redo: ["<Control><Shift>z", "<Control>y"]
        case .importChordsets: ["<Control>o"]
        case .exportChordsets: ["<Control>e"]
        case .exportPalette: []
        case .showShortcuts: ["<Control>question"]
        case .about: []
        case .close: ["<Control>w"]
        case .quit: ["<Control>q"]
        }
    }

    var keyScope: KeyScope {
        switch self {
        // Ctrl+D and Alt+arrows act on the row the person is in, so only from the list.
        // Ctrl+C and Ctrl+V too: the title field keeps them for its text while editing.
        case .deleteChordset, .openRowMenu, .duplicateChordset, .moveUp, .moveDown, .copy, .paste: .list
        case .undo, .redo: .window
        default: .application
        }
    }

    /// What the shortcuts window calls it.
    var title: String {
        switch self {
        case .addChordset: "New Chordset"
        case .renameChordset: "Rename Chordset"
        case .deleteChordset: "Delete Chordset"
        case .openRowMenu: "Show Chordset Menu"
        case .deleteAll: "Delete All Chordsets"
        case .duplicateChordset: "Duplicate Chordset"
        case .moveUp: "Move Chordset Up"
        case .moveDown: "Move Chordset Down"
        case .copy: "Copy Colour or Chordset"
        case .paste: "Paste Colour or Chordsets"
        case .find: "Search"
        case .undo: "Undo"
        case .redo: "Redo"
        case .importChordsets: "Import"
        case .exportChordsets: "Export"
        case .exportPalette: "Export Palette"
        case .showShortcuts: "Keyboard Shortcuts"
        case .about: "About Imager"
        case .close: "Close Window"
        case .quit: "Quit"
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
