import CCairo
import ImagerCore

/// Where a chord is drawn: a square in the cairo context's user space (logical pixels; the
/// surface's device scale turns them into device pixels, so a HiDPI screen or a 2x PNG gets
/// the same picture with twice the pixels).
public struct ChordSquare: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var side: Double

    public init(x: Double = 0, y: Double = 0, side: Double) {
        self.x = x
        self.y = y
        self.side = side
    }

    /// The largest square centred in a `width` × `height` box, for widgets that are not square.
    public static func centred(inWidth width: Double, height: Double) -> ChordSquare {
        let side = max(0, min(width, height))
        return ChordSquare(x: (width - side) / 2, y: (height - side) / 2, side: side)
    }

    /// A point given as fractions of the square (0...1, origin top left).
    func point(_ fractionX: Double, _ fractionY: Double) -> LumiPoint {
        LumiPoint(x: x + fractionX * side, y: y + fractionY * side)
    }
}

/// The one routine that draws a chord: the list's cells, the chord editor's canvas, a
/// full-screen view and the command line's PNGs all call it, so a chord looks the same
/// everywhere. It needs only a cairo context, never GTK.
///
/// What it draws, in this order (see docs/drawing.md for pictures and numbers):
/// 1. the background colour over the whole square, its corners rounded by `cornerRadius`;
/// 2. every lumi in the order given, later ones on top, clipped to that rounded square
///    (a lumi at the edge is cut by it). Per lumi (`LumiOutline`, `LumiLight`):
///    - its centre is (`x`, `y`) as fractions of the square, origin top left;
///    - `size` is the diameter of the circle the shape fits in, as a fraction of the side:
///      a circle's own diameter; the circumscribed circle of a square, an equilateral
///      triangle and a five-pointed star (their corners and points touch it);
///    - at rotation 0 the square's sides are level and the triangle and star point up;
///      `rotation` turns the shape clockwise, in degrees, about its centre;
///    - `color` is straight (not premultiplied) RGBA;
///    - `glow` g: the shape is its full colour out to (1 - g) of the way from its centre
///      to its outline, then fades smoothly (smoothstep) to nothing at the outline; for a
///      square, triangle or star "the way to the outline" is along the line from the centre,
///      so the glow takes the shape's own form. g = 0 is a hard edge; g = 1 fades all the
///      way from the centre.
/// Everything is antialiased. The routine paints only what it is given: it knows nothing
/// of light or dark styles (a translucent background shows whatever is under it), and it
/// leaves the context's state as it found it.
public enum ChordPainter {
    public static func paint(_ cairo: OpaquePointer, background: RGBAColor, lumis: [Lumi],
                             in square: ChordSquare, cornerRadius: Double = 0) {
        guard square.side > 0 else { return }
        cairo_save(cairo)
        roundedSquare(cairo, square, cornerRadius: cornerRadius)
        setSource(cairo, background)
        if lumis.isEmpty {
            cairo_fill(cairo)
        } else {
            // The same path fills the background and then clips the lumis.
            cairo_fill_preserve(cairo)
            cairo_clip(cairo)
            for lumi in lumis { LumiLight.paint(cairo, lumi, in: square) }
        }
        cairo_restore(cairo)
    }

    /// The square's outline with rounded corners (a plain square when the radius is 0), as
    /// the current path; cells reuse it for their masks so the outline matches the fill.
    public static func roundedSquare(_ cairo: OpaquePointer, _ square: ChordSquare, cornerRadius: Double) {
        let r = max(0, min(cornerRadius, square.side / 2))
        let x = square.x, y = square.y, s = square.side
        cairo_new_path(cairo)
        guard r > 0 else {
            cairo_rectangle(cairo, x, y, s, s)
            return
        }
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + s - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cairo, x + s - r, y + s - r, r, 0, .pi / 2)
        cairo_arc(cairo, x + r, y + s - r, r, .pi / 2, .pi)
        cairo_arc(cairo, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cairo)
    }

    static func setSource(_ cairo: OpaquePointer, _ color: RGBAColor) {
        let (r, g, b, a) = color.cairoComponents
        cairo_set_source_rgba(cairo, r, g, b, a)
    }
}

extension RGBAColor {
    /// The four channels as cairo takes them: 0...1, straight alpha.
    public var cairoComponents: (Double, Double, Double, Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }
}
