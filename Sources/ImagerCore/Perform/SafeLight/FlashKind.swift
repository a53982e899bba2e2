/// The two kinds of flash WCAG 2.x (success criterion 2.3.1) limits, each measured on its own
/// quantity of a frame's light.
///
/// A *transition* is the change between a peak and the next valley (or valley and peak) of
/// that quantity over time; a *flash* is a pair of opposing transitions.
/// - General: relative luminance; a transition counts when it changes by 10% or more of the
///   maximum (0.1) and the darker end is below 0.80.
/// - Red: WCAG's working definition of "a pair of opposing transitions involving a saturated
///   red": the amount of red, (R − G − B) × 320, changes by more than 20, and one end or both
///   is a saturated red, R / (R + G + B) ≥ 0.8.
public enum FlashKind: Hashable, Sendable, CaseIterable {
    case general
    case red

    /// The quantity whose peaks and valleys make transitions.
    public func measure(_ light: ScreenLight) -> Double {
        switch self {
        case .general: light.luminance
        case .red: light.redAmount
        }
    }

    /// How far the quantity must move between a peak and a valley to be a transition.
    public var threshold: Double {
        switch self {
        case .general: 0.1
        // "More than 20": the smallest step past it that floating point tells apart.
        case .red: 20.000_001
        }
    }

    /// Whether a change from `one` to `other` (a peak and a valley, in either order) is a
    /// transition of this kind.
    public func isTransition(between one: ScreenLight, and other: ScreenLight) -> Bool {
        guard abs(measure(one) - measure(other)) >= threshold else { return false }
        switch self {
        case .general: return min(one.luminance, other.luminance) < 0.8
        case .red: return one.isSaturatedRed || other.isSaturatedRed
        }
    }

    /// The most transitions of this kind any one second may hold: three general flashes are
    /// six transitions (a seventh starts a fourth flash); no red flash allows one transition.
    public var transitionsAllowedPerSecond: Int {
        switch self {
        case .general: 6
        case .red: 1
        }
    }

    /// Flashes in `transitions` transitions that fall in one second: pairs, an odd one out
    /// starting another.
    public static func flashes(inTransitions transitions: Int) -> Int {
        transitions < 2 ? 0 : (transitions + 1) / 2
    }
}
