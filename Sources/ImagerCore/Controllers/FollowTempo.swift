/// "Follow tempo": Perform moves to another chord every so many beats by itself, in order
/// (1, 2, ... 8, 1, ...) or at random (never the chord playing again, so each step shows).
public struct FollowTempo: Equatable, Sendable {
    /// How many beats each chord lasts; `off` leaves the chords to the performer.
    public enum Beats: Int, CaseIterable, Sendable {
        case off = 0, one = 1, two = 2, four = 4, eight = 8
    }

    public enum Order: String, CaseIterable, Sendable {
        case inOrder = "in-order"
        case random

        /// The order stored as `name`, or in order for anything else.
        public init(storedName name: String?) {
            self = name.flatMap(Order.init(rawValue:)) ?? .inOrder
        }
    }

    public var beats: Beats
    public var order: Order

    public init(beats: Beats = .off, order: Order = .inOrder) {
        self.beats = beats
        self.order = order
    }

    public var isOn: Bool { beats != .off }

    /// Seconds between steps at `bpm`, or nil when off.
    public func interval(bpm: Double) -> Double? {
        guard isOn else { return nil }
        return 60 / Tempo.clamp(bpm) * Double(beats.rawValue)
    }

    /// The time of the first step after `time`, on the beat grid that has a beat at `origin`
    /// (the last tap, or when the tempo was set): steps fall on the beat the performer tapped.
    public func nextStep(after time: Double, origin: Double, bpm: Double) -> Double? {
        guard let interval = interval(bpm: bpm) else { return nil }
        let steps = ((time - origin) / interval).rounded(.down) + 1
        return origin + max(steps, 1) * interval
    }

    /// The chord (0-based slot) to step to from `slot`: the next one, wrapping after the
    /// last, or a random other one drawn with `random`.
    public func slot<Random: RandomNumberGenerator>(after slot: Int, using random: inout Random) -> Int {
        let count = Chordset.chordCount
        switch order {
        case .inOrder:
            return (slot + 1) % count
        case .random:
            // One of the other seven, evenly.
            let other = Int.random(in: 0..<(count - 1), using: &random)
            return other >= slot ? other + 1 : other
        }
    }
}
