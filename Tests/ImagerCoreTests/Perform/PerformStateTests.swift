import Foundation
import Testing
@testable import ImagerCore

@Suite struct PerformStateTests {
    private let warm = UUID(), ocean = UUID(), forest = UUID()
    private var setList: [UUID] { [warm, ocean, forest] }

    private func chord(_ id: UUID, _ slot: Int) -> ChordRef { ChordRef(chordsetID: id, slot: slot) }

    private func settled(on slot: Int = 0, fade: Double = 0.15) -> PerformState {
        PerformState(chordsetID: warm, position: 0, slot: slot, fadeTime: FadeTime(seconds: fade))
    }

    @Test func itStartsOnTheGivenChordWithNothingFading() {
        let state = settled(on: 2)
        #expect(state.current == chord(warm, 2))
        #expect(state.fade == nil)
        #expect(state.shown(at: 0) == ChordBlend(chord(warm, 2)))
    }

    @Test func aNumberKeyPlaysThatChordThroughAFadeOfTheChosenLength() throws {
        var state = settled(fade: 0.4)
        let result1 = state.apply(.play(slot: 4), at: 10, setList: setList)
        #expect(result1 == .played)
        #expect(state.current == chord(warm, 4))
        let fade = try #require(state.fade)
        #expect(fade.from == ChordBlend(chord(warm, 0)))
        #expect(fade.duration == 0.4)
        #expect(state.shown(at: 10).weight(of: chord(warm, 0)) == 1)
        let halfway = state.shown(at: 10.2)
        #expect(abs(halfway.weight(of: chord(warm, 4)) - 0.5) < 1e-9)
        #expect(abs(halfway.weight(of: chord(warm, 0)) - 0.5) < 1e-9)
        let result2 = state.advance(to: 10.3)
        #expect(result2)
        let result3 = state.advance(to: 10.4)
        #expect(!result3)
        #expect(state.fade == nil)
        #expect(state.shown(at: 10.5) == ChordBlend(chord(warm, 4)))
    }

    @Test func theFadeEasesInAndOut() {
        let fade = CrossFade(from: ChordBlend(chord(warm, 0)), to: chord(warm, 1), start: 0, duration: 1)
        #expect(fade.opacity(at: 0) == 0)
        #expect(fade.opacity(at: 1) == 1)
        #expect(fade.opacity(at: 0.1) < 0.1, "slow at the start")
        #expect(fade.opacity(at: 0.9) > 0.9, "slow at the end")
        #expect(fade.opacity(at: -1) == 0 && fade.opacity(at: 5) == 1)
    }

    @Test func aKeyDuringAFadeStartsFromWhatIsOnScreenNeverJumps() throws {
        var state = settled(fade: 1)
        _ = state.apply(.play(slot: 1), at: 0, setList: setList)
        let onScreen = state.shown(at: 0.5)
        _ = state.apply(.play(slot: 7), at: 0.5, setList: setList)
        let fade = try #require(state.fade)
        #expect(fade.from == onScreen, "the new fade starts from the mix that was showing")
        #expect(state.shown(at: 0.5) == onScreen, "at the moment of the key, the picture is unchanged")
        #expect(abs(onScreen.weight(of: chord(warm, 0)) - 0.5) < 1e-9)
        #expect(abs(onScreen.weight(of: chord(warm, 1)) - 0.5) < 1e-9)
        // A moment later, all three are mixed, and the weights still add up to one.
        let later = state.shown(at: 0.75)
        #expect(later.weights.count == 3)
        #expect(abs(later.weights.values.reduce(0, +) - 1) < 1e-9)
        #expect(state.shown(at: 1.5) == ChordBlend(chord(warm, 7)))
    }

