/// A chordset as a GIMP palette, laid out as GIMP itself saves one (see
/// https://developer.gimp.org/core/standards/gpl): the magic line, `Name:`, `Columns: 8`, a
/// comment, then one line per chord, `R G B` right-aligned in three columns, a tab, and the
/// chord's number (1-8) as the colour's name.
///
/// GIMP palettes hold no alpha: a translucent chord is written with its RGB only, and the
/// comment line says so, since the file cannot carry it.
enum GimpPaletteWriter {
    static let magic = "GIMP Palette"

    static func text(for chordset: Chordset) -> String {
        // Titles are single-line by ChordsetTitle's rule; a line break here would end the header.
        // Only a hand-edited database holds a title with a control character; none reaches the
        // file (or a terminal, for `--export-palette ID - --format gpl`), and a line break
        // cannot end the Name line early.
        var out = "\(magic)\nName: \(ChordsetTitle.sanitized(chordset.title))\nColumns: \(Chordset.chordCount)\n"
        let translucent = chordset.chords.indices.filter { chordset.color(at: $0).alpha != 255 }
        if translucent.isEmpty {
            out += "# Exported from Imager\n"
        } else {
            let numbers = translucent.map { String($0 + 1) }.joined(separator: ", ")
            out += "# Exported from Imager; GIMP palettes keep no alpha, so the transparency of chord \(numbers) is not in this file\n"
        }
        for slot in 0..<Chordset.chordCount {
            let color = chordset.color(at: slot)
            out += "\(padded(color.red)) \(padded(color.green)) \(padded(color.blue))\t\(slot + 1)\n"
        }
        return out
    }

    /// Right-aligned in three characters, as GIMP's own "%3d".
    private static func padded(_ value: UInt8) -> String {
        let digits = String(value)
        return String(repeating: " ", count: 3 - digits.count) + digits
    }
}
