import Foundation

/// One chord of one chordset: what the Perform view can show.
public struct ChordRef: Hashable, Sendable {
    public var chordsetID: UUID
    /// 0-7.
    public var slot: Int

    public init(chordsetID: UUID, slot: Int) {
        self.chordsetID = chordsetID
        self.slot = slot
    }
}

/// What is on screen, as a mix of chords whose weights add up to 1: one chord with weight 1
/// when nothing fades; during a fade, what the fade started from and the chord it goes to.
/// Painting the "from" picture and then the new chord over it at opacity `p` gives
/// (1 - p) × from + p × chord, which is what `fading(to:opacity:)` computes.
public struct ChordBlend: Equatable, Sendable {
    /// Weights under this are dropped (an 8-bit screen cannot show them), so a long run of
    /// interrupted fades keeps a handful of entries, not one per key ever pressed.
    public static let negligible = 1.0 / 512

    public private(set) var weights: [ChordRef: Double]

    public init(_ chord: ChordRef) {
        weights = [chord: 1]
    }

    /// This blend with `chord` painted over it at `opacity` (0...1).
    public func fading(to chord: ChordRef, opacity: Double) -> ChordBlend {
        let opacity = min(1, max(0, opacity))
        var mixed = weights.mapValues { $0 * (1 - opacity) }
        mixed[chord, default: 0] += opacity
        mixed = mixed.filter { $0.value >= Self.negligible }
        let total = mixed.values.reduce(0, +)
        var blend = self
        blend.weights = total > 0 ? mixed.mapValues { $0 / total } : [chord: 1]
        return blend
    }

    /// The one chord shown, when nothing else is mixed in.
    public var single: ChordRef? {
        weights.count == 1 ? weights.first?.key : nil
    }

    public func weight(of chord: ChordRef) -> Double { weights[chord] ?? 0 }
}

/// A cross-fade in progress: from a blend (what was on screen when it started) to one chord.
/// Times are seconds on any monotonic clock (the view uses its GdkFrameClock's frame time).
public struct CrossFade: Equatable, Sendable {
    public let from: ChordBlend
    public let to: ChordRef
    public let start: Double
    public let duration: Double
    public let curve: FadeCurve

    public init(from: ChordBlend, to: ChordRef, start: Double, duration: Double, curve: FadeCurve = .standard) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    /// How far along, 0...1, in time.
    public func progress(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        return min(1, max(0, (time - start) / duration))
    }

    /// The new chord's opacity over the old picture, along the fade's curve.
    public func opacity(at time: Double) -> Double {
        curve.value(at: progress(at: time))
    }

    public func isFinished(at time: Double) -> Bool { progress(at: time) >= 1 }

    /// What is on screen at `time`.
    public func shown(at time: Double) -> ChordBlend {
        from.fading(to: to, opacity: opacity(at: time))
    }
}
