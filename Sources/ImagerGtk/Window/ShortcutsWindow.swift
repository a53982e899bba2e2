import CGtk

/// The Keyboard Shortcuts window, written as GtkBuilder XML from `WindowAction`'s list so
/// it can never disagree with the keys actually bound.
enum ShortcutsWindow {
    private static let groups: [(String, [WindowAction])] = [
        ("Chordsets", [.addChordset, .renameChordset, .deleteChordset, .openRowMenu, .deleteAll, .perform]),
        ("Editing", [.undo, .redo]),
        ("Files", [.importChordsets, .exportChordsets]),
        ("General", [.showShortcuts, .close, .quit]),
    ]

    /// Keys that are not actions: GTK's own (F10 opens the primary menu) and the list's
    /// arrows (`ListKeyboard`) and areas (`MainWindow+Focus`).
    private static let keys: [(group: String, title: String, accelerators: String)] = [
        ("Moving Around", "Next Area", "Tab"),
        ("Moving Around", "Previous Area", "<Shift>Tab"),
        ("Moving Around", "Previous or Next Chordset", "Up Down"),
        ("Moving Around", "Between a Chordset and Its Chords", "Left Right"),
        ("Moving Around", "First or Last Chordset", "Home End"),
        ("Moving Around", "Edit Chord", "Return"),
        ("General", "Main Menu", "F10"),
        // The Perform view's own keys (`PerformCommand`).
        ("Perform", "Play Chord 1 to 8", "1...8"),
        ("Perform", "Previous or Next Chord", "Left Right"),
        ("Perform", "Play the Chord Again", "space"),
        ("Perform", "Shorter or Longer Fade", "bracketleft bracketright"),
        ("Perform", "Previous or Next Chordset", "Page_Up Page_Down"),
        ("Perform", "Full Screen", "F11"),
        ("Perform", "Leave Perform", "Escape"),
    ]

    static func present(over parent: Widget) {
        let builder = gtk_builder_new_from_string(xml, -1)!
        defer { unref(builder) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
        let window = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
        gtk_window_set_transient_for(cgtk_window(window), cgtk_window(parent))
        gtk_window_set_modal(cgtk_window(window), 1)
        gtk_window_present(cgtk_window(window))
    }

    static var xml: String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <object class="GtkShortcutsWindow" id="shortcuts">
                <property name="modal">1</property>
                <child>
                  <object class="GtkShortcutsSection">
                    <property name="section-name">shortcuts</property>
                    <property name="max-height">12</property>

            """
        let titles = groups.map(\.0) + ["Moving Around", "Perform"]
        for title in titles {
            out += "        <child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(escape(title))</property>\n"
            var entries: [(String, String)] = []
            for action in groups.first(where: { $0.0 == title })?.1 ?? [] where !action.accelerators.isEmpty {
                // Every key of the action (Menu and Shift+F10 both open the row's menu), but
                // not the keypad's twins of keys already shown ("KP_Delete").
                let shown = action.accelerators.filter { !$0.contains("KP_") }
                entries.append((action.title, shown.joined(separator: " ")))
            }
            entries += keys.filter { $0.group == title }.map { ($0.title, $0.accelerators) }
            for (name, accelerators) in entries {
                out += """
                              <child><object class="GtkShortcutsShortcut">
                                <property name="title">\(escape(name))</property>
                                <property name="accelerator">\(escape(accelerators))</property>
                              </object></child>

                    """
            }
            out += "        </object></child>\n"
        }
        out += "      </object>\n    </child>\n  </object>\n</interface>\n"
        return out
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
