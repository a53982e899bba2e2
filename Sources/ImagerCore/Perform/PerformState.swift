import Foundation

/// The Perform view's state, without GTK: which chordset and chord are playing, the fade in
/// progress, and the fade time. The view feeds it commands with the time they happened and
/// draws what it says; a key during a fade starts the next fade from what is on screen.
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
    /// Where `current.chordsetID` was in the set list last time it was looked up.
    private var positionHint: Int

    /// What a command did, for the view to follow.
    public enum Effect: Equatable, Sendable {
        /// Nothing (the first or last chordset, a key at the edge).
        case none
        /// A new chord is playing, or the same one again: redraw, announce.
        case played
        case fadeTimeChanged
        case toggleFullScreen
        case leave
    }

    /// Starts on chord `slot` of the chordset at `position`, shown at once (no fade).
    public init(chordsetID: UUID, position: Int, slot: Int = 0, fadeTime: FadeTime = .standard) {
        current = ChordRef(chordsetID: chordsetID, slot: Self.clampSlot(slot))
        positionHint = max(0, position)
        self.fadeTime = fadeTime
    }

    private static func clampSlot(_ slot: Int) -> Int { min(Chordset.chordCount - 1, max(0, slot)) }

    // MARK: What shows

    /// What is on screen at `time`.
    public func shown(at time: Double) -> ChordBlend {
        fade?.shown(at: time) ?? ChordBlend(current)
    }

    /// Called every frame while fading: ends the fade once it is over. True while it goes on.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        guard let fade else { return false }
        if fade.isFinished(at: time) {
            self.fade = nil
            return false
        }
        return true
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

    /// Applies `command`, which happened at `time`.
    public mutating func apply<IDs: RandomAccessCollection>(_ command: PerformCommand, at time: Double,
                                                            setList: IDs) -> Effect
        where IDs.Element == UUID, IDs.Index == Int {
        switch command {
        case let .play(slot):
            guard (0..<Chordset.chordCount).contains(slot) else { return .none }
            play(ChordRef(chordsetID: current.chordsetID, slot: slot), at: time)
        case .previousChord:
            guard current.slot > 0 else { return .none }
            play(ChordRef(chordsetID: current.chordsetID, slot: current.slot - 1), at: time)
        case .nextChord:
            guard current.slot < Chordset.chordCount - 1 else { return .none }
            play(ChordRef(chordsetID: current.chordsetID, slot: current.slot + 1), at: time)
        case .replay:
            play(current, at: time)
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
                return switchChordset(to: min(positionHint, setList.count - 1), in: setList, at: time)
            }
            let there = here + step
            guard (0..<setList.count).contains(there) else { return .none }
            return switchChordset(to: there, in: setList, at: time)
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

    private mutating func switchChordset<IDs: RandomAccessCollection>(to position: Int, in setList: IDs,
                                                                      at time: Double) -> Effect
        where IDs.Element == UUID, IDs.Index == Int {
        positionHint = position
        play(ChordRef(chordsetID: setList[setList.startIndex + position], slot: current.slot), at: time)
        return .played
    }

    /// Fades from whatever is on screen now to `chord`; a zero fade time cuts.
    private mutating func play(_ chord: ChordRef, at time: Double) {
        let onScreen = shown(at: time)
        current = chord
        if fadeTime.seconds == 0 || onScreen == ChordBlend(chord) {
            fade = nil
        } else {
            fade = CrossFade(from: onScreen, to: chord, start: time, duration: fadeTime.seconds)
        }
    }
}
