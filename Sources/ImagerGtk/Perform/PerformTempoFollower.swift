import CGtk
import ImagerCore
import ImagerGLib

/// Perform's tempo: the BPM (from taps, T or a controller's, or set outright), the beat grid
/// it runs on (a beat falls on the last tap), and Follow tempo's timer, which asks the view
/// to step to another chord every so many beats. The rules are core's (`TapTempo`,
/// `FollowTempo`); this holds the clock.
final class PerformTempoFollower {
    private(set) var bpm = Tempo.standardBPM
    /// Whether the tempo came from the performer (taps or a controller), or is the standard one.
    private(set) var isSet = false
    var follow = FollowTempo()
    /// The fade time in beats, or off (the view sets the fade time when the tempo changes).
    var fadeBeats = FadeBeats.off
    /// A step is due: the view plays the next chord (`FollowTempo.slot(after:)`).
    var onStep: () -> Void = {}
    var onTempoChanged: (Double) -> Void = { _ in }
    /// The view's clock (seconds, monotonic).
    var now: () -> Double = { Double(g_get_monotonic_time()) / 1_000_000 }

    private var taps = TapTempo()
    /// A beat on the grid steps fall on.
    private var origin: Double?
    private var timer: ScheduledWork?
    /// When the last step was due: the next is looked for after it, so a timer that fires a
    /// millisecond early does not step twice.
    private var lastStep = -Double.infinity

    /// One tap at `time`: the tempo follows from two taps on, and the beat falls on this tap.
    func tap(at time: Double) {
        if let tapped = taps.tap(at: time) { setBPM(tapped) }
        origin = time
        lastStep = -.infinity
        reschedule()
    }

    /// The tempo set outright (a controller's), the beat falling at `time`.
    func set(bpm: Double, at time: Double) {
        setBPM(Tempo.clamp(bpm))
        origin = time
        lastStep = -.infinity
        reschedule()
    }

    /// Starts (or stops) stepping as `follow` now says.
    func start() {
        if origin == nil { origin = now() }
        reschedule()
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }

    private func setBPM(_ value: Double) {
        isSet = true
        guard value != bpm else { return }
        bpm = value
        onTempoChanged(value)
    }

    private func reschedule() {
        stop()
        guard let origin else { return }
        let time = now()
        guard let next = follow.nextStep(after: max(time, lastStep), origin: origin, bpm: bpm) else { return }
        let milliseconds = UInt32(max(1, ((next - time) * 1000).rounded()))
        timer = MainLoop.after(milliseconds: milliseconds) { [weak self] in
            guard let self else { return }
            self.timer = nil
            self.lastStep = next
            self.onStep()
            self.reschedule()
        }
    }
}
