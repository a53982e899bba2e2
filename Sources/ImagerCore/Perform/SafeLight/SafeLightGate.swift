import Foundation

/// Safe light between the performer and `PerformState`: every command that changes what the
/// output shows (a chord, the next chordset, blackout) goes through here, and
/// `SafeLightLimiter` decides when its fade starts and how long it takes.
///
/// The performer's last request always arrives. Commands are first applied to what the
/// performer has asked for so far (`wish`: Right goes to the chord after the one last asked
/// for, B twice is no blackout), and the output is sent towards that wish as the limiter
/// allows; a change that has to wait sits in `pending` until its time, and a newer request
/// takes its place.
///
/// Turned off, commands apply at once, as asked; the output is still followed, so turning it
/// back on knows what just flashed.
public struct SafeLightGate: Sendable {
    public var isOn: Bool
    private var limiter = SafeLightLimiter()
    /// The chord and blackout asked for so far; nil when the output is there already.
    private var wish: PerformState?
    /// A change waiting for its time, at which `applyDue` applies it.
    public private(set) var pending: Pending?

    public struct Pending: Equatable, Sendable {
        public let chord: ChordRef
        public let blackedOut: Bool
        public let cut: Bool
        public let start: Double
        /// Its fade, when slowed as well; nil for the fade time and curve.
        public let shape: FadeShape?
        /// Where the chordset wished for is in the set list (`PerformState.positionHint`).
        let positionHint: Int
        /// The master level and brightness wished for.
        let master: Double
        let brightness: Double
    }

    /// What a request did to the output's state.
    public enum Outcome: Equatable, Sendable {
        /// Applied now; `slowed` when its fades were made longer than asked.
        case applied(PerformState.Effect, slowed: Bool)
        /// Waiting in `pending` until `until`.
        case delayed(until: Double)
    }

    public init(isOn: Bool = true) {
        self.isOn = isOn
    }

    /// Whether `command` can change the output's light.
    public static func changesLight(_ command: PerformCommand) -> Bool {
        switch command {
        case .play, .previousChord, .nextChord, .replay, .previousChordset, .nextChordset, .chordset, .blackout, .dim: true
        case .shorterFade, .longerFade, .tapTempo, .toggleFullScreen, .leave: false
        }
    }

    /// The chord the performer asked for last (the output may still be on its way to it).
    public func wishedChord(_ state: PerformState) -> ChordRef { wish?.current ?? state.current }

    /// `command`, asked for at `time`: applied to `state` now (perhaps slowed), or delayed.
    /// `picture` gives each chord's swatch, to reckon the output's light with.
    public mutating func request<IDs: RandomAccessCollection>(
        _ command: PerformCommand, at time: Double, state: inout PerformState, setList: IDs,
        picture: @escaping (ChordRef) -> PictureSwatch
    ) -> Outcome where IDs.Element == UUID, IDs.Index == Int {
        guard Self.changesLight(command) else {
            return .applied(state.apply(command, at: time, setList: setList), slowed: false)
        }
        limiter.follow(Self.plan(of: state, picture: picture), until: time)
        guard isOn else {
            pending = nil
            wish = nil
            return .applied(state.apply(command, at: time, setList: setList), slowed: false)
        }
        var wished = wish ?? state
        let effect = wished.apply(command, at: time, setList: setList)
        guard effect != .none else { return .applied(.none, slowed: false) }
        wish = wished
        // The newest request wins: a change still waiting will never show.
        pending = nil
        let cut = command == .blackout(cut: true)
        let asked = Self.askedShape(cut: cut, in: state)
        let before = state
        let target = (chord: wished.current, black: wished.isBlackedOut, master: wished.master, brightness: wished.brightness)
        // The output as it stands is the same for every start and length tried: each moment
        // of it is reckoned once.
        let old = Self.plan(of: before, picture: picture)
        let remembered = LightMemo(old.light)
        let (start, seconds) = limiter.schedule(at: time, duration: asked.isCut ? 0 : asked.seconds,
                                                settles: Self.settles(state)) { start, seconds in
            var after = before
            after.show(target.chord, blackedOut: target.black, cut: cut, at: start, shape: Self.shape(asked, lasting: seconds))
            after.setMaster(target.master)
            after.setBrightness(target.brightness)
            let new = Self.plan(of: after, picture: picture)
            return SafeLightLimiter.Plan(light: { $0 < start ? remembered.light(at: $0) : new.light($0) },
                                         corners: old.corners.filter { $0 < start } + [start] + new.corners,
                                         settled: max(start, new.settled))
        }
        let shape = Self.shape(asked, lasting: seconds)
        guard start <= time else {
            pending = Pending(chord: target.chord, blackedOut: target.black, cut: cut, start: start, shape: shape,
                              positionHint: wished.positionHint, master: target.master, brightness: target.brightness)
            return .delayed(until: start)
        }
        state.positionHint = wished.positionHint
        let outcome = Self.reach(&state, chord: target.chord, blackedOut: target.black, cut: cut, at: time, shape: shape,
                                 master: target.master, brightness: target.brightness, effect: effect)
        wish = nil
        return .applied(outcome, slowed: shape != nil)
    }

