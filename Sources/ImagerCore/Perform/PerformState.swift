import Foundation

/// The Perform view's state, without GTK: which chordset and chord are playing, the fade in
/// progress, the fade time and curve, and the blackout. The view feeds it commands with the
/// time they happened and draws what it says; a key during a fade starts the next fade from
/// what is on screen.
///
/// The set list is the chordset list in its order, given to each call as ids (the list may
/// change while performing: another program's import, say), so the state holds only the
/// id of the chordset playing and a hint of where it was.
public struct PerformState: Equatable, Sendable {
    /// The chord playing (or being faded to).
    public private(set) var current: ChordRef
    /// The fade in progress, or nil once the current chord is all that shows.
    public private(set) var fade: CrossFade?
    public private(set) var fadeTime: FadeTime
    /// The shape of every fade, between chords and to or from black.
    public private(set) var fadeCurve: FadeCurve
    /// Whether the output is black or going black. Chords played meanwhile become the live
    /// chord underneath, unseen, until the blackout ends.
    public private(set) var isBlackedOut = false
    /// The fade to or from black in progress, or nil once the black is all there or all gone.
    public private(set) var blackFade: BlackFade?
    /// How bright the output is, 0-1: a controller's master level, and how bright the live
    /// chord came in (a note's velocity). Both dim through the same black as the blackout
    /// (see `blackness(at:)` and PerformState+Controllers).
    public internal(set) var master = 1.0
    public internal(set) var brightness = 1.0
    /// Where `current.chordsetID` was in the set list last time it was looked up.
    /// (Internal: safe light carries it from the state it plans on to the one it shows, so a
    /// chordset that is twice in a set list keeps its place.)
    var positionHint: Int

    /// What a command did, for the view to follow.
    public enum Effect: Equatable, Sendable {
        /// Nothing (the first or last chordset, a key at the edge).
        case none
        /// A new chord is playing, or the same one again: redraw, announce.
        case played
        case fadeTimeChanged
        /// The output went black or came back (or started to).
        case blackoutChanged
        /// The master level or the chord's brightness changed: the output is darker or lighter.
        case dimmed
        /// A tap of tap tempo: the view's tempo follows it.
        case tapTempo
        case toggleFullScreen
        case leave
    }

    /// Starts on chord `slot` of the chordset at `position`, shown at once (no fade).
    public init(chordsetID: UUID, position: Int, slot: Int = 0, fadeTime: FadeTime = .standard,
                fadeCurve: FadeCurve = .standard) {
        current = ChordRef(chordsetID: chordsetID, slot: Self.clampSlot(slot))
        positionHint = max(0, position)
        self.fadeTime = fadeTime
        self.fadeCurve = fadeCurve
    }

    private static func clampSlot(_ slot: Int) -> Int { min(Chordset.chordCount - 1, max(0, slot)) }

    // MARK: What shows

    /// What is on screen at `time`.
    public func shown(at time: Double) -> ChordBlend {
        fade?.shown(at: time) ?? ChordBlend(current)
    }

    /// How much black lies over the chords at `time`: 0 none, 1 the output is all black.
    /// The blackout's black, then the master level and the chord's brightness dimming what
    /// it leaves: at half master, half the light of whatever the blackout lets through.
    public func blackness(at time: Double) -> Double {
        let black = blackFade?.level(at: time) ?? (isBlackedOut ? 1 : 0)
        return 1 - (1 - black) * master * brightness
    }

