import CGtk
import Foundation
import ImagerCore

/// Import…, Export…, Export Palette… and the sync folder: the file chooser (GtkFileChooserNative, which goes
/// through the desktop portal when there is one), then the core for the contents.
enum FileTransfer {
    /// A filter of the chooser: its name and the extensions (no dot) it shows.
    typealias Filter = (name: String, suffixes: [String])

    /// Asks for a JSON file or a GIMP palette to read; `opened` gets its path.
    static func chooseImport(over parent: Widget, _ opened: @escaping (String) -> Void) {
        run(title: "Import Chordsets", action: GTK_FILE_CHOOSER_ACTION_OPEN, accept: "_Import",
            parent: parent, suggestedName: nil,
            filters: [("Chordsets and palettes", ["json", "gpl"]), ("Chordsets (JSON)", ["json"]), ("GIMP palettes", ["gpl"])],
            opened)
    }

    /// Asks where to write; `chosen` gets the path.
    static func chooseExport(over parent: Widget, _ chosen: @escaping (String) -> Void) {
        run(title: "Export Chordsets", action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: "_Export",
            parent: parent, suggestedName: "Chordsets.json", filters: [("Chordsets (JSON)", ["json"])], chosen)
    }

    /// Asks where to write one chordset's palette; the format follows the name's extension.
    static func choosePaletteExport(over parent: Widget, suggestedName: String, _ chosen: @escaping (String) -> Void) {
        run(title: "Export Palette", action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: "_Export",
            parent: parent, suggestedName: suggestedName,
            filters: [("Palettes", PaletteFormat.allCases.map(\.fileExtension)), ("GIMP palettes", ["gpl"]),
                      ("CSS custom properties", ["css"]), ("SVG images", ["svg"])],
            chosen)
    }

    /// Asks for the folder to sync through (Sync…). In a Flatpak the portal grants the
    /// app that folder, and only that folder.
    static func chooseSyncFolder(over parent: Widget, _ chosen: @escaping (String) -> Void) {
        run(title: "Choose the Sync Folder", action: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, accept: "_Choose",
            parent: parent, suggestedName: nil, filters: [], chosen)
    }

    private static func run(title: String, action: GtkFileChooserAction, accept: String, parent: Widget,
                            suggestedName: String?, filters: [Filter], _ done: @escaping (String) -> Void) {
        let chooser = cgtk_file_chooser_native_new(title, cgtk_window(parent), action, accept)!
        gtk_native_dialog_set_modal(chooser, 1)
        for (name, suffixes) in filters {
            let filter = gtk_file_filter_new()!
            gtk_file_filter_set_name(filter, name)
            for suffix in suffixes { gtk_file_filter_add_suffix(filter, suffix) }
            cgtk_file_chooser_add_filter(chooser, filter)
            g_object_unref(UnsafeMutableRawPointer(filter))
        }
        if let suggestedName { cgtk_file_chooser_set_current_name(chooser, suggestedName) }
        // The chooser is not a widget: we own it until it answers.
        Signal.connectInt(chooser, "response") { response in
            let path = response == GTK_RESPONSE_ACCEPT.rawValue ? takeGString(cgtk_file_chooser_get_path(chooser)) : nil
            gtk_native_dialog_destroy(chooser)
            g_object_unref(chooser)
            if let path { done(path) }
        }
        gtk_native_dialog_show(chooser)
    }
}
