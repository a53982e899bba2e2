import CAdw
import CGtk
@testable import ImagerGtk

/// The messages `MessageDialog` has open now, in every window: libadwaita's message windows
/// (before libadwaita 1.5) and its alert dialogs inside a window (from 1.5).
@MainActor
enum OpenMessages {
    static func all() -> [Widget] {
        var found: [Widget] = []
        func walk(_ widget: Widget) {
            let type = String(cString: g_type_name_from_instance(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget))))
            if type == "AdwMessageDialog" || type == "AdwAlertDialog", gtk_widget_get_visible(widget) != 0 {
                found.append(widget)
            }
            for child in widget.children { walk(child) }
        }
        let toplevels = gtk_window_get_toplevels()!
        for index in 0..<g_list_model_get_n_items(toplevels) {
            let item = g_list_model_get_item(toplevels, index)!
            walk(item.assumingMemoryBound(to: GtkWidget.self))
            g_object_unref(item)
        }
        return found
    }

    /// The text of every label in `message`: its heading, its body and its buttons.
    static func texts(of message: Widget) -> [String] {
        var texts: [String] = []
        func walk(_ widget: Widget) {
            if String(cString: g_type_name_from_instance(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget)))) == "GtkLabel",
               let text = gtk_label_get_text(cgtk_label(widget)) {
                texts.append(String(cString: text))
            }
            for child in widget.children { walk(child) }
        }
        walk(message)
        return texts
    }

    /// The buttons of `message` that show (libadwaita keeps a second row of them, hidden, for
    /// a narrow width), left to right.
    static func buttons(of message: Widget) -> [Widget] {
        var found: [Widget] = []
        func walk(_ widget: Widget) {
            guard gtk_widget_get_mapped(widget) != 0 else { return }
            if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_button_get_type()) != 0 {
                found.append(widget)
            }
            for child in widget.children { walk(child) }
        }
        walk(message)
        func x(_ widget: Widget) -> Float {
            var rect = graphene_rect_t()
            _ = gtk_widget_compute_bounds(widget, message, &rect)
            return rect.origin.x
        }
        return found.sorted { x($0) < x($1) }
    }

    /// Presses the button labelled `label` in `message`, as a click does.
    static func press(_ label: String, in message: Widget) {
        let button = buttons(of: message).first { gtk_button_get_label(cgtk_button($0)).map { String(cString: $0) } == label }
        if let button { gtk_widget_activate(button) }
    }

    static func closeAll() {
        for message in all() { cadw_message_close(message) }
    }
}
