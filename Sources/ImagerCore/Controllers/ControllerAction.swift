/// What a controller asks of Perform, whichever way it arrives: a MIDI note or control, an OSC
/// message, a learned mapping. MIDI (ALSA or JACK) and OSC each turn their messages into these,
/// and Perform applies them one way, so the mapping, learning, feedback and tempo logic are
/// the same whatever the transport.
public enum ControllerAction: Hashable, Sendable {
    /// Play chord `slot` (0-7), coming in at `brightness` (0-1; a note's velocity, or 1).
    case play(slot: Int, brightness: Double = 1)
    case previousChord, nextChord
    /// Go to the chordset at `index` (0-based) in the set list playing, or in the list.
    case chordset(index: Int)
    case previousChordset, nextChordset
    /// Set the fade time, in seconds (clamped as `FadeTime` clamps).
    case fade(seconds: Double)
    /// Black out (`true`) or bring the live chord back (`false`).
    case blackout(Bool)
    /// Black out, or come back, whichever is not the case (a mapped button).
    case toggleBlackout
    /// The output's master brightness, 0 (black) to 1 (full).
    case master(level: Double)
    /// One tap of tap tempo.
    case tap
    /// Set the tempo, in beats per minute.
    case tempo(bpm: Double)

    /// Whether this action, arriving while Perform is closed, opens it (on the selected
    /// chordset) before it is applied: playing a chord does; the rest needs Perform open.
    public var opensPerform: Bool {
        if case .play = self { return true }
        return false
    }
}
