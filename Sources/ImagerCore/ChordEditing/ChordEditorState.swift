import Foundation

/// What the chord editor does with a click, a drag or a key, as plain values: the lumis of
/// one chord, which one is selected, and the shape a click on empty canvas adds. The GTK
/// dialog only turns events into these calls and hands each resulting list to the
/// controller, so every rule of the editor is tested here without a display.
///
/// Editing keeps values inside their ranges (a drag past the edge stops at it): that is the
/// editor choosing what to make, not a clamp on data from elsewhere, which is refused.
public struct ChordEditorState: Sendable {
    /// The chord's lumis, in drawing order.
    public private(set) var lumis: [Lumi]
    /// The selected lumi, by id, so it stays selected while its index changes.
    public private(set) var selectedID: UUID?
    /// What a click on empty canvas does: nothing but letting go of the selection (select,
    /// the tool a new editor starts with), or adding a lumi of a shape. Choosing a tool never
    /// changes the selected lumi: a person who picks Circle to add circles next to a star
    /// keeps the star.
    public var tool: Tool = .select
    /// The colour and glow of the next lumi added: the last ones chosen, so a row of stars
    /// takes one choice, not one per star.
    public var newColor = RGBAColor(red: 0xFF, green: 0xE9, blue: 0xA8)
    public var newGlow = 0.5

    /// The editor's tools: select and move lumis, or add one shape.
    public enum Tool: Hashable, Sendable {
        case select
        case add(LumiShape)
    }

    public static let newSize = 0.25
    /// The smallest size the editor makes; smaller would vanish in a list cell.
    public static let smallestSize = 0.02
    public static let step = 0.01
    public static let bigStep = 0.1
    public static let sizeFactor = 1.1
    public static let rotationStep = 15.0

    public init(lumis: [Lumi], selectedID: UUID? = nil) {
        self.lumis = lumis
        self.selectedID = selectedID.flatMap { id in lumis.contains { $0.id == id } ? id : nil }
    }

    public var selectedIndex: Int? {
        selectedID.flatMap { id in lumis.firstIndex { $0.id == id } }
    }

    public var selected: Lumi? { selectedIndex.map { lumis[$0] } }

    /// Takes the chord's lumis as they are now (after an undo, say), keeping the selection
    /// when its lumi is still there.
    public mutating func reset(to lumis: [Lumi]) {
        self.lumis = lumis
        if selectedIndex == nil { selectedID = nil }
    }

    public mutating func select(_ id: UUID?) {
        selectedID = id.flatMap { id in lumis.contains { $0.id == id } ? id : nil }
    }

    // MARK: Pointer

    /// What a drag that starts at a point does.
    public enum DragKind: Equatable, Sendable {
        case move, resize, rotate
    }

    /// A drag in progress: the lumi as it was when the drag began, so the whole drag is
    /// measured from one place and becomes one undo step.
    public struct Drag: Sendable {
        public let kind: DragKind
        let original: Lumi
        let start: CanvasPoint
    }

    /// A click (press and release without a drag). On a lumi it selects the topmost; on empty
    /// canvas the select tool clears the selection and a shape tool adds a lumi of its shape
    /// there and selects it. Returns whether the lumis changed. A full chord adds nothing
    /// (`isFull`).
    @discardableResult
    public mutating func click(at point: CanvasPoint) -> Bool {
        if let index = ChordCanvas.lumiIndex(at: point, in: lumis) {
            selectedID = lumis[index].id
            return false
        }
        guard case let .add(shape) = tool else {
            selectedID = nil
            return false
        }
        guard !isFull else { return false }
        let lumi = Lumi(shape: shape, x: Self.inside(point.x), y: Self.inside(point.y),
                        size: Self.newSize, color: newColor, glow: newGlow)
        lumis.append(lumi)
        selectedID = lumi.id
        return true
    }

    public var isFull: Bool { lumis.count >= Lumi.maximumPerChord }

    /// Starts a drag at `point`: on the selected lumi's handles it resizes or rotates; on a
    /// lumi it selects it and moves it (rotates it with Shift); elsewhere it does nothing.
    /// `tolerance` is the handles' grab radius in canvas units (a few pixels' worth); a handle
    /// is drawn half that size, and kept that far inside the canvas.
    public mutating func beginDrag(at point: CanvasPoint, rotating: Bool, tolerance: Double) -> Drag? {
        if let lumi = selected {
            if point.distance(to: ChordCanvas.resizeHandle(of: lumi, inset: tolerance / 2)) <= tolerance {
                return Drag(kind: .resize, original: lumi, start: point)
            }
            if point.distance(to: ChordCanvas.rotationHandle(of: lumi, inset: tolerance / 2)) <= tolerance {
                return Drag(kind: .rotate, original: lumi, start: point)
            }
        }
        guard let index = ChordCanvas.lumiIndex(at: point, in: lumis) else { return nil }
        selectedID = lumis[index].id
        return Drag(kind: rotating ? .rotate : .move, original: lumis[index], start: point)
    }

