import CGtk
import Foundation
import ImagerCore

/// gettext for the window. Swift reserves `_`, so the GTK layer marks its
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
    return fill(form, values, count: groupedNumber(count))
}

/// A count as the user's locale writes it: "100,009" in English, "100.009" in German,
/// "100009" where the locale groups no digits (C, POSIX). C's `%'d` reads LC_NUMERIC, which
/// `Translation.setUp` took from the environment.
nonisolated func groupedNumber(_ value: Int) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    let written = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%'ld", $0) }
    guard written > 0, Int(written) < buffer.count else { return String(value) }
    return String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Fills each `{name}` in one pass: a value is never searched again, so a title that reads
/// "{count}" stays as typed. Unknown names and lone braces are kept. The list fills a label
/// for every cell it binds, eight per row and a page of rows per scrolled frame, so this is
/// a scan of the text rather than one Foundation search per name (which took 40% of a
/// scroll's time).
nonisolated func fill(_ text: String, _ values: KeyValuePairs<String, String>, count: String? = nil) -> String {
    guard !values.isEmpty || count != nil, text.utf8.contains(UInt8(ascii: "{")) else { return text }
    return TextTemplate(text)(values, count: count)
}

/// A translated text with `{name}` placeholders, split once. `fill` splits and fills in one
/// go; a text filled thousands of times a second (each chord cell a row binds is named with
/// two, a page of rows per scrolled frame) keeps its template.
nonisolated struct TextTemplate: Sendable {
    private enum Piece: Sendable {
        case text(String)
        case value(String)
    }

    private let pieces: [Piece]

    init(_ text: String) {
        var pieces: [Piece] = []
        let bytes = Array(text.utf8)
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        var literal: [UInt8] = []
        var at = 0
        while at < bytes.count {
            // As `fill`: a name with a brace in it is no name (no value has one), so its
            // opening brace is text and the scan goes on after it.
            if bytes[at] == open, let end = bytes[(at + 1)...].firstIndex(of: close), !bytes[(at + 1)..<end].contains(open) {
                if !literal.isEmpty { pieces.append(.text(String(decoding: literal, as: UTF8.self))) }
                literal = []
                pieces.append(.value(String(decoding: bytes[(at + 1)..<end], as: UTF8.self)))
                at = end + 1
            } else {
                literal.append(bytes[at])
                at += 1
            }
        }
        if !literal.isEmpty { pieces.append(.text(String(decoding: literal, as: UTF8.self))) }
        self.pieces = pieces
    }

    /// The text with each placeholder's value, `{count}` from `count` when given; an unknown
    /// name stays as written.
    func callAsFunction(_ values: KeyValuePairs<String, String>, count: String? = nil) -> String {
        var out = ""
        for piece in pieces {
            switch piece {
            case let .text(text): out += text
            case let .value(name):
                if name == "count", let count { out += count } else { out += values.first { $0.key == name }?.value ?? "{" + name + "}" }
            }
        }
        return out
    }
}
