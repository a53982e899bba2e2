import Foundation

/// A point on a chord's square canvas, in the lumis' own units: 0 to 1 across, origin top
/// left. The editor converts pixels to this once, so every rule below is size-free.
public struct CanvasPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    func distance(to other: CanvasPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// Where the editor's two handles sit around a lumi, and what a point hits. Every shape is
/// grabbed by its circumscribed circle: small lumis stay easy to catch, and the rule does not
/// depend on how a shape is drawn.
public enum ChordCanvas {
    /// How far outside a lumi's circle the rotation handle sits.
    static let rotationHandleGap = 0.08

    /// The resize handle: the lumi's bounding square's lower right corner, turned with it.
    public static func resizeHandle(of lumi: Lumi) -> CanvasPoint {
        let r = lumi.size / 2
        return turned(dx: r, dy: r, by: lumi.rotation, around: lumi)
    }

    /// The rotation handle: above the lumi (at rotation 0), turned with it.
    public static func rotationHandle(of lumi: Lumi) -> CanvasPoint {
        turned(dx: 0, dy: -(lumi.size / 2 + rotationHandleGap), by: lumi.rotation, around: lumi)
    }

    /// The topmost lumi under `point` (the last drawn wins), as an index into `lumis`.
    public static func lumiIndex(at point: CanvasPoint, in lumis: [Lumi]) -> Int? {
        lumis.indices.reversed().first { index in
            point.distance(to: CanvasPoint(x: lumis[index].x, y: lumis[index].y)) <= lumis[index].size / 2
        }
    }

    /// The angle of `point` seen from the lumi's centre, in degrees clockwise from "up",
    /// the way `Lumi.rotation` counts.
    static func bearing(of point: CanvasPoint, from lumi: Lumi) -> Double {
        atan2(point.x - lumi.x, -(point.y - lumi.y)) * 180 / .pi
    }

    private static func turned(dx: Double, dy: Double, by degrees: Double, around lumi: Lumi) -> CanvasPoint {
        let angle = degrees * .pi / 180
        return CanvasPoint(x: lumi.x + dx * cos(angle) - dy * sin(angle),
                           y: lumi.y + dx * sin(angle) + dy * cos(angle))
    }
}
