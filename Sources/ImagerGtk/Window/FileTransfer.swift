import CGtk
import Foundation
import ImagerCore
import ImagerGLib
import ImagerPicture

/// Import…, Export…, Export Palette…, New Chordset from Image… and the sync folder
/// (Sync…): the file chooser (GtkFileDialog from GTK 4.10, GtkFileChooserNative on 4.8; both go
/// through the desktop portal when there is one), then the core for the contents.
enum FileTransfer {
    /// A filter of the chooser: its name, and the extensions (no dot) and MIME types it shows.
    struct Filter: Equatable {
        var name: String
        var suffixes: [String] = []
        var mimeTypes: [String] = []

        /// The one extension of a filter that stands for one format ("css"); nil for a
        /// filter of several, where the name's own extension says which.
        var format: String? {
            suffixes.count == 1 && suffixes[0] != "*" ? suffixes[0] : nil
        }

        /// `name` with this filter's extension in place of its own ("Fireflies.gpl" under
        /// "CSS custom properties" is "Fireflies.css"); unchanged for a filter of several,
        /// or when it ends so already (in any case).
        func following(_ name: String) -> String {
            guard let format else { return name }
            let own = (name as NSString).pathExtension
            if own.lowercased() == format { return name }
            let stem = own.isEmpty ? name : String(name.dropLast(own.count + 1))
            return stem + "." + format
        }
    }

    /// What a chooser asks.
    struct Question {
        var title: String
        var action: GtkFileChooserAction
        var filters: [Filter]
        var suggestedName: String?
    }

    /// Asks for a JSON file or a GIMP palette to read; `opened` gets its path.
    static func chooseImport(over parent: Widget, with chooser: FileChooser, _ opened: @escaping (String) -> Void) {
        run(Question(title: tr("Import Chordsets"), action: GTK_FILE_CHOOSER_ACTION_OPEN,
                     filters: [Filter(name: tr("Chordsets and palettes"), suffixes: ["json", "gpl"]),
                               Filter(name: tr("Chordsets (JSON)"), suffixes: ["json"]),
                               Filter(name: "GIMP palettes", suffixes: ["gpl"])]),
            accept: "_Import", parent: parent, chooser: chooser, opened)
    }

    /// Asks for a picture; `opened` gets its path. The filter offers every format the
    /// installed gdk-pixbuf loaders read (PNG and JPEG always; WebP, AVIF... when installed).
    static func chooseImage(over parent: Widget, with chooser: FileChooser, _ opened: @escaping (String) -> Void) {
        run(Question(title: tr("New Chordset from Image"), action: GTK_FILE_CHOOSER_ACTION_OPEN,
                     filters: [Filter(name: tr("Images"), mimeTypes: PictureFormats.mimeTypes()),
                               Filter(name: tr("All files"), suffixes: ["*"])]),
            accept: "_Open", parent: parent, chooser: chooser, opened)
    }

    /// Asks where to write; `chosen` gets the path.
    static func chooseExport(over parent: Widget, with chooser: FileChooser, _ chosen: @escaping (String) -> Void) {
        run(Question(title: tr("Export Chordsets"), action: GTK_FILE_CHOOSER_ACTION_SAVE,
                     filters: [Filter(name: tr("Chordsets (JSON)"), suffixes: ["json"])], suggestedName: "Chordsets.json"),
            accept: "_Export", parent: parent, chooser: chooser, chosen)
    }

    /// The Export Palette chooser's filters: all palettes, where the name's extension says
    /// which format, then one per format, which puts its own extension on the name.
    static var paletteFilters: [Filter] {
        [Filter(name: tr("Palettes"), suffixes: PaletteFormat.allCases.map(\.fileExtension)),
         Filter(name: "GIMP palettes", suffixes: ["gpl"]),
         Filter(name: "CSS custom properties", suffixes: ["css"]),
         Filter(name: "SVG images", suffixes: ["svg"])]
    }

    /// Asks where to write one chordset's palette. Where the chooser says which filter was
    /// chosen (GTK 4.8's), a filter of one format chooses it: the name takes that format's
    /// extension as the filter is picked (in GTK's own chooser) and when the chooser answers
    /// (a portal's chooser too); under "Palettes" the name's extension says which format.
    /// Where it does not (GtkFileDialog), the name's extension says which (`paletteName`).
    static func choosePaletteExport(over parent: Widget, with chooser: FileChooser, suggestedName: String, _ chosen: @escaping (String) -> Void) {
        run(Question(title: tr("Export Palette"), action: GTK_FILE_CHOOSER_ACTION_SAVE,
                     filters: paletteFilters, suggestedName: suggestedName),
            accept: "_Export", parent: parent, chooser: chooser, nameFollowsFilter: true) { path, filter in
            let followed = URL(fileURLWithPath: path).deletingLastPathComponent()
                .appendingPathComponent(paletteName((path as NSString).lastPathComponent, filter: filter)).path
            // GTK asked before replacing the file named in the chooser, not one renamed after it.
            guard followed != path, FileManager.default.fileExists(atPath: followed) else { return chosen(followed) }
            let name = (followed as NSString).lastPathComponent
            MessageDialog.confirm(over: parent, tr("Replace “{file}”?", ["file": name]),
                                  detail: tr("A file with this name already exists. Replacing it overwrites its contents."),
                                  actionLabel: tr("Replace")) { chosen(followed) }
        }
    }

