import CGtk
import Foundation
import ImagerCore

/// gettext for the window (issue 13). Swift reserves `_`, so the GTK layer marks its
/// strings with `tr("…")` and counts with `trn("1 chordset", "{count} chordsets", n)`;
/// `po/update-pot.sh` extracts both (xgettext keywords `tr` and `trn:1,2`). Values go in by
/// name, `{title}`, never by interpolation, so the text in the catalogue is the text looked
/// up, and a translation may put them in any order.
enum Translation {
    nonisolated static let domain = "imager"

    /// Binds the catalogue folder found next to the install (or `IMAGER_LOCALE_DIR`); GTK
    /// sets the locale itself when it starts.
    static func setUp() {
        setlocale(LC_ALL, "")
        cgtk_bind_text_domain(domain, DataFiles.localeDirectory()?.path)
    }
}

/// The translation of `message`, with `{name}` placeholders filled from `values`. gettext is
/// thread-safe once the domain is bound, so any thread may ask (errors describe themselves
/// off the main actor).
nonisolated func tr(_ message: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
    // Without a translation gettext returns the very pointer it was given, which Swift's
    // temporary C string frees after the call: read the answer while the argument lives.
    let translated = message.withCString { msgid in String(cString: g_dgettext(Translation.domain, msgid)) }
    return fill(translated, values)
}

/// The singular or plural translation for `count` (languages have one to six forms), with
/// `{count}` and any other placeholders filled.
nonisolated func trn(_ singular: String, _ plural: String, _ count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
    let form = singular.withCString { one in
        plural.withCString { many in String(cString: g_dngettext(Translation.domain, one, many, gulong(max(count, 0)))) }
    }
    return fill(fill(form, ["count": String(count)]), values)
}

private nonisolated func fill(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
    guard !values.isEmpty else { return text }
    var out = text
    for (name, value) in values { out = out.replacingOccurrences(of: "{\(name)}", with: value) }
    return out
}
