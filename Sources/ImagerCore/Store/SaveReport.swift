/// What one save did; printed as the `Saved ...` line (the original app's printProfile).
public struct SaveReport: Sendable, Equatable {
    /// Totals in the store after the save.
    public var chordsets: Int
    public var chords: Int
    /// Rows inserted, updated or deleted (a deleted chordset counts its cascaded chords).
    public var rowsWritten: Int
    public var milliseconds: Double

    public init(chordsets: Int, chords: Int, rowsWritten: Int, milliseconds: Double) {
        self.chordsets = chordsets
        self.chords = chords
        self.rowsWritten = rowsWritten
        self.milliseconds = milliseconds
    }

    /// e.g. `Saved 12 chordsets (96 chords): 3 rows written in 1.4 ms`
    public var line: String {
        let ms = (milliseconds * 10).rounded() / 10
        return "Saved \(chordsets) \(chordsets == 1 ? "chordset" : "chordsets") "
            + "(\(chords) \(chords == 1 ? "chord" : "chords")): "
            + "\(rowsWritten) \(rowsWritten == 1 ? "row" : "rows") written in \(ms) ms"
    }
}
