import Synchronization

/// A controller's action and when it arrived (seconds on the monotonic clock the Perform
/// view uses), so tap tempo measures the taps, not how soon the main loop got to them.
public struct TimedControllerAction: Equatable, Sendable {
    public let action: ControllerAction
    public let time: Double

    public init(_ action: ControllerAction, at time: Double) {
        self.action = action
        self.time = time
    }
}

/// Where controllers (an OSC server, a MIDI input, on their own threads) leave actions for
/// the main loop, which takes them all at once. Bounded and coalescing, so a flood never
/// piles work up for the window: an action that makes an earlier waiting one pointless
/// replaces it (see `add`), and once `capacity` actions wait, more are dropped and counted.
/// Thread-safe; posting never blocks for longer than a short lock.
public final class ControllerInbox: Sendable {
    /// Plenty for a performer's hands (a drum roll of taps, a sweep of a fader coalesces to
    /// one), few enough that one pass of the main loop applies them all at once.
    public static let capacity = 64

    private struct State {
        var waiting: [TimedControllerAction] = []
        var collecting = false
        var dropped = 0
        var coalesced = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Leaves `action`; true when the caller must have the main loop `takeAll()`: nothing was
    /// waiting to be collected (so one wake-up serves a whole burst).
    public func post(_ action: TimedControllerAction) -> Bool {
        state.withLock { state in
            switch Self.add(action, to: &state.waiting, capacity: Self.capacity) {
            case .added: break
            case .coalesced: state.coalesced += 1
            case .dropped: state.dropped += 1
            }
            guard !state.collecting else { return false }
            state.collecting = true
            return true
        }
    }

    /// Everything waiting, oldest first; the next `post` asks for another collection.
    public func takeAll() -> [TimedControllerAction] {
        state.withLock { state in
            state.collecting = false
            defer { state.waiting.removeAll(keepingCapacity: true) }
            return state.waiting
        }
    }

    /// Actions dropped because `capacity` were waiting, and actions replaced by later ones.
    public var droppedCount: Int { state.withLock { $0.dropped } }
    public var coalescedCount: Int { state.withLock { $0.coalesced } }

    public enum Addition: Equatable, Sendable { case added, coalesced, dropped }

    /// Adds `new` to `waiting`, first removing what it makes pointless:
    /// - a chord played drops the chords played, next and previous waiting (the chord it
    ///   plays is the same whatever they did, and a chordset change keeps the chord);
    /// - a chordset by number drops the chordset changes waiting, likewise;
    /// - a fade time, master level, tempo or blackout on/off drops the earlier one of its kind
    ///   (and a blackout on/off, the toggles waiting).
    /// Taps, toggles and steps (next, previous) each count, so they stay, up to `capacity`.
    public static func add(_ new: TimedControllerAction, to waiting: inout [TimedControllerAction],
                           capacity: Int) -> Addition {
        let before = waiting.count
        waiting.removeAll { replaces(new.action, $0.action) }
        let replaced = waiting.count < before
        guard waiting.count < capacity else { return .dropped }
        waiting.append(new)
        return replaced ? .coalesced : .added
    }

    private static func replaces(_ new: ControllerAction, _ old: ControllerAction) -> Bool {
        switch (new, old) {
        case (.play, .play), (.play, .nextChord), (.play, .previousChord): true
        case (.chordset, .chordset), (.chordset, .nextChordset), (.chordset, .previousChordset): true
        case (.fade, .fade), (.master, .master), (.tempo, .tempo): true
        case (.blackout, .blackout), (.blackout, .toggleBlackout): true
        default: false
        }
    }
}
