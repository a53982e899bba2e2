/// Finds the transitions of one kind of flash in a stream of frames: it follows the peaks and
/// valleys of the kind's quantity (a change counts once the light has moved back by the
/// kind's threshold from its last extreme, so flicker smaller than that is not a peak), and
/// keeps the transitions that qualify, each timed by when it reached its end.
///
/// The last leg, still going, is `pending`: its end time can only move later as the light
/// keeps going the same way.
public struct FlashTracker: Sendable {
    public struct Extreme: Hashable, Sendable {
        public let light: ScreenLight
        public let time: Double
    }

    public struct Transition: Hashable, Sendable {
        public let from: Extreme
        public let to: Extreme
        /// When the transition reached its end: the time that places it in a one-second window.
        public var time: Double { to.time }
    }

    public let kind: FlashKind
    /// The transitions that qualify, finished (the light has turned back), oldest first.
    public private(set) var transitions: [Transition] = []

    /// Before the first move of a threshold: the lowest and highest frames so far.
    private var low: Extreme?
    private var high: Extreme?
    /// The last turning point, once the light has first moved by a threshold.
    private var anchor: Extreme?
    /// The furthest the light has gone from `anchor` in the current direction.
    private var candidate: Extreme?
    private var rising = false

    public init(kind: FlashKind) {
        self.kind = kind
    }

    /// The next frame's light, shown from `time` on. Frames come in time order.
    public mutating func feed(_ light: ScreenLight, at time: Double) {
        let frame = Extreme(light: light, time: time)
        let value = kind.measure(light)
        guard let anchor, let candidate else {
            if low == nil || value < kind.measure(low!.light) { low = frame }
            if high == nil || value > kind.measure(high!.light) { high = frame }
            guard let low, let high, kind.measure(high.light) - kind.measure(low.light) >= kind.threshold else { return }
            rising = low.time < high.time
            self.anchor = rising ? low : high
            self.candidate = rising ? high : low
            return
        }
        let reached = kind.measure(candidate.light)
        if rising ? value > reached : value < reached {
            self.candidate = frame
        } else if abs(reached - value) >= kind.threshold {
            let finished = Transition(from: anchor, to: candidate)
            if kind.isTransition(between: finished.from.light, and: finished.to.light) { transitions.append(finished) }
            self.anchor = candidate
            self.candidate = frame
            rising.toggle()
        }
    }

    /// The leg under way, if it already qualifies as a transition: it ends no sooner than
    /// its `time`.
    public var pending: Transition? {
        guard let anchor, let candidate else { return nil }
        let leg = Transition(from: anchor, to: candidate)
        return kind.isTransition(between: leg.from.light, and: leg.to.light) ? leg : nil
    }

    /// The finished transitions and the pending one, oldest first.
    public var allTransitions: [Transition] {
        pending.map { transitions + [$0] } ?? transitions
    }

    /// Forgets finished transitions that ended before `time` (they can no longer share a
    /// window with anything to come).
    public mutating func forget(before time: Double) {
        if let first = transitions.firstIndex(where: { $0.time >= time }) {
            transitions.removeFirst(first)
        } else {
            transitions.removeAll()
        }
    }

    /// The most transitions whose times lie within `window` seconds of each other (a closed
    /// window: two transitions exactly a second apart share one).
    public static func mostTransitions(_ times: [Double], within window: Double = 1) -> Int {
        var most = 0, first = 0
        for last in times.indices {
            while times[last] - times[first] > window { first += 1 }
            most = max(most, last - first + 1)
        }
        return most
    }
}
