/// How long a cross-fade between two chords takes in the Perform view: 0 (a cut) to 2 s,
/// 0.15 s unless the performer chose otherwise. `[` and `]` step along a ladder that is fine
/// where the eye notices small changes (short fades) and coarse where it does not.
public struct FadeTime: Hashable, Sendable {
    public static let range: ClosedRange<Double> = 0...2
    public static let standard = FadeTime(seconds: 0.15)
    /// The values `shorter()` and `longer()` move between.
    public static let ladder: [Double] = [0, 0.05, 0.1, 0.15, 0.25, 0.4, 0.6, 0.8, 1, 1.5, 2]

    /// Always within `range`.
    public let seconds: Double

    /// Clamped into `range`; NaN (say, from a broken settings file) gives the standard time.
    public init(seconds: Double) {
        self.seconds = seconds.isNaN ? 0.15 : min(Self.range.upperBound, max(Self.range.lowerBound, seconds))
    }

    /// The next step up the ladder (2 s stays 2 s).
    public func longer() -> FadeTime {
        FadeTime(seconds: Self.ladder.first { $0 > seconds + 1e-9 } ?? Self.range.upperBound)
    }

    /// The next step down the ladder (0 stays 0).
    public func shorter() -> FadeTime {
        FadeTime(seconds: Self.ladder.last { $0 < seconds - 1e-9 } ?? Self.range.lowerBound)
    }
}
