import Foundation

/// A chordset as an SVG strip: eight squares side by side, each filled with its chord's
/// colour, the title as the document's `<title>` (what viewers and screen readers show).
/// A translucent chord's alpha goes into `fill-opacity`, since SVG 1.1 has no 8-digit hex.
enum SVGPaletteWriter {
    /// The side of one chord's square, in SVG user units (pixels when shown as is).
    static let cell = 64

    static func text(for chordset: Chordset) -> String {
        let width = cell * Chordset.chordCount
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(cell)" viewBox="0 0 \(width) \(cell)">
              <title>\(escaped(chordset.title))</title>

            """
        for slot in 0..<Chordset.chordCount {
            let color = chordset.color(at: slot)
            let rgb = String(color.hex.prefix(7))
            var rect = "  <rect x=\"\(slot * cell)\" y=\"0\" width=\"\(cell)\" height=\"\(cell)\" fill=\"\(rgb)\""
            if color.alpha != 255 {
                rect += " fill-opacity=\"\(opacity(color.alpha))\""
            }
            out += rect + "/>\n"
        }
        return out + "</svg>\n"
    }

    /// Alpha as 0...1 with three decimals, enough to give back the same byte (1/255 > 0.001).
    static func opacity(_ alpha: UInt8) -> String {
        let thousandths = Int((Double(alpha) / 255 * 1000).rounded())
        let whole = thousandths / 1000, rest = thousandths % 1000
        guard rest != 0 else { return String(whole) }
        var decimals = String(rest)
        decimals = String(repeating: "0", count: 3 - decimals.count) + decimals
        while decimals.hasSuffix("0") { decimals.removeLast() }
        return "\(whole).\(decimals)"
    }

    /// Text for element content: the five markup characters escaped, and characters XML 1.0
    /// does not allow at all (controls, U+FFFE, U+FFFF) replaced, so any title gives valid XML.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case _ where isXMLCharacter(scalar): out.unicodeScalars.append(scalar)
            default: out += "\u{FFFD}"
            }
        }
        return out
    }

    /// XML 1.0's Char production (surrogates cannot occur in a Swift string).
    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