    /// Called every frame while fading: ends each fade (between chords, to or from black)
    /// once it is over. True while either goes on.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        if let fade, fade.isFinished(at: time) { self.fade = nil }
        if let blackFade, blackFade.isFinished(at: time) { self.blackFade = nil }
        return fade != nil || blackFade != nil
    }

    /// Where the playing chordset is in `setList`, or nil if it is gone from it.
    public mutating func position<IDs: RandomAccessCollection>(in setList: IDs) -> Int?
        where IDs.Element == UUID, IDs.Index == Int {
        if positionHint < setList.count, setList[setList.startIndex + positionHint] == current.chordsetID {
            return positionHint
        }
        guard let found = setList.firstIndex(of: current.chordsetID) else { return nil }
        positionHint = found - setList.startIndex
        return positionHint
    }

    // MARK: Commands

    /// Applies `command`, which happened at `time`. The fades it starts take the fade time
    /// along the fade curve, or `shape` when given (safe light slowing a change down).
    public mutating func apply<IDs: RandomAccessCollection>(_ command: PerformCommand, at time: Double,
                                                            setList: IDs, shape: FadeShape? = nil) -> Effect
        where IDs.Element == UUID, IDs.Index == Int {
        switch command {
        case let .play(slot):
            guard (0..<Chordset.chordCount).contains(slot) else { return .none }
            play(ChordRef(chordsetID: current.chordsetID, slot: slot), at: time, shape: shape)
        case .previousChord:
            guard current.slot > 0 else { return .none }
            play(ChordRef(chordsetID: current.chordsetID, slot: current.slot - 1), at: time, shape: shape)
        case .nextChord:
            guard current.slot < Chordset.chordCount - 1 else { return .none }
            play(ChordRef(chordsetID: current.chordsetID, slot: current.slot + 1), at: time, shape: shape)
        case .replay:
            play(current, at: time, shape: shape)
        case .shorterFade, .longerFade:
            let changed = command == .shorterFade ? fadeTime.shorter() : fadeTime.longer()
            guard changed != fadeTime else { return .none }
            fadeTime = changed
            return .fadeTimeChanged
        case .previousChordset, .nextChordset:
            // Moving through a set list: the same chord of the chordset before or after.
            let step = command == .previousChordset ? -1 : 1
            guard let here = position(in: setList) else {
                // The chordset playing is gone: go to the nearest one still there.
                guard !setList.isEmpty else { return .none }
                return switchChordset(to: min(positionHint, setList.count - 1), in: setList, at: time, shape: shape)
            }
            let there = here + step
            guard (0..<setList.count).contains(there) else { return .none }
            return switchChordset(to: there, in: setList, at: time, shape: shape)
        case let .chordset(index):
            return goToChordset(index: index, in: setList, at: time, shape: shape)
        case let .blackout(cut):
            setBlackout(!isBlackedOut, cut: cut, at: time, shape: shape)
            return .blackoutChanged
        case let .dim(master, brightness):
            let before = (self.master, self.brightness)
            if let master { setMaster(master) }
            if let brightness { setBrightness(brightness) }
            return (self.master, self.brightness) == before ? .none : .dimmed
        case .tapTempo:
            return .tapTempo
        case .toggleFullScreen:
            return .toggleFullScreen
        case .leave:
            return .leave
        }
        return .played
    }

    /// Sets the fade time directly (the view's slider), clamped.
    public mutating func setFadeTime(_ time: FadeTime) {
        fadeTime = time
    }

    /// Sets the curve of the fades that start from now on; a fade under way keeps its own.
    public mutating func setFadeCurve(_ curve: FadeCurve) {
        fadeCurve = curve
    }

    /// Blacks out (`black`) or brings the live chord back, from whatever black shows at `time`:
    /// over the fade time along the curve, or at once with `cut` (or a zero fade time, or
    /// the Cut curve). Asking for what is already so changes nothing.
    public mutating func setBlackout(_ black: Bool, cut: Bool = false, at time: Double, shape: FadeShape? = nil) {
        guard black != isBlackedOut else { return }
        let onScreen = blackness(at: time)
        isBlackedOut = black
        let target: Double = black ? 1 : 0
        let shape = shape ?? FadeShape(seconds: cut ? 0 : fadeTime.seconds, curve: fadeCurve)
        if shape.isCut || onScreen == target {
            blackFade = nil
        } else {
            blackFade = BlackFade(from: onScreen, to: target, start: time, duration: shape.seconds, curve: shape.curve)
        }
    }

    /// Shows `chord`, blacked out or not, from what is on screen at `time`, with the fades
    /// `apply` would start (`cut` as Shift+B does): the performer's wish, reached at once.
    public mutating func show(_ chord: ChordRef, blackedOut: Bool, cut: Bool = false, at time: Double,
                              shape: FadeShape? = nil) {
        if chord != current { play(chord, at: time, shape: shape) }
        setBlackout(blackedOut, cut: cut, at: time, shape: shape)
    }

    mutating func switchChordset<IDs: RandomAccessCollection>(to position: Int, in setList: IDs,
                                                                      at time: Double, shape: FadeShape?) -> Effect
        where IDs.Element == UUID, IDs.Index == Int {
        positionHint = position
        play(ChordRef(chordsetID: setList[setList.startIndex + position], slot: current.slot), at: time, shape: shape)
        return .played
    }

    /// Fades from whatever is on screen now to `chord`; a zero fade time or the Cut curve
    /// cuts. During a blackout the same happens underneath the black.
    private mutating func play(_ chord: ChordRef, at time: Double, shape: FadeShape?) {
        let onScreen = shown(at: time)
        current = chord
        let shape = shape ?? FadeShape(seconds: fadeTime.seconds, curve: fadeCurve)
        if shape.isCut || onScreen == ChordBlend(chord) {
            fade = nil
        } else {
            fade = CrossFade(from: onScreen, to: chord, start: time, duration: shape.seconds, curve: shape.curve)
        }
    }
}
