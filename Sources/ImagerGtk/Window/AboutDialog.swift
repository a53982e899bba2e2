import CGtk
import Foundation
import ImagerCore

enum AboutDialog {
    /// The same addresses as the metainfo's homepage and bugtracker.
    static let website = "https://github.com/imagerproject/imager"
    static let issueTracker = "https://github.com/imagerproject/imager/issues"

    /// The licence page: what the MIT License allows, and where its text is.
    static var license: String {
        // Nothing after the address: GTK would take a full stop as part of the link.
        tr("Imager is free software under the MIT License: you may use, copy, change and share it, and it comes with no warranty.\n\nThe licence’s full text: {address}",
           ["address": "https://opensource.org/license/mit"])
    }

    static func present(over parent: Widget) {
        let about = gtk_about_dialog_new()!
        let dialog = OpaquePointer(about)
        gtk_about_dialog_set_program_name(dialog, "Imager")
        gtk_about_dialog_set_version(dialog, ImagerVersion.current)
        gtk_about_dialog_set_comments(dialog, tr("Edit chordsets: titled rows of eight coloured chords."))
        gtk_about_dialog_set_logo_icon_name(dialog, StoreLocation.appID)
        // GTK's own sentence for a licence type reads "See the The MIT License (MIT) for
        // details" in English: the licence is given in Imager's words instead.
        gtk_about_dialog_set_license(dialog, Self.license)
        gtk_about_dialog_set_wrap_license(dialog, 1)
        gtk_about_dialog_set_website(dialog, Self.website)
        gtk_about_dialog_set_website_label(dialog, tr("Website"))
        // GTK 4.8's About dialog has one link of its own; the issue tracker goes in the credits.
        var issues: [UnsafePointer<CChar>?] = [strdup(Self.issueTracker).map { UnsafePointer($0) }, nil]
        gtk_about_dialog_add_credit_section(dialog, tr("Report an Issue"), &issues)
        issues.forEach { free(UnsafeMutablePointer(mutating: $0)) }
        gtk_window_set_transient_for(cgtk_window(about), cgtk_window(parent))
        gtk_window_set_modal(cgtk_window(about), 1)
        gtk_window_present(cgtk_window(about))
    }
}
