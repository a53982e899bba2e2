import ImagerCore

/// The words of the toast after an import: how many chordsets arrived, and for a palette how
/// many colours made them and whether the last chordset had to be padded to eight.
enum ImportNotice {
    static func text(for imported: TransferJobs.Imported) -> String {
        let count = imported.stored.count
        let chordsets = "\(count) \(count == 1 ? "chordset" : "chordsets")"
        guard let palette = imported.palette else { return "Imported \(chordsets)" }
        let colors = "\(palette.colorCount) \(palette.colorCount == 1 ? "colour" : "colours")"
        guard palette.wasPadded else { return "Imported \(chordsets) from \(colors)" }
        let which = count == 1 ? "it" : "the last"
        return "Imported \(chordsets) from \(colors); \(which) was padded with its final colour"
    }
}
