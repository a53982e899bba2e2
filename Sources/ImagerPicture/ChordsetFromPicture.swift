import Foundation
import ImagerCore

/// A picture file to a new chordset: decode (reduced as it loads), then cluster. One path for
/// the window (on a worker thread, with progress and Cancel) and the command line, so both
/// give the same chordset for the same picture.
public enum ChordsetFromPicture {
    /// The share of `progress` that decoding takes; clustering a reduced picture is the rest.
    static let decodingShare = 0.9

    /// Throws `.cancelled` once `cancellation` is set, between pieces of the file or rows of
    /// the histogram. `progress` hears 0 to 1, from the thread this runs on.
    public static func make(path: String, title: String, cancellation: Cancellation? = nil,
                            progress: (Double) -> Void = { _ in }) throws(PictureDecoder.Failure) -> Chordset {
        let stop = { cancellation?.isCancelled ?? false }
        let pixels = try PictureDecoder.decode(path: path, shouldStop: stop) { fraction in
            progress(fraction * decodingShare)
        }
        guard let chordset = PictureChordset.make(from: pixels, title: title, shouldStop: stop) else {
            if stop() { throw .cancelled }
            throw .nothingVisible(file: path)
        }
        if stop() { throw .cancelled }
        progress(1)
        return chordset
    }
}
