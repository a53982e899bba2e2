/// The tempo Perform follows, in beats per minute, and the range it may take.
public enum Tempo {
    /// 20 to 300 BPM: slower than 20 is no beat anyone taps; faster than 300 would change
    /// chords more than five times a second, faster than a fade can show.
    public static let bpmRange: ClosedRange<Double> = 20...300
    public static let standardBPM = 120.0

    /// `bpm` within the range (NaN gives the standard tempo).
    public static func clamp(_ bpm: Double) -> Double {
        bpm.isNaN ? standardBPM : min(bpmRange.upperBound, max(bpmRange.lowerBound, bpm))
    }
}

/// Tap tempo, as QLC+ does it: the tempo is the median of the intervals between the last
/// taps, so one early or late tap does not throw it off, as it would an average.
///
/// The last `keptTaps` (8) taps count, so 7 intervals at most: enough for the median to
/// ignore a stray tap, few enough that a change of tempo shows within a bar or two. A tap
/// more than `gap` (2 s, that is slower than 30 BPM) after the one before starts afresh:
/// the performer has stopped tapping and begins again, and the old taps would only mislead.
/// Two taps give a first tempo; each tap after refines it.
public struct TapTempo: Equatable, Sendable {
    public static let keptTaps = 8
    public static let gap = 2.0

    /// The times of the taps counted, oldest first, in seconds.
    public private(set) var taps: [Double] = []

    public init() {}

    /// One tap at `time` (seconds, on a clock that only goes forward); the tempo the taps
    /// give now, clamped into `Tempo.bpmRange`, or nil while there is only one.
    public mutating func tap(at time: Double) -> Double? {
        if let last = taps.last, !(time - last > 0 && time - last <= Self.gap) {
            // Too long after the last tap (or a clock that went back): a new start.
            taps.removeAll(keepingCapacity: true)
        }
        taps.append(time)
        if taps.count > Self.keptTaps { taps.removeFirst(taps.count - Self.keptTaps) }
        return bpm
    }

    /// The tempo the taps counted give, or nil with fewer than two.
    public var bpm: Double? {
        guard taps.count >= 2 else { return nil }
        let intervals = zip(taps.dropFirst(), taps).map { $0 - $1 }.sorted()
        let middle = intervals.count / 2
        let median = intervals.count % 2 == 1 ? intervals[middle] : (intervals[middle - 1] + intervals[middle]) / 2
        return Tempo.clamp(60 / median)
    }
}
