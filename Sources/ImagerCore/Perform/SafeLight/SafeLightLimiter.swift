/// Decides when a change of what the output shows may start, and how long it takes, so that
/// in any one second the output never holds more than three general flashes and no red flash
/// (WCAG 2.x, success criterion 2.3.1; see `FlashKind`).
///
/// It follows the output's light as it was drawn (`follow`), frame by frame, with a
/// `FlashTracker` per kind of flash; a change asked for is tried out on copies of them, over
/// the whole of its fade: as asked; else stretched (the same change, slower, so that it ends
/// late enough); else delayed (the output goes on as it was until then). A change that a
/// later one interrupts cannot break the limit either: its interruption is itself a change
/// asked for, tried out in the same way.
public struct SafeLightLimiter: Sendable {
    /// The period the limits hold for, with room for the frames falling a little apart from
    /// the times reckoned here.
    public static let window = 1.0
    public static let margin = 0.1
    /// How often the light is looked at between the corners of a fade (starts and ends).
    static let step = 1.0 / 60
    public static let longestDelay = 3.0
    public static let longestStretch = 2.5

    /// What the output would do from now on with a change starting at some time.
    public struct Plan {
        /// The light at any time from now on.
        public var light: (Double) -> ScreenLight
        /// Where the light turns: fades' starts and ends, looked at exactly.
        public var corners: [Double]
        /// When everything has settled.
        public var settled: Double

        public init(light: @escaping (Double) -> ScreenLight, corners: [Double], settled: Double) {
            self.light = light
            self.corners = corners
            self.settled = settled
        }
    }

    private var trackers = FlashKind.allCases.map { FlashTracker(kind: $0) }
    /// The last time the output's light was followed to.
    public private(set) var followedUntil: Double?

    public init() {}

    /// The transitions seen so far, of `kind`, the one under way last.
    public func transitions(of kind: FlashKind) -> [FlashTracker.Transition] {
        trackers.first { $0.kind == kind }?.allTransitions ?? []
    }

    /// Follows what the output showed up to `time`, along `plan` (what it showed since the
    /// last time followed).
    public mutating func follow(_ plan: Plan, until time: Double) {
        // A clock that went back (never so with the monotonic one): nothing new to see.
        guard time >= followedUntil ?? time else { return }
        for moment in Self.moments(from: followedUntil ?? time, through: time, corners: plan.corners) {
            for index in trackers.indices { trackers[index].feed(plan.light(moment), at: moment) }
        }
        followedUntil = max(followedUntil ?? time, time)
        // Longer ago than this, a transition shares no window with anything still to come.
        for index in trackers.indices { trackers[index].forget(before: time - 2 * (Self.window + Self.margin)) }
    }

    /// The start (at `time` or later) and duration (`duration` or longer) of a change asked
    /// for at `time`, the output having been followed to `time`. `settles` is when the
    /// output as it stands comes to rest; `plan` gives what the output would do with the
    /// change starting when and lasting as long as given.
    public func schedule(at time: Double, duration: Double, settles: Double,
                         plan: (_ start: Double, _ duration: Double) -> Plan) -> (start: Double, duration: Double) {
        let clear = Self.window + Self.margin + 0.001
        let ends = trackers.flatMap { $0.allTransitions.map(\.time) } + [settles]
        let starts = Set([time] + ends.map { $0 + clear }.filter { $0 > time && $0 <= time + Self.longestDelay })
        for start in starts.sorted() {
            if isSafe(plan(start, duration), from: time) { return (start, duration) }
            // Longer, so that it ends after something it would otherwise crowd into one second.
            let longer = Set((ends + [start]).map { $0 + clear - start })
                .filter { $0 > duration && $0 <= Self.longestStretch }.sorted()
            // Longer is never less safe: the shortest safe length, halving the lengths to try.
            guard let longest = longer.last, isSafe(plan(start, longest), from: time) else { continue }
            var low = 0, high = longer.count - 1
            while low < high {
                let middle = (low + high) / 2
                if isSafe(plan(start, longer[middle]), from: time) { high = middle } else { low = middle + 1 }
            }
            return (start, longer[low])
        }
        // After everything known has left the window: nothing then is within a second of it.
        var start = max(time, ends.max() ?? time) + clear
        for _ in 0..<3 where !isSafe(plan(start, duration), from: time) { start += clear }
        return (start, duration)
    }

    /// Whether `plan`, followed from `time`, keeps to the limits everywhere from `time` on.
    private func isSafe(_ plan: Plan, from time: Double) -> Bool {
        var trackers = trackers
        for moment in Self.moments(from: time, through: plan.settled + Self.step, corners: plan.corners) {
            for index in trackers.indices { trackers[index].feed(plan.light(moment), at: moment) }
        }
        return trackers.allSatisfy { Self.keepsToLimit($0, from: time) }
    }

    /// No more transitions than allowed within any window that ends at `time` or later
    /// (earlier ones are history: nothing done now changes them).
    static func keepsToLimit(_ tracker: FlashTracker, from time: Double) -> Bool {
        let times = tracker.allTransitions.map(\.time)
        let allowed = tracker.kind.transitionsAllowedPerSecond
        var first = 0
        for last in times.indices {
            while times[last] - times[first] > window + margin { first += 1 }
            if times[last] >= time - 1e-9, last - first + 1 > allowed { return false }
        }
        return true
    }

    /// The moments to look at the light: a frame's step apart, and every corner, after
    /// `start` and up to `end` (and `end` itself).
    static func moments(from start: Double, through end: Double, corners: [Double]) -> [Double] {
        // Light from longer ago than two windows can share no window with what comes.
        let start = max(start, end - 2 * (window + margin))
        guard end > start else { return [end] }
        var moments = Array(stride(from: start + step, to: end, by: step))
        moments += corners.filter { $0 > start && $0 < end }
        moments.append(end)
        return moments.sorted()
    }
}
