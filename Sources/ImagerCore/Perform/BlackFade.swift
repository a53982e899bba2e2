/// A fade of the output to black or back, in progress: how much black lies over the chords,
/// from `from` to `to` (0 none, 1 all black). Times are seconds on the view's monotonic clock,
/// as for `CrossFade`.
public struct BlackFade: Equatable, Sendable {
    public let from: Double
    public let to: Double
    public let start: Double
    public let duration: Double
    public let curve: FadeCurve

    public init(from: Double, to: Double, start: Double, duration: Double, curve: FadeCurve = .standard) {
        self.from = min(1, max(0, from))
        self.to = min(1, max(0, to))
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    /// How far along, 0...1, in time.
    public func progress(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        return min(1, max(0, (time - start) / duration))
    }

    /// The black's opacity over the chords at `time`.
    public func level(at time: Double) -> Double {
        from + (to - from) * curve.value(at: progress(at: time))
    }

    public func isFinished(at time: Double) -> Bool { progress(at: time) >= 1 }
}
