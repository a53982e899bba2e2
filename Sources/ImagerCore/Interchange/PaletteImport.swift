import Foundation

/// What an import of a palette did to it, for the notice the window and the command line
/// give: how many colours there were, how many chordsets they made, and how many chords of
/// the last chordset are copies of the palette's final colour.
public struct PaletteImportSummary: Equatable, Sendable {
    public var colorCount: Int
    public var chordsetCount: Int
    /// Chords added to fill the last chordset to eight; 0 when the colours divide by eight.
    public var paddedChords: Int

    public var wasPadded: Bool { paddedChords > 0 }
}

/// A palette's colours as chordsets: each eight colours in file order make one chordset. A
/// palette whose count is not a multiple of eight has its last chordset filled by repeating
/// its final colour (a palette of 3 colours gives one chordset: c1 c2 c3 c3 c3 c3 c3 c3).
///
/// Titles: the palette's `Name:`, else the file's name without its extension. One chordset
/// takes the title as it is; several are "Name 1", "Name 2", ... in order.
public enum PaletteImport {
    public static func chordsets(from palette: GimpPalette, file: String, now: Date = Date())
        throws(GimpPaletteError) -> (chordsets: [Chordset], summary: PaletteImportSummary) {
        let count = Chordset.chordCount
        let colors = palette.colors
        guard let final = colors.last else { throw GimpPaletteError(file: file, line: nil, problem: .noColors) }
        let groups = (colors.count + count - 1) / count
        let base = title(for: palette, file: file)

        var chordsets: [Chordset] = []
        chordsets.reserveCapacity(groups)
        for group in 0..<groups {
            var slice = Array(colors[(group * count)..<min(colors.count, (group + 1) * count)])
            while slice.count < count { slice.append(final) }
            let raw = groups == 1 ? base : "\(base) \(group + 1)"
            let title: String
            switch ChordsetTitle.accepted(raw) {
            case let .success(clean): title = clean
            case let .failure(.tooLong(length)):
                throw GimpPaletteError(file: file, line: palette.nameLine, problem: .nameTooLong(length: length))
            case .failure(.empty): title = Chordset.defaultTitle   // unreachable: `base` is never empty
            }
            // Chordset's initialiser only refuses a count other than eight, which the padding rules out.
            guard let chordset = Chordset(title: title, position: Double(group), createdAt: now,
                                          chords: slice.map { Chord(color: $0) }) else { continue }
            chordsets.append(chordset)
        }
        let padded = groups * count - colors.count
        return (chordsets, PaletteImportSummary(colorCount: colors.count, chordsetCount: chordsets.count, paddedChords: padded))
    }

    /// The palette's name, else the file name without its extension, else a default: never empty.
    static func title(for palette: GimpPalette, file: String) -> String {
        if let name = palette.name, !ChordsetTitle.sanitized(name).isEmpty { return name }
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let cleaned = ChordsetTitle.sanitized(stem)
        return cleaned.isEmpty ? Chordset.defaultTitle : cleaned
    }
}
