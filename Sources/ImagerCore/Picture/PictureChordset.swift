import Foundation

/// A new chordset from a picture's pixels: its eight most representative colours (see
/// `ColorClustering`), titled by the caller or by the file's name without its extension.
public enum PictureChordset {
    /// nil when the picture has no visible pixel (all transparent) or `shouldStop` said stop.
    public static func make(from pixels: PixelBuffer, title: String, now: Date = Date(),
                            shouldStop: () -> Bool = { false }) -> Chordset? {
        guard let colors = ColorClustering.representativeColors(of: pixels, shouldStop: shouldStop) else { return nil }
        return Chordset(title: title, createdAt: now, chords: colors.map(Chord.init(color:)))
    }

    /// The title a picture gets when none is given: its file name without the extension.
    public static func defaultTitle(forFile path: String) -> String {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let cleaned = ChordsetTitle.sanitized(stem)
        return cleaned.isEmpty ? Chordset.defaultTitle : cleaned
    }
}
