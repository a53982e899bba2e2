import CAdw
import CGtk
import ImagerGLib

/// The Keyboard Shortcuts window: every key the window answers, drawn from `WindowAction`'s
/// list (so it can never disagree with the keys actually bound) and the keys that are not
/// actions, group by group in a fixed order, each key drawn as a keycap. A libadwaita
/// preferences window: typing searches the shortcuts' names, and it narrows to a phone's
/// width. (GtkShortcutsWindow, deprecated in GTK 4.18, is two columns wide whatever the
/// window, and orders its pages as its layout pleases.)
enum ShortcutsWindow {
    /// One line of the window: what the keys do, and the keys in GtkShortcutLabel's syntax
    /// (alternatives split by spaces, "1...8" a range).
    struct Shortcut: Equatable {
        let title: String
        let keys: String
    }

    private static var groups: [(String, [WindowAction])] { [
        (tr("Chordsets"), [.addChordset, .renameChordset, .duplicateChordset, .deleteChordset, .openRowMenu, .selectAll, .deleteAll, .perform, .setLists]),
        (tr("Order"), [.moveUp, .moveDown]),
        (tr("Editing"), [.undo, .redo, .copy, .paste]),
        (tr("Files"), [.importChordsets, .exportChordsets, .exportSelected]),
        (tr("General"), [.find, .preferences, .showShortcuts, .help, .close, .quit]),
    ] }

    /// Keys that are not actions: GTK's own (F10 opens the primary menu) and the list's
    /// arrows (`ListKeyboard`) and areas (`MainWindow+Focus`).
    private static var keys: [(group: String, title: String, accelerators: String)] { [
        (tr("Moving Around"), tr("Next Area"), "Tab"),
        (tr("Moving Around"), tr("Previous Area"), "<Shift>Tab"),
        (tr("Moving Around"), tr("Previous or Next Chordset"), "Up Down"),
        (tr("Moving Around"), tr("Between a Chordset and Its Chords"), "Left Right"),
        (tr("Moving Around"), tr("First or Last Chordset"), "Home End"),
        (tr("Moving Around"), tr("Edit Chord"), "Return"),
        (tr("General"), tr("Main Menu"), "F10"),
        // The Perform view's own keys (`PerformCommand`).
        (tr("Perform"), tr("Play Chord 1 to 8"), "1...8"),
        (tr("Perform"), tr("Previous or Next Chord"), "Left Right"),
        (tr("Perform"), tr("Play the Chord Again"), "space"),
        (tr("Perform"), tr("Shorter or Longer Fade"), "bracketleft bracketright"),
        (tr("Perform"), tr("Previous or Next Chordset"), "Page_Up Page_Down"),
        (tr("Perform"), tr("Fade to Black or Back"), "b"),
        (tr("Perform"), tr("Cut to Black or Back"), "<Shift>b"),
        (tr("Perform"), tr("Tap the Tempo"), "t"),
        (tr("Perform"), tr("Full Screen"), "F11"),
        (tr("Perform"), tr("Leave Perform"), "Escape"),
        // The chord editor's canvas (`ChordEditorCanvas.canvasKey`) and window.
        (tr("Chord Editor"), tr("Move the Lumi (Further with Shift)"), "Left Right Up Down"),
        (tr("Chord Editor"), tr("Larger or Smaller Lumi"), "plus minus"),
        (tr("Chord Editor"), tr("Turn the Lumi"), "bracketleft bracketright"),
        (tr("Chord Editor"), tr("Delete the Lumi"), "Delete"),
        (tr("Chord Editor"), tr("Close the Chord Editor"), "Escape"),
    ] }

    /// Every group with its shortcuts, in the order the window shows them.
    static var sections: [(title: String, shortcuts: [Shortcut])] {
        let titles = groups.map(\.0) + [tr("Moving Around"), tr("Perform"), tr("Chord Editor")]
        return titles.map { title in
            var shortcuts: [Shortcut] = []
            for action in groups.first(where: { $0.0 == title })?.1 ?? [] where !action.accelerators.isEmpty {
                // Every key of the action (Menu and Shift+F10 both open the row's menu), but
                // not the keypad's twins of keys already shown ("KP_Delete").
                let shown = action.accelerators.filter { !$0.contains("KP_") }
                shortcuts.append(Shortcut(title: action.title, keys: shown.joined(separator: " ")))
            }
            shortcuts += keys.filter { $0.group == title }.map { Shortcut(title: $0.title, keys: $0.accelerators) }
            return (title, shortcuts)
        }
    }

