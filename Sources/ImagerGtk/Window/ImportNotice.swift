import ImagerCore

/// The words of the toast after an import: how many chordsets arrived, and for a palette how
/// many colours made them and whether the last chordset had to be padded to eight.
enum ImportNotice {
    static func text(for imported: TransferJobs.Imported) -> String {
        let count = imported.stored.count
        let chordsets = trn("{count} chordset", "{count} chordsets", count)
        guard let palette = imported.palette else { return tr("Imported {chordsets}", ["chordsets": chordsets]) }
        let colors = trn("{count} colour", "{count} colours", palette.colorCount)
        guard palette.wasPadded else {
            return tr("Imported {chordsets} from {colours}", ["chordsets": chordsets, "colours": colors])
        }
        return trn("Imported {chordsets} from {colours}; it was padded with its final colour",
                   "Imported {chordsets} from {colours}; the last was padded with its final colour", count,
                   ["chordsets": chordsets, "colours": colors])
    }
}
