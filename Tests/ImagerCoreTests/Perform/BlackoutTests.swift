import Foundation
import Testing
@testable import ImagerCore

@Suite struct BlackoutTests {
    private let warm = UUID(), ocean = UUID()
    private var setList: [UUID] { [warm, ocean] }

    private func settled(fade: Double = 1, curve: FadeCurve = .linear) -> PerformState {
        PerformState(chordsetID: warm, position: 0, slot: 2, fadeTime: FadeTime(seconds: fade), fadeCurve: curve)
    }

    @Test func bAndShiftBAreBlackoutKeysWhateverCapsLockDoes() {
        #expect(PerformCommand.forKey(named: "b") == .blackout(cut: false))
        #expect(PerformCommand.forKey(named: "B") == .blackout(cut: false), "Caps Lock gives B without Shift")
        #expect(PerformCommand.forKey(named: "B", shift: true) == .blackout(cut: true))
        #expect(PerformCommand.forKey(named: "b", shift: true) == .blackout(cut: true), "Shift with Caps Lock")
    }

    @Test func itStartsLitWithNoBlack() {
        let state = settled()
        #expect(!state.isBlackedOut)
        #expect(state.blackness(at: 0) == 0)
    }

    @Test func bFadesToBlackOverTheFadeTimeAlongTheCurve() throws {
        var state = settled(fade: 0.4, curve: .linear)
        let result1 = state.apply(.blackout(cut: false), at: 10, setList: setList)
        #expect(result1 == .blackoutChanged)
        #expect(state.isBlackedOut)
        let fade = try #require(state.blackFade)
        #expect(fade.duration == 0.4)
        #expect(state.blackness(at: 10) == 0, "nothing jumps at the key")
        #expect(abs(state.blackness(at: 10.1) - 0.25) < 1e-9)
        #expect(abs(state.blackness(at: 10.2) - 0.5) < 1e-9)
        let result2 = state.advance(to: 10.3)
        #expect(result2)
        let result3 = state.advance(to: 10.4)
        #expect(!result3)
        #expect(state.blackFade == nil)
        #expect(state.blackness(at: 11) == 1)
        #expect(state.current == ChordRef(chordsetID: warm, slot: 2), "the live chord is kept")
    }

    @Test func theSmoothCurveShapesTheFadeToBlackToo() {
        var state = settled(fade: 1, curve: .smooth)
        _ = state.apply(.blackout(cut: false), at: 0, setList: setList)
        #expect(state.blackness(at: 0.1) < 0.05)
        #expect(abs(state.blackness(at: 0.5) - 0.5) < 1e-9)
    }

    @Test func shiftBCutsToBlackAtOnce() {
        var state = settled(fade: 2)
        let result4 = state.apply(.blackout(cut: true), at: 5, setList: setList)
        #expect(result4 == .blackoutChanged)
        #expect(state.isBlackedOut)
        #expect(state.blackFade == nil)
        #expect(state.blackness(at: 5) == 1)
    }

    @Test func theCutCurveOrAZeroFadeTimeCutsToBlackToo() {
        var cutCurve = settled(fade: 1, curve: .cut)
        _ = cutCurve.apply(.blackout(cut: false), at: 0, setList: setList)
        #expect(cutCurve.blackness(at: 0) == 1 && cutCurve.blackFade == nil)
        var noTime = settled(fade: 0)
        _ = noTime.apply(.blackout(cut: false), at: 0, setList: setList)
        #expect(noTime.blackness(at: 0) == 1 && noTime.blackFade == nil)
    }

    @Test func bAgainFadesBackToTheLiveChord() throws {
        var state = settled(fade: 0.5, curve: .linear)
        _ = state.apply(.blackout(cut: false), at: 0, setList: setList)
        state.advance(to: 1)
        let result5 = state.apply(.blackout(cut: false), at: 2, setList: setList)
        #expect(result5 == .blackoutChanged)
        #expect(!state.isBlackedOut)
        #expect(state.blackness(at: 2) == 1)
        #expect(abs(state.blackness(at: 2.25) - 0.5) < 1e-9)
        state.advance(to: 2.5)
        #expect(state.blackness(at: 3) == 0)
        #expect(state.shown(at: 3) == ChordBlend(ChordRef(chordsetID: warm, slot: 2)))
    }

    @Test func shiftBWhileBlackCutsBack() {
        var state = settled(fade: 1)
        _ = state.apply(.blackout(cut: false), at: 0, setList: setList)
        _ = state.apply(.blackout(cut: true), at: 0.5, setList: setList)
        #expect(!state.isBlackedOut)
        #expect(state.blackness(at: 0.5) == 0)
        #expect(state.blackFade == nil)
    }

    @Test func bDuringAFadeToBlackTurnsBackFromTheBlackOnScreenNeverJumps() throws {
        var state = settled(fade: 1, curve: .linear)
        _ = state.apply(.blackout(cut: false), at: 0, setList: setList)
        let onScreen = state.blackness(at: 0.3)
        _ = state.apply(.blackout(cut: false), at: 0.3, setList: setList)
        let fade = try #require(state.blackFade)
        #expect(abs(fade.from - onScreen) < 1e-12)
        #expect(fade.to == 0)
        #expect(abs(state.blackness(at: 0.3) - 0.3) < 1e-9)
    }

    @Test func aChordPlayedDuringBlackoutBecomesLiveButStaysBlackUntilB() {
        var state = settled(fade: 0.5, curve: .linear)
        _ = state.apply(.blackout(cut: true), at: 0, setList: setList)
        let result6 = state.apply(.play(slot: 6), at: 1, setList: setList)
        #expect(result6 == .played)
        #expect(state.current == ChordRef(chordsetID: warm, slot: 6))
        #expect(state.isBlackedOut)
        #expect(state.blackness(at: 1.25) == 1, "still black while the chord fades in underneath")
        #expect(state.blackness(at: 5) == 1)
        _ = state.apply(.nextChordset, at: 6, setList: setList)
        #expect(state.current == ChordRef(chordsetID: ocean, slot: 6))
        #expect(state.blackness(at: 6) == 1)
        _ = state.apply(.blackout(cut: false), at: 10, setList: setList)
        state.advance(to: 11)
        #expect(state.blackness(at: 11) == 0)
        #expect(state.shown(at: 11) == ChordBlend(ChordRef(chordsetID: ocean, slot: 6)), "back on the chord chosen in the dark")
    }

    @Test func advanceGoesOnWhileEitherFadeDoes() {
        var state = settled(fade: 1, curve: .linear)
        _ = state.apply(.play(slot: 4), at: 0, setList: setList)
        _ = state.apply(.blackout(cut: false), at: 0.5, setList: setList)
        let result7 = state.advance(to: 1.2)
        #expect(result7, "the chord's fade is over, the black's is not")
        #expect(state.fade == nil)
        #expect(state.blackFade != nil)
        let result8 = state.advance(to: 1.5)
        #expect(!result8)
    }

    @Test func theCutCurvePlaysChordsAtOnceAndANewCurveShapesTheNextFade() throws {
        var state = settled(fade: 1, curve: .cut)
        _ = state.apply(.play(slot: 5), at: 0, setList: setList)
        #expect(state.fade == nil)
        #expect(state.shown(at: 0) == ChordBlend(ChordRef(chordsetID: warm, slot: 5)))
        state.setFadeCurve(.linear)
        _ = state.apply(.play(slot: 1), at: 1, setList: setList)
        let fade = try #require(state.fade)
        #expect(fade.curve == .linear)
        #expect(abs(fade.opacity(at: 1.25) - 0.25) < 1e-12)
    }
}