    /// Its size when the main window is wider.
    static let defaultSize = (width: Int32(560), height: Int32(640))

    static func present(over parent: Widget) {
        let page = adw_preferences_page_new()!
        for section in sections {
            let group = adw_preferences_group_new()!
            adw_preferences_group_set_title(cadw_preferences_group(group), section.title)
            for shortcut in section.shortcuts {
                adw_preferences_group_add(cadw_preferences_group(group), row(for: shortcut))
            }
            adw_preferences_page_add(cadw_preferences_page(page), cadw_preferences_group(group))
        }
        let window = cadw_preferences_window_new(parent, tr("Keyboard Shortcuts"), page)!
        cadw_preferences_window_enable_search(window)
        Widgets.setDefaultSize(of: window, width: defaultSize.width, height: defaultSize.height, over: parent)
        gtk_window_present(cgtk_window(window))
    }

    /// A row: what the keys do, and the keys as keycaps after it, read out as GTK names them
    /// ("Previous or Next Chordset, Up or Down").
    private static func row(for shortcut: Shortcut) -> Widget {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(cadw_preferences_row(row), shortcut.title)
        let caps = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
        gtk_widget_set_valign(caps, GTK_ALIGN_CENTER)
        let alternatives = shortcut.keys.split(separator: " ").map(String.init)
        for (index, alternative) in alternatives.enumerated() {
            if index > 0 { Widgets.append(Widgets.label("/", classes: "dim-label"), to: caps) }
            let range = alternative.components(separatedBy: "...")
            for (part, accelerator) in range.enumerated() {
                if part > 0 { Widgets.append(Widgets.label("…", classes: "dim-label"), to: caps) }
                for (position, cap) in keycaps(accelerator).enumerated() {
                    if position > 0 { Widgets.append(Widgets.label("+", classes: "dim-label"), to: caps) }
                    Widgets.append(Widgets.label(cap.printed, classes: "card", "keycap"), to: caps)
                }
            }
        }
        caps.setAccessibleLabel(spokenKeys(shortcut.keys))
        adw_action_row_add_suffix(cadw_action_row(row), caps)
        return row
    }

    /// One key of an accelerator: as printed on its keycap, and as GTK names it.
    struct Keycap: Equatable {
        let printed: String
        let spoken: String
    }

    /// The keys of one accelerator, modifiers first: "<Control><Shift>z" gives Ctrl, Shift, Z.
    static func keycaps(_ accelerator: String) -> [Keycap] {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        gtk_accelerator_parse(accelerator, &key, &modifiers)
        var caps: [Keycap] = []
        for mask in [GDK_CONTROL_MASK, GDK_ALT_MASK, GDK_SHIFT_MASK, GDK_SUPER_MASK] where modifiers.rawValue & mask.rawValue != 0 {
            let name = label(key: 0, modifiers: mask)
            caps.append(Keycap(printed: name, spoken: name))
        }
        if key != 0 {
            let name = label(key: key, modifiers: GdkModifierType(rawValue: 0))
            caps.append(Keycap(printed: symbols[Int32(key)] ?? name, spoken: name))
        }
        return caps
    }

    /// Keys printed as the symbol on them, as GTK's own shortcut labels print them.
    private static let symbols: [Int32: String] = [
        GDK_KEY_Left: "←", GDK_KEY_Right: "→", GDK_KEY_Up: "↑", GDK_KEY_Down: "↓", GDK_KEY_Return: "⏎",
    ]

    /// GTK's (translated) name of a key or modifier.
    private static func label(key: guint, modifiers: GdkModifierType) -> String {
        guard let text = gtk_accelerator_get_label(key, modifiers) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The keys as a screen reader says them: "Ctrl+Shift+Z or Ctrl+Y", "1 to 8".
    static func spokenKeys(_ keys: String) -> String {
        let alternatives = keys.split(separator: " ").map { alternative in
            let ends = alternative.components(separatedBy: "...").map { accelerator in
                keycaps(accelerator).map(\.spoken).joined(separator: "+")
            }
            return ends.count == 2 ? tr("{first} to {last}", ["first": ends[0], "last": ends[1]]) : ends.joined()
        }
        return alternatives.dropFirst().reduce(alternatives.first ?? "") { keys, key in
            tr("{keys} or {key}", ["keys": keys, "key": key])
        }
    }
}
