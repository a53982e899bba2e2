import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// Files dropped on the window: a `.json` or `.gpl` file is imported as Import… would, any
/// other file is read as a picture, as New Chordset from Image… would. One file is opened per
/// drop (imports and pictures run one at a time, each with its own undo step): of several,
/// the first is opened and the notice says how many were dropped.
extension MainWindow {
    /// What a dropped file is taken for, by its extension.
    enum DroppedFile: Equatable {
        case chordsets, picture

        init(path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "json", "gpl": self = .chordsets
            default: self = .picture
            }
        }
    }

    func installDropTarget() {
        // GdkFileList: what file managers drag (text/uri-list), as local files.
        let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        // Replaces GTK's own check (the first handler's answer wins), so it makes that check too.
        Signal.connectPointerBool(target, "accept") { drop in
            guard let drop else { return false }
            return Self.accepts(formats: gdk_drop_get_formats(drop), actions: gdk_drop_get_actions(drop),
                                target: gtk_drop_target_get_formats(target))
        }
        // The theme draws no drop frame on a window: the content below the header bar shows
        // one (`file-drop-target` in the Stylesheet) while files hover over the window.
        // GTK sets the current drop once a drag is accepted, and clears it when the drag
        // leaves or its drop is done.
        Signal.connectPointer(target, "notify::current-drop") { [weak self] _ in
            self?.showFileDropTarget(gtk_drop_target_get_current_drop(target) != nil)
        }
        Signal.connectDrop(target, "drop") { [weak self] value in
            guard let self else { return false }
            self.showFileDropTarget(false)
            guard let boxed = g_value_get_boxed(value) else { return false }
            return self.open(dropped: Self.paths(in: OpaquePointer(boxed)))
        }
        gtk_widget_add_controller(window, target)
    }

    private func showFileDropTarget(_ shown: Bool) {
        if shown { gtk_widget_add_css_class(modes, "file-drop-target") } else { gtk_widget_remove_css_class(modes, "file-drop-target") }
    }

    /// Whether the window takes a drop offering `formats`: files it can copy, but not a row
    /// dragged out of its own list (whose drag offers its file too, with Imager's own type),
    /// which would import a copy of the chordset it came from.
    static func accepts(formats: OpaquePointer?, actions: GdkDragAction, target: OpaquePointer?) -> Bool {
        guard let formats, let target, actions.rawValue & GDK_ACTION_COPY.rawValue != 0 else { return false }
        if gdk_content_formats_contain_mime_type(formats, RowDragSource.internalMimeType) != 0 { return false }
        return gdk_content_formats_match(target, formats) != 0
    }

    /// Opens the first of `paths`; false (the drop is refused) when there is nothing to open
    /// or the window cannot take it now.
    @discardableResult
    func open(dropped paths: [String]) -> Bool {
        guard let first = paths.first, !controller.isReadOnly else { return false }
        guard transfer == nil else {
            toast.show(tr("Wait for the file being read to finish, then drop again"), offersUndo: false)
            return false
        }
        let aside = paths.count > 1 ? "first of \(paths.count) files dropped" : nil
        switch DroppedFile(path: first) {
        case .chordsets: importChordsets(from: first, aside: aside)
        case .picture: addChordset(fromPicture: first, aside: aside)
        }
        return true
    }

    /// The local paths of a GdkFileList (files with no local path, such as a web address, are left out).
    private static func paths(in fileList: OpaquePointer) -> [String] {
        let list = gdk_file_list_get_files(fileList)
        defer { g_slist_free(list) }
        var paths: [String] = []
        var node = list
        while let current = node {
            if let file = current.pointee.data, let path = takeGString(g_file_get_path(OpaquePointer(file))) {
                paths.append(path)
            }
            node = current.pointee.next
        }
        return paths
    }
}
