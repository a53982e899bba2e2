import CAdw
import CGtk
import Foundation
import ImagerCore

/// libadwaita's About window (a dialog over the window from libadwaita 1.5): the app, its
/// version and what is new in it (the metainfo's newest release), its website, where to
/// report an issue, and its licence.
enum AboutDialog {
    /// The same addresses as the metainfo's homepage and bugtracker.
    static let website = "https://github.com/imagerproject/imager"
    static let issueTracker = "https://github.com/imagerproject/imager/issues"

    static let licenseAddress = "https://opensource.org/license/mit"

    /// The licence page: what the MIT License allows, and where its text is. libadwaita shows
    /// it as Pango markup: the sentence (a translation) is escaped, and the address is a link.
    static var license: String {
        let sentence = tr("Imager is free software under the MIT License: you may use, copy, change and share it, and it comes with no warranty.\n\nThe licence’s full text: {address}",
                          ["address": licenseAddress])
        let escaped = g_markup_escape_text(sentence, -1)!
        defer { g_free(escaped) }
        return String(cString: escaped)
            .replacingOccurrences(of: licenseAddress, with: "<a href=\"\(licenseAddress)\">\(licenseAddress)</a>")
    }

    static func present(over parent: Widget) {
        let notes = ReleaseNotes.installed()
        cadw_present_about(parent, "Imager", StoreLocation.appID, ImagerVersion.current,
                           tr("Edit chordsets: titled rows of eight coloured chords."),
                           website, issueTracker, license, notes?.version, notes?.markup)
    }
}
