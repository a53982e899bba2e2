import Foundation

/// How a fade moves over the fade time, as the share of the new picture (0...1) at each point
/// of the fade's time (0...1). The same curve shapes a cross-fade between chords and a fade to
/// or from black.
public enum FadeCurve: String, CaseIterable, Hashable, Sendable {
    /// Even steps all the way.
    case linear
    /// Eased in and out (smoothstep): the change neither starts nor lands with a jolt.
    case smooth
    /// No fade at all, whatever the fade time: the new picture shows at once.
    case cut

    /// Ease in and out: the curve of a performer who never chooses one, and of a settings
    /// file that names none or one this version does not know.
    public static let standard = FadeCurve.smooth

    /// The share of the new picture at `progress` (clamped into 0...1).
    public func value(at progress: Double) -> Double {
        let t = progress.isNaN ? 1 : min(1, max(0, progress))
        switch self {
        case .linear: return t
        case .smooth: return t * t * (3 - 2 * t)
        case .cut: return t > 0 ? 1 : 0
        }
    }

    /// The name a settings file stores ("linear", "smooth", "cut"); anything else, or
    /// nothing, gives the standard curve.
    public init(storedName: String?) {
        self = storedName.flatMap { FadeCurve(rawValue: $0.trimmingCharacters(in: .whitespaces).lowercased()) } ?? .standard
    }
}
