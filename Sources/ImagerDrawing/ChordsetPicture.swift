import CCairo
import Foundation
import ImagerCore

/// Pictures of whole chords for keeping and for showing large: "Export Image…" and
/// `imager --render` write a chordset's eight chords as one strip, and the Perform view fills
/// the screen with one chord. Both go through `ChordPainter`, so a file looks like the screen.
public enum ChordsetPicture {
    /// Side of each chord in an exported strip, in pixels.
    public static let defaultSide = 256
    /// 8 × 2048 = 16,384 pixels wide, well inside cairo's 32,767 limit.
    public static let sideRange = 16...2048

    /// The eight chords left to right, each `side` × `side` with square corners, nothing
    /// between them. `side` must be within `sideRange` (callers check what people typed).
    public static func strip(_ chordset: Chordset, lumis: ChordsetLumis, side: Int) -> ChordImage {
        let side = min(sideRange.upperBound, max(sideRange.lowerBound, side))
        return ChordImage(width: side * Chordset.chordCount, height: side) { cairo in
            for slot in 0..<Chordset.chordCount {
                ChordPainter.paint(cairo, background: chordset.color(at: slot), lumis: lumis[slot],
                                   in: ChordSquare(x: Double(slot * side), y: 0, side: Double(side)))
            }
        }
    }

    /// One chord filling a `width` × `height` box: the chord's square as large as fits,
    /// centred, its lumis scaled with it, and the background colour over the rest.
    public static func paintFilling(_ cairo: OpaquePointer, background: RGBAColor, lumis: [Lumi],
                                    width: Double, height: Double) {
        let square = ChordSquare.centred(inWidth: width, height: height)
        cairo_save(cairo)
        cairo_new_path(cairo)
        cairo_rectangle(cairo, 0, 0, width, height)
        if background.alpha < 255 {
            // Around the square only (even-odd: the box minus the square), so a translucent
            // colour is not laid down twice where the chord is. An opaque one fills the whole
            // box, so no antialiased seam shows at a square edge that falls mid-pixel.
            cairo_rectangle(cairo, square.x, square.y, square.side, square.side)
            cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        }
        ChordPainter.setSource(cairo, background)
        cairo_fill(cairo)
        cairo_restore(cairo)
        ChordPainter.paint(cairo, background: background, lumis: lumis, in: square)
    }
}

extension ChordImage {
    /// The image as PNG bytes, for a caller that writes files atomically (`AtomicFile`).
    public func pngData() throws(PNGError) -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let write: cairo_write_func_t = { closure, bytes, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            if let bytes { sink.data.append(bytes, count: Int(length)) }
            return CAIRO_STATUS_SUCCESS
        }
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, write, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .unwritable(path: "", reason: String(cString: cairo_status_to_string(status)))
        }
        return sink.data
    }
}
