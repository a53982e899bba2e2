import CCairo
import ImagerCore

/// Fills one lumi: its outline, in its colour, faded by its glow.
///
/// The glow follows the shape, not a circle around it: a point's "depth" t is how far it
/// lies from the centre towards the outline along the line through it (0 at the centre, 1 on
/// the outline), and its alpha is the colour's alpha × fade(t), where fade is 1 up to
/// t = 1 - glow and falls smoothly to 0 at t = 1 (`fade`). A circle gets this from a radial gradient.
/// A polygon is cut into sectors, one per edge, from the centre to that edge; in a sector t
/// grows linearly along the edge's normal, so a linear gradient from the centre to the edge
/// gives it exactly, and every edge (a square's mid-sides as well as its corners) ends clear.
/// (A radial gradient would leave a triangle's sides half lit; cairo's mesh patterns band.)
///
/// The sectors are filled without antialiasing, so neighbours meet with neither a gap nor
/// an overlap (t is the same on both sides of their border, so no seam shows), and they
/// reach a little past the outline; the outline, set as an antialiased clip, gives the
/// shape its smooth edge.
enum LumiLight {
    static func paint(_ cairo: OpaquePointer, _ lumi: Lumi, in square: ChordSquare) {
        let outline = LumiOutline(lumi, in: square)
        let (r, g, b, a) = lumi.color.cairoComponents
        let inner = 1 - lumi.glow
        outline.addPath(to: cairo)
        switch outline {
        case _ where lumi.glow <= 0:
            cairo_set_source_rgba(cairo, r, g, b, a)
            cairo_fill(cairo)
        case let .circle(centre, radius):
            let gradient = cairo_pattern_create_radial(centre.x, centre.y, 0, centre.x, centre.y, radius)!
            addFade(to: gradient, r, g, b, a, fullTo: inner)
            cairo_set_source(cairo, gradient)
            cairo_fill(cairo)
            cairo_pattern_destroy(gradient)
        case let .polygon(centre, corners):
            if GlowRaster.paint(cairo, centre: centre, corners: corners, color: (r, g, b, a), glow: lumi.glow) {
                cairo_new_path(cairo)
                return
            }
            cairo_save(cairo)
            cairo_clip(cairo)
            cairo_set_antialias(cairo, CAIRO_ANTIALIAS_NONE)
            // Past the outline by more than a pixel (the nearest edge of a star is about
            // 0.38 of the radius from its centre, so 4 / radius moves it 1.5 pixels out).
            let radius = lumi.size * square.side / 2
            let reach = 1 + 4 / max(radius, 0.01)
            for (index, corner) in corners.enumerated() {
                let next = corners[(index + 1) % corners.count]
                let foot = perpendicularFoot(from: centre, toLineThrough: corner, next)
                let gradient = cairo_pattern_create_linear(centre.x, centre.y, foot.x, foot.y)!
                addFade(to: gradient, r, g, b, a, fullTo: inner)
                let far = corner.toward(centre, keeping: reach), farNext = next.toward(centre, keeping: reach)
                cairo_move_to(cairo, centre.x, centre.y)
                cairo_line_to(cairo, far.x, far.y)
                cairo_line_to(cairo, farNext.x, farNext.y)
                cairo_close_path(cairo)
                cairo_set_source(cairo, gradient)
                cairo_fill(cairo)
                cairo_pattern_destroy(gradient)
            }
            cairo_restore(cairo)
        }
    }

    /// Full colour from depth 0 to `inner`, then a smooth fade (smoothstep: no kink where it
    /// starts or where it ends, which a straight ramp shows as a ring) to clear at depth 1 and
    /// beyond (gradients pad). Cairo interpolates linearly between stops; eight segments
    /// follow the curve to within 1% of full alpha.
    static let fadeSteps = 8

    private static func addFade(to gradient: OpaquePointer, _ r: Double, _ g: Double, _ b: Double, _ a: Double,
                                fullTo inner: Double) {
        cairo_pattern_add_color_stop_rgba(gradient, 0, r, g, b, a)
        for step in 0...fadeSteps {
            let along = Double(step) / Double(fadeSteps)
            cairo_pattern_add_color_stop_rgba(gradient, inner + (1 - inner) * along, r, g, b, a * fade(along))
        }
        cairo_pattern_set_extend(gradient, CAIRO_EXTEND_PAD)
    }

    /// How much of the colour is left `along` the way (0...1) through the fading part.
    static func fade(_ along: Double) -> Double {
        let t = min(max(along, 0), 1)
        return 1 - t * t * (3 - 2 * t)
    }

    /// The point of the line through `a` and `b` nearest to `point`.
    private static func perpendicularFoot(from point: LumiPoint, toLineThrough a: LumiPoint, _ b: LumiPoint) -> LumiPoint {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        guard length2 > 0 else { return a }
        let along = ((point.x - a.x) * dx + (point.y - a.y) * dy) / length2
        return LumiPoint(x: a.x + along * dx, y: a.y + along * dy)
    }
}
