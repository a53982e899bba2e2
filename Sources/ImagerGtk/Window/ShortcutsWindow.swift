import CGtk

/// The Keyboard Shortcuts window, written as GtkBuilder XML from `WindowAction`'s list so
/// it can never disagree with the keys actually bound.
enum ShortcutsWindow {
    private static let groups: [(String, [WindowAction])] = [
        ("Chordsets", [.addChordset, .renameChordset, .duplicateChordset, .deleteChordset, .openRowMenu, .deleteAll]),
        ("Order", [.moveUp, .moveDown]),
        ("Editing", [.undo, .redo, .copy, .paste]),
        ("Files", [.importChordsets, .exportChordsets]),
        ("General", [.find, .showShortcuts, .close, .quit]),
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
        for (title, actions) in groups {
            out += "        <child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(escape(title))</property>\n"
            for action in actions where !action.accelerators.isEmpty {
                out += """
                              <child><object class="GtkShortcutsShortcut">
                                <property name="title">\(escape(action.title))</property>
                                <property name="accelerator">\(escape(action.accelerators.first!))</property>
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