    /// Applies the change waiting in `pending` if its time has come by `time`, at its own
    /// time; nil if there is none, or not yet.
    public mutating func applyDue(at time: Double, state: inout PerformState,
                                  picture: @escaping (ChordRef) -> PictureSwatch) -> PerformState.Effect? {
        guard let waiting = pending, waiting.start <= time else { return nil }
        pending = nil
        wish = nil
        limiter.follow(Self.plan(of: state, picture: picture), until: waiting.start)
        state.positionHint = waiting.positionHint
        return Self.reach(&state, chord: waiting.chord, blackedOut: waiting.blackedOut, cut: waiting.cut,
                          at: waiting.start, shape: waiting.shape, master: waiting.master, brightness: waiting.brightness,
                          effect: nil)
    }

    /// Follows the output's light up to `time` (a frame's): called before
    /// `PerformState.advance` forgets a fade that has ended, whose frames it must still see.
    public mutating func follow(_ state: PerformState, until time: Double, picture: @escaping (ChordRef) -> PictureSwatch) {
        guard time > limiter.followedUntil ?? -.infinity else { return }
        limiter.follow(Self.plan(of: state, picture: picture), until: time)
    }

    /// The transitions of `kind` the output has made, as far as followed.
    public func transitions(of kind: FlashKind) -> [FlashTracker.Transition] {
        limiter.transitions(of: kind)
    }

    /// Brings `state` to the chord, blackout and dimming wished for; what it did, for the
    /// view (a blackout that changed over a chord that did too is told as a blackout: the
    /// view shows all of it whatever it is told).
    private static func reach(_ state: inout PerformState, chord: ChordRef, blackedOut: Bool, cut: Bool,
                              at time: Double, shape: FadeShape?, master: Double, brightness: Double,
                              effect: PerformState.Effect?) -> PerformState.Effect {
        let before = state
        state.show(chord, blackedOut: blackedOut, cut: cut, at: time, shape: shape)
        state.setMaster(master)
        state.setBrightness(brightness)
        if state.isBlackedOut != before.isBlackedOut { return .blackoutChanged }
        if state.current != before.current || effect == .played { return .played }
        if state.master != before.master || state.brightness != before.brightness { return .dimmed }
        return .none
    }

    // MARK: The output's light

    /// What `state` shows from now on, as light.
    static func plan(of state: PerformState, picture: @escaping (ChordRef) -> PictureSwatch) -> SafeLightLimiter.Plan {
        var corners: [Double] = []
        if let fade = state.fade { corners += [fade.start, fade.start + fade.duration] }
        if let black = state.blackFade { corners += [black.start, black.start + black.duration] }
        return SafeLightLimiter.Plan(light: { light(of: state, at: $0, picture: picture) },
                                     corners: corners, settled: corners.max() ?? -.infinity)
    }

    /// The output's light when `state` shows what it shows at `time`.
    public static func light(of state: PerformState, at time: Double, picture: (ChordRef) -> PictureSwatch) -> ScreenLight {
        let mix = state.shown(at: time).weights.sorted { $0.key.slot < $1.key.slot }.map { (picture($0.key), $0.value) }
        return PictureSwatch.light(of: mix, blackness: state.blackness(at: time))
    }

    /// When the fades under way end.
    private static func settles(_ state: PerformState) -> Double {
        max(state.fade.map { $0.start + $0.duration } ?? -.infinity,
            state.blackFade.map { $0.start + $0.duration } ?? -.infinity)
    }

    /// The fade a change would have as the performer asked it.
    private static func askedShape(cut: Bool, in state: PerformState) -> FadeShape {
        FadeShape(seconds: cut ? 0 : state.fadeTime.seconds, curve: state.fadeCurve)
    }

    /// The fade to give a change asked as `asked` that is to last `seconds`: nil when that is
    /// what was asked; a cut made longer fades evenly.
    private static func shape(_ asked: FadeShape, lasting seconds: Double) -> FadeShape? {
        let askedSeconds = asked.isCut ? 0 : asked.seconds
        guard seconds > askedSeconds else { return nil }
        return FadeShape(seconds: seconds, curve: asked.curve == .cut ? .linear : asked.curve)
    }
}

/// A light function's values, kept by time.
private final class LightMemo {
    private let compute: (Double) -> ScreenLight
    private var known: [Double: ScreenLight] = [:]

    init(_ compute: @escaping (Double) -> ScreenLight) {
        self.compute = compute
    }

    func light(at time: Double) -> ScreenLight {
        if let light = known[time] { return light }
        let light = compute(time)
        known[time] = light
        return light
    }
}
