/// The fade time in beats rather than seconds: a quarter, a half, one or two beats of the
/// tempo Perform follows, so fades keep time with the music when the tempo changes. Off
/// leaves the fade time in seconds, as the performer set it.
public enum FadeBeats: Double, CaseIterable, Sendable {
    case off = 0, quarter = 0.25, half = 0.5, one = 1, two = 2

    /// The value stored as `number` (`fade-beats` in perform.ini), or off for anything else.
    public init(stored number: Double) {
        self = FadeBeats(rawValue: number) ?? .off
    }

    /// The fade time these beats last at `bpm` (clamped as `FadeTime` clamps: at a slow
    /// tempo two beats may be longer than the longest fade), or nil when off.
    public func fadeTime(bpm: Double) -> FadeTime? {
        self == .off ? nil : FadeTime(seconds: rawValue * 60 / Tempo.clamp(bpm))
    }
}