    @Test func manyInterruptedFadesKeepTheMixSmall() {
        var state = settled(fade: 2)
        for step in 0..<500 {
            _ = state.apply(.play(slot: step % 8), at: Double(step) * 0.05, setList: setList)
        }
        #expect(state.shown(at: 25).weights.count <= 8)
        for weight in state.shown(at: 25).weights.values { #expect(weight >= ChordBlend.negligible) }
    }

    @Test func aZeroFadeTimeCuts() {
        var state = settled(fade: 0)
        _ = state.apply(.play(slot: 3), at: 1, setList: setList)
        #expect(state.fade == nil)
        #expect(state.shown(at: 1) == ChordBlend(chord(warm, 3)))
    }

    @Test func leftAndRightStepAndStopAtTheEnds() {
        var state = settled(on: 0)
        let result4 = state.apply(.previousChord, at: 0, setList: setList)
        #expect(result4 == .none)
        #expect(state.current.slot == 0)
        let result5 = state.apply(.nextChord, at: 0, setList: setList)
        #expect(result5 == .played)
        #expect(state.current.slot == 1)
        var last = settled(on: 7)
        let result6 = last.apply(.nextChord, at: 0, setList: setList)
        #expect(result6 == .none)
        let result7 = last.apply(.previousChord, at: 0, setList: setList)
        #expect(result7 == .played)
        #expect(last.current.slot == 6)
    }

    @Test func spaceReplaysTheCurrentChord() {
        var state = settled(on: 5)
        let result8 = state.apply(.replay, at: 0, setList: setList)
        #expect(result8 == .played)
        #expect(state.current == chord(warm, 5))
        #expect(state.fade == nil, "a settled chord cannot fade to itself")
        _ = state.apply(.play(slot: 2), at: 1, setList: setList)
        let before = state.shown(at: 1.05)
        _ = state.apply(.replay, at: 1.05, setList: setList)
        #expect(state.current == chord(warm, 2))
        #expect(state.shown(at: 1.05) == before, "replaying mid-fade goes on from the screen")
    }

    @Test func pageDownAndUpMoveThroughTheSetListKeepingTheChord() {
        var state = settled(on: 3)
        let result9 = state.apply(.nextChordset, at: 0, setList: setList)
        #expect(result9 == .played)
        #expect(state.current == chord(ocean, 3))
        #expect(state.fade?.from == ChordBlend(chord(warm, 3)))
        _ = state.apply(.nextChordset, at: 1, setList: setList)
        #expect(state.current == chord(forest, 3))
        let result10 = state.apply(.nextChordset, at: 2, setList: setList)
        #expect(result10 == .none, "the last chordset is the end")
        _ = state.apply(.previousChordset, at: 3, setList: setList)
        _ = state.apply(.previousChordset, at: 4, setList: setList)
        #expect(state.current == chord(warm, 3))
        let result11 = state.apply(.previousChordset, at: 5, setList: setList)
        #expect(result11 == .none)
        var list = setList
        let result12 = state.position(in: list)
        #expect(result12 == 0)
        list.insert(UUID(), at: 0)
        let result13 = state.position(in: list)
        #expect(result13 == 1, "found again when the list changed")
    }

    @Test func aChordsetGoneFromTheListMovesToTheNearestOneLeft() {
        var state = PerformState(chordsetID: forest, position: 2)
        let result14 = state.apply(.nextChordset, at: 0, setList: [warm, ocean])
        #expect(result14 == .played)
        #expect(state.current.chordsetID == ocean)
        var lonely = PerformState(chordsetID: forest, position: 0)
        let result15 = lonely.apply(.nextChordset, at: 0, setList: [UUID]())
        #expect(result15 == .none)
    }

    @Test func bracketsChangeTheFadeTimeWithinZeroToTwoSeconds() {
        var state = settled(fade: 0.15)
        let result16 = state.apply(.longerFade, at: 0, setList: setList)
        #expect(result16 == .fadeTimeChanged)
        #expect(state.fadeTime.seconds == 0.25)
        for _ in 0..<20 { _ = state.apply(.longerFade, at: 0, setList: setList) }
        #expect(state.fadeTime.seconds == 2)
        let result17 = state.apply(.longerFade, at: 0, setList: setList)
        #expect(result17 == .none)
        for _ in 0..<20 { _ = state.apply(.shorterFade, at: 0, setList: setList) }
        #expect(state.fadeTime.seconds == 0)
        let result18 = state.apply(.shorterFade, at: 0, setList: setList)
        #expect(result18 == .none)
    }

    @Test func escapeAndF11AreForTheView() {
        var state = settled()
        let result19 = state.apply(.leave, at: 0, setList: setList)
        #expect(result19 == .leave)
        let result20 = state.apply(.toggleFullScreen, at: 0, setList: setList)
        #expect(result20 == .toggleFullScreen)
        #expect(state.current == chord(warm, 0))
    }
}

@Suite struct FadeTimeTests {
    @Test func itIsClampedToZeroToTwoSeconds() {
        #expect(FadeTime(seconds: -1).seconds == 0)
        #expect(FadeTime(seconds: 7).seconds == 2)
        #expect(FadeTime(seconds: 0.7).seconds == 0.7)
        #expect(FadeTime(seconds: .nan) == .standard)
        #expect(FadeTime(seconds: .infinity).seconds == 2)
        #expect(FadeTime.standard.seconds == 0.15)
    }

