import CCairo
import Foundation
import ImagerCore

struct LumiPoint: Hashable {
    var x: Double
    var y: Double

    /// The point a `fraction` of the way from `centre` to this one.
    func toward(_ centre: LumiPoint, keeping fraction: Double) -> LumiPoint {
        LumiPoint(x: centre.x + (x - centre.x) * fraction, y: centre.y + (y - centre.y) * fraction)
    }
}

/// A lumi's outline in the user space of the square it is drawn in: a circle, or a polygon
/// whose corners lie on the circle of diameter `size` × side around the lumi's centre.
///
/// Angles are measured clockwise from straight up (the screen's y grows downwards), so at
/// rotation 0 the triangle's tip and the star's first point are at the top, and the square's
/// corners are at 45°, 135°, 225° and 315° (its sides level).
enum LumiOutline {
    case circle(centre: LumiPoint, radius: Double)
    /// Corners in order around the centre; every corner sees the centre along a straight
    /// line inside the shape (true of all four shapes, the star included), which is what
    /// lets `LumiLight` fade the shape from its centre out to each edge.
    case polygon(centre: LumiPoint, corners: [LumiPoint])

    /// A regular five-pointed star's inner corners are this fraction of its outer radius.
    /// 0.382 is the pentagram's (where its lines cross); a little more reads better when a
    /// star is only a few pixels across, as in the list's cells.
    static let starInnerRatio = 0.45

    init(_ lumi: Lumi, in square: ChordSquare) {
        let centre = square.point(lumi.x, lumi.y)
        let radius = lumi.size * square.side / 2
        func corners(_ angles: [Double], radii: [Double] = [1]) -> [LumiPoint] {
            angles.enumerated().map { index, angle in
                let turned = (angle + lumi.rotation) * .pi / 180
                let r = radius * radii[index % radii.count]
                return LumiPoint(x: centre.x + r * sin(turned), y: centre.y - r * cos(turned))
            }
        }
        switch lumi.shape {
        case .circle:
            self = .circle(centre: centre, radius: radius)
        case .square:
            self = .polygon(centre: centre, corners: corners([45, 135, 225, 315]))
        case .triangle:
            self = .polygon(centre: centre, corners: corners([0, 120, 240]))
        case .star:
            let angles = (0..<10).map { Double($0) * 36 }
            self = .polygon(centre: centre, corners: corners(angles, radii: [1, Self.starInnerRatio]))
        }
    }

    /// Replaces the context's path with the outline.
    func addPath(to cairo: OpaquePointer) {
        cairo_new_path(cairo)
        switch self {
        case let .circle(centre, radius):
            cairo_arc(cairo, centre.x, centre.y, radius, 0, 2 * .pi)
            cairo_close_path(cairo)
        case let .polygon(_, corners):
            for (index, corner) in corners.enumerated() {
                if index == 0 { cairo_move_to(cairo, corner.x, corner.y) } else { cairo_line_to(cairo, corner.x, corner.y) }
            }
            cairo_close_path(cairo)
        }
    }
}
