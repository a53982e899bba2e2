/// How long one fade takes and how it moves: the fade time and curve, unless something (safe
/// light) asks a particular fade to go slower.
public struct FadeShape: Hashable, Sendable {
    /// Seconds, 0 or more (no upper bound: a slowed fade may be longer than any fade time).
    public let seconds: Double
    public let curve: FadeCurve

    public init(seconds: Double, curve: FadeCurve) {
        self.seconds = seconds.isNaN ? 0 : max(0, seconds)
        self.curve = curve
    }

    /// No fade: the new picture shows at once.
    public var isCut: Bool { seconds == 0 || curve == .cut }
}