    /// The name a palette is written under: the chosen filter's extension in place of the
    /// name's own (`Filter.following`); without a filter, the name as it is when its extension
    /// names a format, else with the default format's (GIMP's, the suggested name's) after it:
    /// after, not in place of, since a dot may be part of a title ("Warm v1.2").
    static func paletteName(_ name: String, filter: Filter?) -> String {
        if let filter { return filter.following(name) }
        return PaletteFormat(fileName: name) == nil ? name + "." + PaletteFormat.gimp.fileExtension : name
    }

    /// Asks for the folder to sync through (Sync…). In a Flatpak the portal grants the
    /// app that folder, and only that folder.
    static func chooseSyncFolder(over parent: Widget, with chooser: FileChooser, _ chosen: @escaping (String) -> Void) {
        run(Question(title: tr("Choose the Sync Folder"), action: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, filters: []),
            accept: "_Choose", parent: parent, chooser: chooser, chosen)
    }

    private static func run(_ question: Question, accept: String, parent: Widget, chooser: FileChooser,
                            _ done: @escaping (String) -> Void) {
        chooser.ask(question, accept, parent, false) { path, _ in done(path) }
    }

    private static func run(_ question: Question, accept: String, parent: Widget, chooser: FileChooser,
                            nameFollowsFilter: Bool, _ done: @escaping (String, Filter?) -> Void) {
        chooser.ask(question, accept, parent, nameFollowsFilter, done)
    }

    /// A GtkFileFilter for `filter` (a new reference).
    static func makeFilter(_ filter: Filter) -> OpaquePointer {
        let made = gtk_file_filter_new()!
        gtk_file_filter_set_name(made, filter.name)
        for suffix in filter.suffixes {
            if suffix == "*" { gtk_file_filter_add_pattern(made, "*") } else { gtk_file_filter_add_suffix(made, suffix) }
        }
        for type in filter.mimeTypes { gtk_file_filter_add_mime_type(made, type) }
        return made
    }

    /// Shows GTK 4.8's chooser (GtkFileChooserNative) for `question`; `done` gets the path and
    /// the filter chosen, when the chooser says which, and is not called on Cancel.
    static func showDialog(_ question: Question, accept: String, parent: Widget, nameFollowsFilter: Bool,
                           _ done: @escaping (String, Filter?) -> Void) {
        let chooser = cgtk_file_chooser_native_new(question.title, cgtk_window(parent), question.action, accept)!
        gtk_native_dialog_set_modal(chooser, 1)
        var shownFilters: [(UnsafeMutableRawPointer, Filter)] = []
        for filter in question.filters {
            let made = makeFilter(filter)
            cgtk_file_chooser_add_filter(chooser, made)
            shownFilters.append((UnsafeMutableRawPointer(made), filter))
            g_object_unref(UnsafeMutableRawPointer(made))
        }
        if let name = question.suggestedName { cgtk_file_chooser_set_current_name(chooser, name) }
        let filters = shownFilters
        let chosenFilter = { @MainActor () -> Filter? in
            guard let current = cgtk_file_chooser_get_filter(chooser) else { return nil }
            let raw = UnsafeMutableRawPointer(current)
            for (pointer, filter) in filters where pointer == raw { return filter }
            return nil
        }
        // GtkFileChooserNative does not tell when its own dialog's filter changes: it is
        // looked at five times a second while the chooser is open, and the name follows it.
        var following: ScheduledWork?
        if nameFollowsFilter {
            var shown = chosenFilter()
            following = MainLoop.repeating(milliseconds: 200) {
                let now = chosenFilter()
                guard now != shown else { return true }
                shown = now
                if let now, let name = takeGString(cgtk_file_chooser_get_current_name(chooser)) {
                    let followed = now.following(name)
                    if followed != name { cgtk_file_chooser_set_current_name(chooser, followed) }
                }
                return true
            }
        }
        // The chooser is not a widget: we own it until it answers.
        Signal.connectInt(chooser, "response") { response in
            following?.cancel()
            let path = response == GTK_RESPONSE_ACCEPT.rawValue ? takeGString(cgtk_file_chooser_get_path(chooser)) : nil
            let filter = chosenFilter()
            gtk_native_dialog_destroy(chooser)
            g_object_unref(chooser)
            if let path { done(path, filter) }
        }
        gtk_native_dialog_show(chooser)
    }
}
