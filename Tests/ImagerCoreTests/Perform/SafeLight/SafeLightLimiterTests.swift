import Foundation
import Testing
@testable import ImagerCore

/// The limiter through `SafeLightGate`, on `PerformState`, with the output's light reckoned
/// frame by frame at 60 Hz from the chords' colours (the GTK tests do it from the pixels
/// drawn).
@Suite struct SafeLightLimiterTests {
    private let chordset = UUID()
    private var setList: [UUID] { [chordset] }

    /// Chord 1 `dark`, chord 2 `bright`.
    private func pictures(dark: RGBAColor, bright: RGBAColor) -> (ChordRef) -> PictureSwatch {
        { $0.slot == 1 ? PictureSwatch(bright) : PictureSwatch(dark) }
    }

    private static let black = RGBAColor(red: 0, green: 0, blue: 0)
    private static let white = RGBAColor(red: 255, green: 255, blue: 255)
    private static let red = RGBAColor(red: 255, green: 0, blue: 0)

    struct Run {
        var state: PerformState
        var gate: SafeLightGate
        var general = FlashTracker(kind: .general)
        var red = FlashTracker(kind: .red)
        var slowed = 0, delayed = 0
    }

    /// Keys alternating chord 2 and chord 1, `perSecond` of them for `seconds`, starting at
    /// 0.5 s; frames every 1/60 s until 4 s after the last key.
    private func play(_ commands: [PerformCommand]? = nil, perSecond: Double, seconds: Double = 3, fade: Double,
                      limited: Bool, pictures: @escaping (ChordRef) -> PictureSwatch) -> Run {
        let keys: [(Double, PerformCommand)] = (commands ?? (0..<Int(perSecond * seconds)).map { .play(slot: ($0 + 1) % 2) })
            .enumerated().map { (0.5 + Double($0.offset) / perSecond, $0.element) }
        var run = Run(state: PerformState(chordsetID: chordset, position: 0, slot: 0, fadeTime: FadeTime(seconds: fade)),
                      gate: SafeLightGate(isOn: limited))
        var next = 0
        let end = (keys.last?.0 ?? 0) + 4
        for frame in 0...Int(end * 60) {
            let time = Double(frame) / 60
            while next < keys.count, keys[next].0 <= time {
                let (at, command) = keys[next]
                _ = run.gate.applyDue(at: at, state: &run.state, picture: pictures)
                switch run.gate.request(command, at: at, state: &run.state, setList: setList, picture: pictures) {
                case .applied(_, slowed: true): run.slowed += 1
                case .delayed: run.delayed += 1
                default: break
                }
                next += 1
            }
            _ = run.gate.applyDue(at: time, state: &run.state, picture: pictures)
            let light = SafeLightGate.light(of: run.state, at: time, picture: pictures)
            run.general.feed(light, at: time)
            run.red.feed(light, at: time)
        }
        return run
    }

    private func most(_ tracker: FlashTracker) -> Int {
        FlashTracker.mostTransitions(tracker.allTransitions.map(\.time))
    }

    @Test(arguments: [5.0, 10, 15, 20], [0.0, 0.15, 0.4])
    func blackAndWhiteNeverFlashMoreThanThreeTimesASecond(perSecond: Double, fade: Double) {
        let pictures = pictures(dark: Self.black, bright: Self.white)
        let limited = play(perSecond: perSecond, fade: fade, limited: true, pictures: pictures)
        #expect(most(limited.general) <= 6, "at most six transitions, three flashes, in any second")
        let lastSlot = Int(perSecond * 3) % 2 == 0 ? 0 : 1
        #expect(limited.state.current.slot == lastSlot, "the last key's chord arrives")
        #expect(limited.gate.pending == nil)
        #expect(SafeLightGate.light(of: limited.state, at: .infinity, picture: pictures) == ScreenLight(lastSlot == 0 ? Self.black : Self.white))
    }

    @Test(arguments: [10.0, 15, 20], [0.0, 0.15])
    func withoutTheLimiterTheSameKeysFlashTooOften(perSecond: Double, fade: Double) {
        let pictures = pictures(dark: Self.black, bright: Self.white)
        // At 20 keys a second a 0.15 s fade barely starts before the next key turns it back:
        // the output only flickers near black, which is no flash.
        guard !(perSecond == 20 && fade > 0) else { return }
        let unlimited = play(perSecond: perSecond, fade: fade, limited: false, pictures: pictures)
        #expect(most(unlimited.general) > 6)
        #expect(unlimited.slowed + unlimited.delayed == 0)
        let limited = play(perSecond: perSecond, fade: fade, limited: true, pictures: pictures)
        #expect(limited.slowed + limited.delayed > 0, "the limiter had something to do")
    }

    /// Five changes a second between black and white are two and a half flashes: allowed.
    @Test func fiveKeysASecondAreLeftAlone() {
        let pictures = pictures(dark: Self.black, bright: Self.white)
        let unlimited = play(perSecond: 5, fade: 0, limited: false, pictures: pictures)
        #expect(most(unlimited.general) == 6, "keys at 0.5, 0.7, ... 1.5: six transitions in one closed second")
        let limited = play(perSecond: 5, fade: 0, limited: true, pictures: pictures)
        #expect(limited.slowed + limited.delayed == 0)
    }