    /// Moves the drag on to `point`. Returns whether the lumis changed.
    @discardableResult
    public mutating func drag(_ drag: Drag, to point: CanvasPoint) -> Bool {
        guard let index = lumis.firstIndex(where: { $0.id == drag.original.id }) else { return false }
        var lumi = drag.original
        switch drag.kind {
        case .move:
            lumi.x = Self.inside(drag.original.x + point.x - drag.start.x)
            lumi.y = Self.inside(drag.original.y + point.y - drag.start.y)
        case .resize:
            // The handle sits at the corner, √2 radii from the centre.
            let centre = CanvasPoint(x: lumi.x, y: lumi.y)
            lumi.size = Self.sizeInside(2 * point.distance(to: centre) / 2.squareRoot())
        case .rotate:
            let turn = ChordCanvas.bearing(of: point, from: drag.original) - ChordCanvas.bearing(of: drag.start, from: drag.original)
            lumi.rotation = Lumi.normalizedRotation(drag.original.rotation + turn)
        }
        guard lumi != lumis[index] else { return false }
        lumis[index] = lumi
        return true
    }

    // MARK: Keyboard and buttons

    /// Arrow keys: moves the selected lumi by `dx`, `dy` steps (Shift: big steps).
    @discardableResult
    public mutating func nudge(dx: Int, dy: Int, big: Bool) -> Bool {
        let step = big ? Self.bigStep : Self.step
        return changeSelected { lumi in
            lumi.x = Self.inside(lumi.x + Double(dx) * step)
            lumi.y = Self.inside(lumi.y + Double(dy) * step)
        }
    }

    /// `+` and `-`: grows or shrinks the selected lumi by a tenth.
    @discardableResult
    public mutating func resize(grow: Bool) -> Bool {
        changeSelected { lumi in
            lumi.size = Self.sizeInside(grow ? lumi.size * Self.sizeFactor : lumi.size / Self.sizeFactor)
        }
    }

    /// `[` and `]`: turns the selected lumi 15 degrees anticlockwise or clockwise.
    @discardableResult
    public mutating func rotate(clockwise: Bool) -> Bool {
        changeSelected { lumi in
            lumi.rotation = Lumi.normalizedRotation(lumi.rotation + (clockwise ? 1 : -1) * Self.rotationStep)
        }
    }

    @discardableResult
    public mutating func setColor(_ color: RGBAColor) -> Bool {
        newColor = color
        return changeSelected { $0.color = color }
    }

    @discardableResult
    public mutating func setGlow(_ glow: Double) -> Bool {
        guard Lumi.allows(glow, for: .glow) else { return false }
        newGlow = glow
        return changeSelected { $0.glow = glow }
    }

    /// Removes the selected lumi; the selection moves to the one drawn below it, if any.
    @discardableResult
    public mutating func deleteSelected() -> Bool {
        guard let index = selectedIndex else { return false }
        lumis.remove(at: index)
        selectedID = lumis.isEmpty ? nil : lumis[max(0, index - 1)].id
        return true
    }

    /// "Raise": draws the selected lumi one place later (more on top).
    @discardableResult
    public mutating func raiseSelected() -> Bool {
        guard let index = selectedIndex, index + 1 < lumis.count else { return false }
        lumis.swapAt(index, index + 1)
        return true
    }

    /// "Lower": draws the selected lumi one place earlier.
    @discardableResult
    public mutating func lowerSelected() -> Bool {
        guard let index = selectedIndex, index > 0 else { return false }
        lumis.swapAt(index, index - 1)
        return true
    }

    private mutating func changeSelected(_ change: (inout Lumi) -> Void) -> Bool {
        guard let index = selectedIndex else { return false }
        var lumi = lumis[index]
        change(&lumi)
        guard lumi != lumis[index] else { return false }
        lumis[index] = lumi
        return true
    }

    private static func inside(_ value: Double) -> Double {
        value.isFinite ? min(1, max(0, value)) : 0.5
    }

    private static func sizeInside(_ value: Double) -> Double {
        value.isFinite ? min(1, max(smallestSize, value)) : newSize
    }
}
