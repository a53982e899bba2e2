import CCairo
import Foundation

/// A glowing polygon computed pixel by pixel: the same picture `LumiLight`'s gradient sectors
/// give (docs/drawing.md), several times faster where it matters, which is a list scrolling a
/// page of new cells per frame. Each device pixel's depth (0 at the centre, 1 on the outline,
/// along the ray from the centre) becomes its alpha through the fade curve; the result is an
/// A8 mask, painted in the lumi's colour through whatever clip the context has.
///
/// It serves only image surfaces under a plain scale-and-move transform, where a device
/// pixel is known, and only glows wide enough (at least a device pixel and a half) to need no
/// antialiased edge: the fade reaches nothing at the outline, so a fade that wide is its own
/// antialiasing. Everything else (vector and recording surfaces, a turned context, a hairline
/// glow) gets the gradient sectors.
enum GlowRaster {
    /// Paints the glow and returns true, or returns false having done nothing.
    static func paint(_ cairo: OpaquePointer, centre: LumiPoint, corners: [LumiPoint],
                      color: (Double, Double, Double, Double), glow: Double) -> Bool {
        guard glow > 0, let target = cairo_get_target(cairo),
              cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return false }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0 else { return false }
        var surfaceScaleX = 1.0, surfaceScaleY = 1.0, offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_scale(target, &surfaceScaleX, &surfaceScaleY)
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        let scaleX = matrix.xx * surfaceScaleX, scaleY = matrix.yy * surfaceScaleY
        // User point -> device pixel, and back.
        func deviceX(_ x: Double) -> Double { x * scaleX + matrix.x0 * surfaceScaleX + offsetX }
        func deviceY(_ y: Double) -> Double { y * scaleY + matrix.y0 * surfaceScaleY + offsetY }
        func userX(_ x: Double) -> Double { (x - matrix.x0 * surfaceScaleX - offsetX) / scaleX }
        func userY(_ y: Double) -> Double { (y - matrix.y0 * surfaceScaleY - offsetY) / scaleY }

        let sectors = corners.indices.map { Sector(corners[$0] - centre, corners[($0 + 1) % corners.count] - centre) }
        let narrowest = sectors.map(\.edgeDistance).min() ?? 0
        guard narrowest * glow * min(scaleX, scaleY) >= 1.5 else { return false }

        // The device pixels the polygon covers, cut to the clip (the chord's square).
        var clipX1 = 0.0, clipY1 = 0.0, clipX2 = 0.0, clipY2 = 0.0
        cairo_clip_extents(cairo, &clipX1, &clipY1, &clipX2, &clipY2)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let left = Int(deviceX(max(xs.min()!, clipX1)).rounded(.down))
        let top = Int(deviceY(max(ys.min()!, clipY1)).rounded(.down))
        let right = Int(deviceX(min(xs.max()!, clipX2)).rounded(.up))
        let bottom = Int(deviceY(min(ys.max()!, clipY2)).rounded(.up))
        let width = right - left, height = bottom - top
        guard width > 0, height > 0 else { return true }

        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(mask) }
        guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(mask) else { return false }
        let stride = Int(cairo_image_surface_get_stride(mask))
        let inner = 1 - glow
        let columnX = (0..<width).map { userX(Double(left + $0) + 0.5) - centre.x }
        let rowY = (0..<height).map { userY(Double(top + $0) + 0.5) - centre.y }
        // Each band writes only its own rows of the mask.
        nonisolated(unsafe) let pixels = UnsafeMutableRawPointer(data)
        @Sendable func fill(rows: Range<Int>) {
            // Neighbouring pixels almost always lie in the same sector: try the last one first.
            var sector = 0
            for row in rows {
                let y = rowY[row]
                let line = pixels.advanced(by: row * stride).assumingMemoryBound(to: UInt8.self)
                for column in 0..<width {
                    let x = columnX[column]
                    var inside = sectors[sector].contains(x, y)
                    if !inside, let found = Self.sector(containing: x, y, in: sectors) { sector = found; inside = true }
                    let depth = inside ? sectors[sector].depth(x, y) : 0
                    let alpha: Double
                    if depth <= inner { alpha = 1 } else if depth >= 1 { alpha = 0 } else { alpha = LumiLight.fade((depth - inner) / glow) }
                    line[column] = UInt8((alpha * 255).rounded())
                }
            }
        }
        // A full-screen glow (Perform) is hundreds of thousands of pixels: its rows are shared
        // among the cores. A cell's few thousand are not worth a thread.
        let bands = width * height >= Self.pixelsPerBand * 2 ? min(ProcessInfo.processInfo.activeProcessorCount, 8) : 1
        if bands > 1 {
            let rowsPerBand = (height + bands - 1) / bands
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                fill(rows: min(height, band * rowsPerBand)..<min(height, (band + 1) * rowsPerBand))
            }
        } else {
            fill(rows: 0..<height)
        }
        cairo_surface_mark_dirty(mask)
        // One mask pixel per device pixel: the user space has scaleX device pixels per unit.
        cairo_surface_set_device_scale(mask, scaleX, scaleY)
        cairo_set_source_rgba(cairo, color.0, color.1, color.2, color.3)
        cairo_mask_surface(cairo, mask, userX(Double(left)), userY(Double(top)))
        return true
    }

    /// The triangle from the centre to one edge, as what a pixel needs: whether it lies in
    /// it, and how deep.
    private struct Sector {
        /// The edge's ends, from the centre.
        let start: LumiPoint, end: LumiPoint
        /// The edge's outward normal divided by its distance from the centre: a point's dot
        /// product with it is the point's depth.
        let depthAxis: LumiPoint
        let edgeDistance: Double

        init(_ start: LumiPoint, _ end: LumiPoint) {
            self.start = start
            self.end = end
            let dx = end.x - start.x, dy = end.y - start.y
            let length = (dx * dx + dy * dy).squareRoot()
            // Corners run clockwise on screen (y down), so (dy, -dx) points outwards.
            let normal = length > 0 ? LumiPoint(x: dy / length, y: -dx / length) : LumiPoint(x: 0, y: 0)
            edgeDistance = normal.x * start.x + normal.y * start.y
            depthAxis = edgeDistance > 0 ? LumiPoint(x: normal.x / edgeDistance, y: normal.y / edgeDistance) : LumiPoint(x: 0, y: 0)
        }

        /// How deep (x, y) lies: 0 at the centre, 1 on this edge.
        func depth(_ x: Double, _ y: Double) -> Double {
            depthAxis.x * x + depthAxis.y * y
        }

        /// Whether the ray from the centre through (x, y) passes through this edge.
        func contains(_ x: Double, _ y: Double) -> Bool {
            start.x * y - start.y * x >= 0 && x * end.y - y * end.x >= 0
        }
    }

    /// Below this many pixels a glow is filled on the calling thread alone.
    private static let pixelsPerBand = 65_536

    /// The first sector whose wedge holds (x, y); nil only at the centre itself (depth 0).
    private static func sector(containing x: Double, _ y: Double, in sectors: [Sector]) -> Int? {
        sectors.indices.first { sectors[$0].contains(x, y) }
    }
}

extension LumiPoint {
    static func - (a: LumiPoint, b: LumiPoint) -> LumiPoint { LumiPoint(x: a.x - b.x, y: a.y - b.y) }
}
