import Foundation
import Testing
@testable import ImagerCore

@Suite struct TapTempoTests {
    @Test func twoTapsGiveAFirstTempo() {
        var tempo = TapTempo()
        #expect(tempo.tap(at: 10) == nil)
        #expect(tempo.tap(at: 10.5) == 120)
    }

    @Test func theMedianIntervalIgnoresAStrayTap() throws {
        var tempo = TapTempo()
        // 0.5 s apart (120 BPM), with the last tap late by 0.4 s: the average would say 103.
        for time in [0, 0.5, 1.0, 1.5, 2.0, 2.9] { _ = tempo.tap(at: time) }
        let bpm = try #require(tempo.bpm)
        #expect(abs(bpm - 120) < 1e-9, "\(bpm)")
    }

    @Test func anEvenCountOfIntervalsTakesTheMiddleTwo() throws {
        var tempo = TapTempo()
        for time in [0, 0.4, 0.9, 1.5, 2.1] { _ = tempo.tap(at: time) }  // intervals 0.4 0.5 0.6 0.6
        let bpm = try #require(tempo.bpm)
        #expect(abs(bpm - 60 / 0.55) < 1e-9, "\(bpm)")
    }

    @Test func onlyTheLastEightTapsCount() {
        var tempo = TapTempo()
        for index in 0..<20 { _ = tempo.tap(at: Double(index) * 0.5) }
        #expect(tempo.taps.count == TapTempo.keptTaps)
        for index in 1...5 { _ = tempo.tap(at: 9.5 + Double(index) * 0.25) }
        // Five intervals of 0.25 s now outnumber the two of 0.5 s left among the last seven.
        #expect(tempo.bpm == 240)
    }

    @Test func aLongPauseStartsAfresh() {
        var tempo = TapTempo()
        _ = tempo.tap(at: 0)
        _ = tempo.tap(at: 1)
        #expect(tempo.tap(at: 3.25) == nil, "more than two seconds on: the old taps no longer count")
        #expect(tempo.tap(at: 3.75) == 120)
    }

    @Test func aClockGoingBackStartsAfreshAndTempoStaysInRange() {
        var tempo = TapTempo()
        _ = tempo.tap(at: 5)
        #expect(tempo.tap(at: 4) == nil)
        #expect(tempo.tap(at: 4.001) == Tempo.bpmRange.upperBound)
        #expect(Tempo.clamp(.nan) == Tempo.standardBPM)
    }
}

@Suite struct FollowTempoTests {
    @Test func offHasNoInterval() {
        #expect(FollowTempo().interval(bpm: 120) == nil)
        #expect(FollowTempo().nextStep(after: 0, origin: 0, bpm: 120) == nil)
    }

    @Test func stepsEveryOneTwoFourOrEightBeats() {
        #expect(FollowTempo(beats: .one).interval(bpm: 120) == 0.5)
        #expect(FollowTempo(beats: .two).interval(bpm: 120) == 1)
        #expect(FollowTempo(beats: .four).interval(bpm: 120) == 2)
        #expect(FollowTempo(beats: .eight).interval(bpm: 60) == 8)
    }

    @Test func stepsFallOnTheBeatGridOfTheOrigin() {
        let follow = FollowTempo(beats: .two)
        #expect(follow.nextStep(after: 10, origin: 10, bpm: 120) == 11)
        #expect(follow.nextStep(after: 10.99, origin: 10, bpm: 120) == 11)
        #expect(follow.nextStep(after: 11, origin: 10, bpm: 120) == 12)
        #expect(follow.nextStep(after: 9, origin: 10, bpm: 120) == 11, "never before the origin's first step")
    }

    @Test func inOrderWrapsAfterTheLastChord() {
        var random = SystemRandomNumberGenerator()
        let follow = FollowTempo(beats: .one, order: .inOrder)
        #expect(follow.slot(after: 0, using: &random) == 1)
        #expect(follow.slot(after: 7, using: &random) == 0)
    }

    @Test func atRandomNeverRepeatsAndReachesEveryOtherChord() {
        var random = SystemRandomNumberGenerator()
        let follow = FollowTempo(beats: .one, order: .random)
        for slot in 0..<8 {
            var seen = Set<Int>()
            for _ in 0..<400 { seen.insert(follow.slot(after: slot, using: &random)) }
            #expect(seen == Set(0..<8).subtracting([slot]), "from \(slot)")
        }
    }

    @Test func orderIsStoredByName() {
        #expect(FollowTempo.Order(storedName: "random") == .random)
        #expect(FollowTempo.Order(storedName: "in-order") == .inOrder)
        #expect(FollowTempo.Order(storedName: "sideways") == .inOrder)
        #expect(FollowTempo.Order(storedName: nil) == .inOrder)
    }
}

@Suite struct ControllerStateTests {
    private let warm = UUID(), ocean = UUID(), dusk = UUID()

    @Test func masterAndBrightnessDimUnderTheBlackout() {
        var state = PerformState(chordsetID: warm, position: 0, fadeTime: FadeTime(seconds: 0))
        state.setMaster(0.5)
        #expect(state.blackness(at: 0) == 0.5)
        state.setBrightness(0.5)
        #expect(state.blackness(at: 0) == 0.75)
        state.setBlackout(true, at: 0)
        #expect(state.blackness(at: 0) == 1)
        state.setBlackout(false, at: 1)
        state.setMaster(.nan)
        state.setMaster(3)
        state.setBrightness(1)
        #expect(state.blackness(at: 1) == 0)
    }

    @Test func aChordsetByNumberKeepsTheChordAndIgnoresNumbersPastTheEnd() {
        var state = PerformState(chordsetID: warm, position: 0, slot: 3, fadeTime: FadeTime(seconds: 0))
        let list = [warm, ocean, dusk]
        #expect(state.goToChordset(index: 2, in: list, at: 0) == .played)
        #expect(state.current == ChordRef(chordsetID: dusk, slot: 3))
        #expect(state.goToChordset(index: 3, in: list, at: 0) == .none)
        #expect(state.goToChordset(index: 2, in: list, at: 0) == .none, "already playing")
        #expect(state.apply(.previousChordset, at: 0, setList: list) == .played)
        #expect(state.current.chordsetID == ocean, "the position followed the jump")
    }
}

@Suite struct FadeBeatsTests {
    @Test func beatsBecomeSecondsAtTheTempoClampedLikeAnyFade() {
        #expect(FadeBeats.off.fadeTime(bpm: 120) == nil)
        #expect(FadeBeats.one.fadeTime(bpm: 120) == FadeTime(seconds: 0.5))
        #expect(FadeBeats.half.fadeTime(bpm: 60) == FadeTime(seconds: 0.5))
        #expect(FadeBeats.quarter.fadeTime(bpm: 150) == FadeTime(seconds: 0.1))
        #expect(FadeBeats.two.fadeTime(bpm: 30) == FadeTime(seconds: 2), "four seconds, clamped")
    }

    @Test func anythingButAStoredChoiceIsOff() {
        #expect(FadeBeats(stored: 0.5) == .half)
        #expect(FadeBeats(stored: 3) == .off)
        #expect(FadeBeats(stored: .nan) == .off)
    }
}
