import CGtk
import ImagerGLib

/// The Keyboard Shortcuts window, written as GtkBuilder XML from `WindowAction`'s list so
/// it can never disagree with the keys actually bound.
enum ShortcutsWindow {
    private static var groups: [(String, [WindowAction])] { [
        (tr("Chordsets"), [.addChordset, .renameChordset, .duplicateChordset, .deleteChordset, .openRowMenu, .selectAll, .deleteAll, .perform]),
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
        (tr("Perform"), tr("Full Screen"), "F11"),
        (tr("Perform"), tr("Leave Perform"), "Escape"),
        // The chord editor's canvas (`ChordEditorCanvas.canvasKey`) and window.
        (tr("Chord Editor"), tr("Move the Lumi (Further with Shift)"), "Left Right Up Down"),
        (tr("Chord Editor"), tr("Larger or Smaller Lumi"), "plus minus"),
        (tr("Chord Editor"), tr("Turn the Lumi"), "bracketleft bracketright"),
        (tr("Chord Editor"), tr("Delete the Lumi"), "Delete"),
        (tr("Chord Editor"), tr("Close the Chord Editor"), "Escape"),
    ] }

    /// Key names GTK prints as they are spelled in code: its English labels for these keys
    /// are "Page_Up" and "Page_Down" (other languages translate them).
    private static var keyNames: [String: String] { [
        "Page_Up": tr("Page Up"),
        "Page_Down": tr("Page Down"),
    ] }

    static func present(over parent: Widget) {
        let builder = gtk_builder_new_from_string(xml, -1)!
        defer { unref(builder) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
        let window = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
        gtk_window_set_transient_for(cgtk_window(window), cgtk_window(parent))
        gtk_window_set_modal(cgtk_window(window), 1)
        renameKeys(in: window)
        gtk_window_present(cgtk_window(window))
    }

    /// Gives the keys of `keyNames` their printed names, in the labels GTK made for them.
    static func renameKeys(in widget: UnsafeMutablePointer<GtkWidget>) {
        if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_label_get_type()) != 0,
           let name = keyNames[String(cString: gtk_label_get_text(cgtk_label(widget)))] {
            gtk_label_set_text(cgtk_label(widget), name)
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            renameKeys(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
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
        let titles = groups.map(\.0) + [tr("Moving Around"), tr("Perform"), tr("Chord Editor")]
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
