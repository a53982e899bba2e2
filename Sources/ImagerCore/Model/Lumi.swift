import Foundation

/// The shapes a lumi can take. The raw values are the JSON file's and the database's words.
public enum LumiShape: String, CaseIterable, Hashable, Sendable {
    case circle, square, triangle, star
}

/// A small shape of light drawn over a chord's background (the original app's "lumi").
/// Geometry is relative to the chord's square cell, so a lumi looks the same in a 36-pixel
/// list cell, the editor's canvas and a full-screen view.
///
/// Every value is checked where it enters (file, seed, editor, store) by `Lumi.accepted`;
/// nothing out of range is clamped in silence.
public struct Lumi: Identifiable, Hashable, Sendable {
    /// A chord holds at most this many lumis.
    public static let maximumPerChord = 32

    /// Stable across saves, files and machines: sync merges lumis one by one.
    public let id: UUID
    public var shape: LumiShape
    /// The centre, from 0 to 1 across the cell, origin top left.
    public var x: Double
    public var y: Double
    /// Diameter as a fraction of the cell's side: greater than 0, at most 1.
    public var size: Double
    /// Degrees, clockwise, from 0 up to (not including) 360.
    public var rotation: Double
    public var color: RGBAColor
    /// 0 is a hard edge; 1 fades from full colour at the centre to nothing at the edge.
    public var glow: Double

    /// A lumi whose values the caller has already checked (or built from constants);
    /// `accepted` is the way in for anything a person or a file supplied.
    public init(id: UUID = UUID(), shape: LumiShape, x: Double, y: Double, size: Double,
                rotation: Double = 0, color: RGBAColor, glow: Double = 0) {
        self.id = id
        self.shape = shape
        self.x = x
        self.y = y
        self.size = size
        self.rotation = rotation
        self.color = color
        self.glow = glow
    }

    /// The numeric fields, named as in the JSON file.
    public enum Field: String, CaseIterable, Sendable {
        case x, y, size, rotation, glow
    }

    /// Why a lumi may not enter. Typed, so the command line and the window each say it in
    /// their own words (and languages).
    public enum Refusal: Error, Equatable, Sendable {
        /// `value` is outside the field's range (NaN and infinities included).
        case outOfRange(Field, value: Double)
    }

    public func value(of field: Field) -> Double {
        switch field {
        case .x: x
        case .y: y
        case .size: size
        case .rotation: rotation
        case .glow: glow
        }
    }

    /// Whether `value` is allowed for `field`: x, y and glow in 0...1, size in (0, 1],
    /// rotation in [0, 360). Comparisons are false for NaN, so NaN is refused.
    public static func allows(_ value: Double, for field: Field) -> Bool {
        switch field {
        case .x, .y, .glow: value >= 0 && value <= 1
        case .size: value > 0 && value <= 1
        case .rotation: value >= 0 && value < 360
        }
    }

    /// The first field out of range, checked in `Field` order; nil when the lumi may enter.
    public var refusal: Refusal? {
        for field in Field.allCases where !Self.allows(value(of: field), for: field) {
            return .outOfRange(field, value: value(of: field))
        }
        return nil
    }

    /// Rotation brought into [0, 360), for editors that turn a lumi past a full circle.
    public static func normalizedRotation(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return 0 }
        let turned = degrees.truncatingRemainder(dividingBy: 360)
        let positive = turned < 0 ? turned + 360 : turned
        return positive >= 360 ? 0 : positive
    }
}

/// The lumis of a chordset's eight chords, slot by slot, each list in drawing order (later
/// ones on top). Kept apart from `Chordset` on purpose: the list holds 100,000 chordsets in
/// memory, but their lumis (millions) are read from the store only for the rows on screen.
public struct ChordsetLumis: Hashable, Sendable {
    /// Always `Chordset.chordCount` lists.
    public private(set) var slots: [[Lumi]]

    public static let none = ChordsetLumis()

    public init() {
        slots = Array(repeating: [], count: Chordset.chordCount)
    }

    /// Nil unless there are exactly eight lists of at most `Lumi.maximumPerChord` each.
    public init?(slots: [[Lumi]]) {
        guard slots.count == Chordset.chordCount,
              slots.allSatisfy({ $0.count <= Lumi.maximumPerChord }) else { return nil }
        self.slots = slots
    }

    public subscript(slot: Int) -> [Lumi] {
        get { slots[slot] }
        set {
            precondition(newValue.count <= Lumi.maximumPerChord, "too many lumis for one chord")
            slots[slot] = newValue
        }
    }

    public var isEmpty: Bool { slots.allSatisfy(\.isEmpty) }
    public var count: Int { slots.reduce(0) { $0 + $1.count } }
}
