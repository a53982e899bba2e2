/// A chordset as CSS custom properties, one per chord, numbered 1-8 after the title's
/// identifier (see `CSSIdentifier`):
///
///     /* Warm, exported from Imager */
///     :root {
///       --warm-1: #F6D14E;
///       ...
///     }
///
/// Colours are `#RRGGBB`, or `#RRGGBBAA` for a translucent chord (CSS Color Level 4).
enum CSSPaletteWriter {
    static func text(for chordset: Chordset) -> String {
        let stem = CSSIdentifier.stem(for: chordset.title)
        var out = "/* \(commentSafe(ChordsetTitle.sanitized(chordset.title))), exported from Imager */\n:root {\n"
        for slot in 0..<Chordset.chordCount {
            out += "  --\(stem)-\(slot + 1): \(chordset.color(at: slot).hex);\n"
        }
        return out + "}\n"
    }

    /// A CSS comment cannot escape its own end: a title holding `*/` would end it early and
    /// turn the rest of the title into CSS.
    private static func commentSafe(_ title: String) -> String {
        var text = title
        while text.contains("*/") { text = text.replacingOccurrences(of: "*/", with: "* /") }
        return text
    }
}