    @Test(arguments: [5.0, 10, 15, 20], [0.0, 0.15])
    func redAndBlackNeverMakeARedFlash(perSecond: Double, fade: Double) {
        let pictures = pictures(dark: Self.black, bright: Self.red)
        let limited = play(perSecond: perSecond, fade: fade, limited: true, pictures: pictures)
        #expect(most(limited.red) <= 1, "no two red transitions within a second")
        #expect(most(limited.general) <= 6)
        let unlimited = play(perSecond: perSecond, fade: fade, limited: false, pictures: pictures)
        #expect(most(unlimited.red) > 1)
    }

    @Test func blackoutKeysAreLimitedToo() {
        let pictures = pictures(dark: Self.black, bright: Self.white)
        let commands = [PerformCommand.play(slot: 1)] + Array(repeating: PerformCommand.blackout(cut: true), count: 40)
        let limited = play(commands, perSecond: 20, fade: 0.15, limited: true, pictures: pictures)
        #expect(most(limited.general) <= 6)
        #expect(!limited.state.isBlackedOut, "an even number of blackouts: lit at the end")
        let unlimited = play(commands, perSecond: 20, fade: 0.15, limited: false, pictures: pictures)
        #expect(most(unlimited.general) > 6)
    }

    @Test func aControllersMasterLevelIsLimitedToo() {
        let pictures = pictures(dark: Self.black, bright: Self.white)
        let dims = (0..<40).map { PerformCommand.dim(master: $0 % 2 == 0 ? 0 : 1, brightness: nil) }
        let commands = [PerformCommand.play(slot: 1)] + dims
        let limited = play(commands, perSecond: 10, fade: 0.15, limited: true, pictures: pictures)
        #expect(most(limited.general) <= 6)
        #expect(limited.state.master == 1, "the last level asked for arrives")
        let unlimited = play(commands, perSecond: 10, fade: 0.15, limited: false, pictures: pictures)
        #expect(most(unlimited.general) > 6)
    }

    @Test func aChordsetTwiceInTheSetListKeepsItsPlaceThroughTheGate() {
        let (a, b) = (UUID(), UUID())
        let walk = [a, b, a]
        let pictures: (ChordRef) -> PictureSwatch = { PictureSwatch($0.chordsetID == a ? Self.black : Self.white) }
        var state = PerformState(chordsetID: a, position: 0, slot: 0, fadeTime: FadeTime(seconds: 0))
        var gate = SafeLightGate()
        _ = gate.request(.nextChordset, at: 10, state: &state, setList: walk, picture: pictures)
        _ = gate.request(.nextChordset, at: 12, state: &state, setList: walk, picture: pictures)
        #expect(state.current.chordsetID == a)
        #expect(state.position(in: walk) == 2, "the second place, where the walk took it, not the first")
        #expect(gate.request(.nextChordset, at: 14, state: &state, setList: walk, picture: pictures) == .applied(.none, slowed: false),
                "the set list's end")
        _ = gate.request(.previousChordset, at: 16, state: &state, setList: walk, picture: pictures)
        #expect(state.current.chordsetID == b)
    }

    @Test func aCalmChangePassesAsAsked() {
        let pictures = pictures(dark: Self.black, bright: Self.white)
        var state = PerformState(chordsetID: chordset, position: 0, slot: 0, fadeTime: FadeTime(seconds: 0.4))
        var gate = SafeLightGate()
        let outcome = gate.request(.play(slot: 1), at: 10, state: &state, setList: setList, picture: pictures)
        #expect(outcome == .applied(.played, slowed: false))
        #expect(state.fade?.duration == 0.4)
        #expect(state.fade?.start == 10)
        #expect(gate.request(.longerFade, at: 10.1, state: &state, setList: setList, picture: pictures) == .applied(.fadeTimeChanged, slowed: false))
    }

    @Test func theNewestRequestWinsOverOneStillWaiting() throws {
        let pictures = pictures(dark: Self.black, bright: Self.white)
        var state = PerformState(chordsetID: chordset, position: 0, slot: 0, fadeTime: FadeTime(seconds: 0))
        var gate = SafeLightGate()
        var time = 0.0
        var waited: Double?
        // Cuts back and forth until the limiter makes one wait.
        for index in 1...80 where waited == nil {
            time += 0.05
            _ = gate.applyDue(at: time, state: &state, picture: pictures)
            if case let .delayed(until) = gate.request(.play(slot: index % 2), at: time, state: &state, setList: setList, picture: pictures) {
                waited = until
            }
        }
        let until = try #require(waited)
        #expect(until > time)
        // Chord 5 asked for meanwhile: it replaces the change waiting, and arrives.
        _ = gate.request(.play(slot: 4), at: time + 0.01, state: &state, setList: setList, picture: pictures)
        var arrived = false
        var clock = time + 0.01
        while clock < time + 4, !arrived {
            clock += 1.0 / 60
            _ = gate.applyDue(at: clock, state: &state, picture: pictures)
            arrived = state.current.slot == 4 && gate.pending == nil
        }
        #expect(arrived)
    }

    @Test func turnedOffItAppliesEverythingAtOnce() {
        let pictures = pictures(dark: Self.black, bright: Self.white)
        let run = play(perSecond: 20, fade: 0, limited: false, pictures: pictures)
        #expect(run.gate.pending == nil)
        #expect(run.state.current.slot == 0)
    }
}
