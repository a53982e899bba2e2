import CGtk
import ImagerCore

enum AboutDialog {
    static func present(over parent: Widget) {
        let about = gtk_about_dialog_new()!
        let dialog = OpaquePointer(about)
        gtk_about_dialog_set_program_name(dialog, "Imager")
        gtk_about_dialog_set_version(dialog, ImagerVersion.current)
        gtk_about_dialog_set_comments(dialog, "Edit chordsets: titled rows of eight coloured chords.")
        gtk_about_dialog_set_logo_icon_name(dialog, StoreLocation.appID)
        gtk_about_dialog_set_license_type(dialog, GTK_LICENSE_MIT_X11)
        gtk_window_set_transient_for(cgtk_window(about), cgtk_window(parent))
        gtk_window_set_modal(cgtk_window(about), 1)
        gtk_window_present(cgtk_window(about))
    }
}
