import CGtk
import Foundation
import ImagerGLib

/// Reordering a set list by drag: each entry's row is both a drag source, carrying the
/// entry's id as text, and a drop target; a row dropped on another takes its place. The
/// text is read back only as an id of this set list's entries, so a string dragged in from
/// elsewhere moves nothing.
enum SetListEntryDrag {
    static func attach(to row: Widget, entryID: UUID, onDrop: @escaping @MainActor (UUID) -> Void) {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_MOVE)
        Signal.connectPrepare(source) { _, _ in
            cgtk_content_provider_new_for_string(entryID.uuidString)
        }
        gtk_widget_add_controller(row, cgtk_event_controller(UnsafeMutableRawPointer(source)))

        let target = cgtk_drop_target_new_for_string(GDK_ACTION_MOVE)!
        Signal.connectDrop(target, "drop") { value in
            guard let text = cgtk_value_get_string(value), let dragged = UUID(uuidString: String(cString: text)),
                  dragged != entryID else { return false }
            onDrop(dragged)
            return true
        }
        gtk_widget_add_controller(row, cgtk_event_controller(UnsafeMutableRawPointer(target)))
    }
}
