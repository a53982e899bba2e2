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

    /// The resize handle: the lumi's bounding square's lower right corner, turned with it;
    /// the opposite corner when that is off the canvas. `inset` keeps a drawn handle's
    /// radius on the canvas too.
    public static func resizeHandle(of lumi: Lumi, inset: Double = 0) -> CanvasPoint {
        let r = lumi.size / 2
        return onCanvas(dx: r, dy: r, around: lumi, inset: inset)
    }

    /// The rotation handle: above the lumi (at rotation 0), turned with it; below it when
    /// above is off the canvas.
    public static func rotationHandle(of lumi: Lumi, inset: Double = 0) -> CanvasPoint {
        onCanvas(dx: 0, dy: -(lumi.size / 2 + rotationHandleGap), around: lumi, inset: inset)
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

    /// A handle that stays where it can be seen and grabbed: its own place, else the
    /// opposite side of the lumi, else the nearest point on the canvas.
    private static func onCanvas(dx: Double, dy: Double, around lumi: Lumi, inset: Double) -> CanvasPoint {
        let margin = min(max(0, inset), 0.5)
        let range = margin...(1 - margin)
        func fits(_ point: CanvasPoint) -> Bool { range.contains(point.x) && range.contains(point.y) }
        let own = turned(dx: dx, dy: dy, by: lumi.rotation, around: lumi)
        if fits(own) { return own }
        let opposite = turned(dx: -dx, dy: -dy, by: lumi.rotation, around: lumi)
        if fits(opposite) { return opposite }
        return CanvasPoint(x: min(max(own.x, margin), 1 - margin), y: min(max(own.y, margin), 1 - margin))
    }

    private static func turned(dx: Double, dy: Double, by degrees: Double, around lumi: Lumi) -> CanvasPoint {
        let angle = degrees * .pi / 180
        return CanvasPoint(x: lumi.x + dx * cos(angle) - dy * sin(angle),
                           y: lumi.y + dx * sin(angle) + dy * cos(angle))
    }
}
