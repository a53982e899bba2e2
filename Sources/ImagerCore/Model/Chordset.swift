import Foundation

/// One coloured cell of a chordset. Lumis (the original app's drawable objects) will hang
/// off a chord in a later schema migration; the chord table's integer key leaves room.
public struct Chord: Hashable, Sendable {
    public var color: RGBAColor

    public init(color: RGBAColor) {
        self.color = color
    }
}

/// A titled row of exactly eight chords.
public struct Chordset: Identifiable, Hashable, Sendable {
    /// Every chordset has exactly this many chords, in slots 0-7.
    public static let chordCount = 8
    public static let defaultTitle = "Untitled Chordset"

    public let id: UUID
    public var title: String
    /// Sort key of the list. Fractional, so a move rewrites one row, not every row after it.
    public var position: Double
    public var createdAt: Date
    public var updatedAt: Date
    /// Always `chordCount` of them.
    public private(set) var chords: Chords

    public init(id: UUID = UUID(), title: String, position: Double = 0,
                createdAt: Date = Date(), updatedAt: Date? = nil, chords: Chords) {
        self.id = id
        self.title = title
        self.position = position
        self.createdAt = createdAt.roundedToMilliseconds
        self.updatedAt = (updatedAt ?? createdAt).roundedToMilliseconds
        self.chords = chords
    }

    /// Returns nil unless `chords` has exactly eight entries.
    public init?(id: UUID = UUID(), title: String, position: Double = 0,
                 createdAt: Date = Date(), updatedAt: Date? = nil, chords: [Chord]) {
        guard let chords = Chords(chords) else { return nil }
        self.init(id: id, title: title, position: position, createdAt: createdAt, updatedAt: updatedAt, chords: chords)
    }

    /// A new chordset with eight random, pleasant colours.
    public static func random(title: String = defaultTitle, position: Double = 0, now: Date = Date()) -> Chordset {
        let chords = (0..<chordCount).map { _ in Chord(color: .randomPleasant()) }
        return Chordset(title: title, position: position, createdAt: now, chords: chords)!
    }

    public func color(at slot: Int) -> RGBAColor { chords[slot].color }

    public mutating func setColor(_ color: RGBAColor, at slot: Int) {
        precondition((0..<Self.chordCount).contains(slot), "chord slot out of range")
        chords[slot].color = color
    }
}

extension Date {
    /// This date to the millisecond, as a chordset keeps it. The database and JSON files hold
    /// seconds since 1970 in a Double, which drops the last bits of a `Date()` (counted from
    /// 2001), and Foundation's JSON reader on Linux can land one bit off; a date rounded to
    /// the millisecond comes back from both equal to what was saved.
    var roundedToMilliseconds: Date {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded()
        return milliseconds.isFinite ? Date(timeIntervalSince1970: milliseconds / 1000) : self
    }
}