    @Test func stepsFollowTheLadderFromAnyValue() {
        #expect(FadeTime(seconds: 0.7).longer().seconds == 0.8)
        #expect(FadeTime(seconds: 0.7).shorter().seconds == 0.6)
        #expect(FadeTime(seconds: 0).shorter().seconds == 0)
        #expect(FadeTime(seconds: 0).longer().seconds == 0.05)
    }
}

@Suite struct PerformCommandTests {
    @Test func theNumberRowAndTheKeypadPlayChordsOneToEight() {
        for slot in 0..<8 {
            #expect(PerformCommand.forKey(named: "\(slot + 1)") == .play(slot: slot))
            #expect(PerformCommand.forKey(named: "KP_\(slot + 1)") == .play(slot: slot))
        }
        #expect(PerformCommand.forKey(named: "KP_End") == .play(slot: 0), "keypad 1 without Num Lock")
        #expect(PerformCommand.forKey(named: "KP_Up") == .play(slot: 7), "keypad 8 without Num Lock")
        #expect(PerformCommand.forKey(named: "9") == nil)
        #expect(PerformCommand.forKey(named: "0") == nil)
    }

    @Test func theOtherKeys() {
        #expect(PerformCommand.forKey(named: "Left") == .previousChord)
        #expect(PerformCommand.forKey(named: "Right") == .nextChord)
        #expect(PerformCommand.forKey(named: "space") == .replay)
        #expect(PerformCommand.forKey(named: "bracketleft") == .shorterFade)
        #expect(PerformCommand.forKey(named: "bracketright") == .longerFade)
        #expect(PerformCommand.forKey(named: "Page_Up") == .previousChordset)
        #expect(PerformCommand.forKey(named: "Page_Down") == .nextChordset)
        #expect(PerformCommand.forKey(named: "F11") == .toggleFullScreen)
        #expect(PerformCommand.forKey(named: "Escape") == .leave)
        #expect(PerformCommand.forKey(named: "a") == nil)
        #expect(PerformCommand.forKey(named: "Return") == nil, "Enter is left to the focused strip button")
    }

    @Test func chordsChordsetsAndBlackoutsPlayThePictureSettingsDoNot() {
        let plays: [PerformCommand] = [.play(slot: 2), .previousChord, .nextChord, .replay, .previousChordset,
                                       .nextChordset, .chordset(index: 4), .blackout(cut: false), .blackout(cut: true)]
        let settings: [PerformCommand] = [.shorterFade, .longerFade, .dim(master: 0.5, brightness: nil),
                                          .dim(master: nil, brightness: 0.7), .tapTempo, .toggleFullScreen, .leave]
        for command in plays { #expect(command.playsThePicture, "\(command)") }
        for command in settings { #expect(!command.playsThePicture, "\(command)") }
    }
}
