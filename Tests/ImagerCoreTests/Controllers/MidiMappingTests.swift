import Testing
@testable import ImagerCore

@Suite struct MidiMappingTests {
    private func actions(_ bytes: [UInt8], from device: String = "pads", _ interpreter: inout MidiInterpreter) -> [ControllerAction] {
        interpreter.receive(bytes, from: device).compactMap { if case let .action(action) = $0 { action } else { nil } }
    }

    private func actions(_ bytes: [UInt8], settings: MidiSettings = MidiSettings()) -> [ControllerAction] {
        var interpreter = MidiInterpreter(settings: settings)
        return actions(bytes, &interpreter)
    }

    @Test func whiteKeysFromMiddleCAndTheFirstPadBankPlayChordsOneToEightOnAnyChannel() {
        for (slot, note) in [60, 62, 64, 65, 67, 69, 71, 72].enumerated() {
            #expect(actions([0x90, UInt8(note), 127]) == [.play(slot: slot, brightness: 1)])
        }
        for (slot, note) in (36...43).enumerated() {
            #expect(actions([0x99, UInt8(note), 127]) == [.play(slot: slot, brightness: 1)])
        }
        #expect(actions([0x90, 61, 127, 0x90, 44, 127, 0x90, 35, 127, 0x90, 73, 127]) == [], "black keys and other notes do nothing")
        #expect(actions([0x80, 60, 0, 0x90, 60, 0]) == [], "releasing a key does nothing")
    }

    @Test func velocitySetsTheBrightnessUnlessIgnored() {
        #expect(actions([0x90, 62, 64]) == [.play(slot: 1, brightness: 64.0 / 127)])
        var settings = MidiSettings()
        settings.ignoresVelocity = true
        #expect(actions([0x90, 62, 64], settings: settings) == [.play(slot: 1, brightness: 1)])
    }

    @Test func modulationSetsTheFadeTimeAcrossItsRangeAndVolumeIsMaster() {
        #expect(actions([0xB0, 1, 0]) == [.fade(seconds: FadeTime.range.lowerBound)])
        #expect(actions([0xB5, 1, 127]) == [.fade(seconds: FadeTime.range.upperBound)])
        #expect(actions([0xB0, 7, 127, 0xB0, 7, 0]) == [.master(level: 1), .master(level: 0)])
        #expect(actions([0xB0, 10, 127]) == [], "other controls do nothing")
    }

    @Test func programChangeNSelectsChordsetN() {
        #expect(actions([0xC0, 0, 0xCF, 4]) == [.chordset(index: 0), .chordset(index: 4)])
    }

    @Test func learningMapsTheNextControlPressedAndItNoLongerDoesItsDefault() {
        var interpreter = MidiInterpreter()
        interpreter.learn(.blackout)
        // The release of a key held before learning is not what is learned.
        #expect(interpreter.receive([0x80, 50, 0], from: "pads") == [])
        #expect(interpreter.learning == .blackout)
        #expect(interpreter.receive([0x99, 36, 100], from: "pads") == [.learned(device: "pads", control: MidiControl(kind: .note, channel: 9, number: 36), action: .blackout)])
        #expect(interpreter.learning == nil)
        #expect(actions([0x99, 36, 100], from: "pads", &interpreter) == [.toggleBlackout])
        #expect(actions([0x89, 36, 0], from: "pads", &interpreter) == [])
        // Another device, or another channel, still has the default.
        #expect(actions([0x99, 36, 127], from: "keys", &interpreter) == [.play(slot: 0, brightness: 1)])
        #expect(actions([0x90, 36, 127], from: "pads", &interpreter) == [.play(slot: 0, brightness: 1)])
    }

    @Test func everyActionCanBeLearnedOnAControl() {
        let expected: [MidiMappedAction: ControllerAction] = [
            .chord(2): .play(slot: 2, brightness: 1), .nextChord: .nextChord, .previousChord: .previousChord,
            .nextChordset: .nextChordset, .previousChordset: .previousChordset, .blackout: .toggleBlackout,
            .fadeTime: .fade(seconds: FadeTime.range.upperBound), .master: .master(level: 1), .tapTempo: .tap,
        ]
        for (action, result) in expected {
            var interpreter = MidiInterpreter()
            interpreter.learn(action)
            _ = interpreter.receive([0xB2, 20, 127], from: "knobs")
            #expect(interpreter.settings.learned["knobs"] == [MidiControl(kind: .cc, channel: 2, number: 20): action])
            #expect(actions([0xB2, 20, 127], from: "knobs", &interpreter) == [result], "\(action)")
        }
    }

    @Test func learnedButtonsActWhenPressedAndKnobsFollowTheirValue() {
        var settings = MidiSettings()
        settings.learn(.nextChord, on: MidiControl(kind: .cc, channel: 0, number: 20), of: "d")
        settings.learn(.master, on: MidiControl(kind: .cc, channel: 0, number: 21), of: "d")
        settings.learn(.chord(4), on: MidiControl(kind: .note, channel: 0, number: 50), of: "d")
        var interpreter = MidiInterpreter(settings: settings)
        #expect(actions([0xB0, 20, 127, 0xB0, 20, 0], from: "d", &interpreter) == [.nextChord], "a button's release does nothing")
        #expect(actions([0xB0, 21, 0], from: "d", &interpreter) == [.master(level: 0)], "a fader at 0 is master 0")
        #expect(actions([0x90, 50, 127], from: "d", &interpreter) == [.play(slot: 4, brightness: 1)])
    }

    @Test func learningAnActionAgainMovesItAndAControlDoesOneThing() {
        var settings = MidiSettings()
        let pad1 = MidiControl(kind: .note, channel: 9, number: 36), pad2 = MidiControl(kind: .note, channel: 9, number: 37)
        settings.learn(.blackout, on: pad1, of: "d")
        settings.learn(.blackout, on: pad2, of: "d")
        #expect(settings.learned["d"] == [pad2: .blackout])
        settings.learn(.tapTempo, on: pad2, of: "d")
        #expect(settings.learned["d"] == [pad2: .tapTempo])
        settings.forget(pad2, of: "d")
        #expect(settings.learned["d"] == nil)
    }

    @Test func aSwitchedOffSourceIsNotHeard() {
        var settings = MidiSettings()
        settings.setEnabled(false, "pads")
        var interpreter = MidiInterpreter(settings: settings)
        #expect(actions([0x90, 60, 127], from: "pads", &interpreter) == [])
        #expect(actions([0x90, 60, 127], from: "keys", &interpreter) == [.play(slot: 0, brightness: 1)])
    }

    @Test func runningStatusIsKeptPerSource() {
        var interpreter = MidiInterpreter()
        #expect(actions([0x90, 60, 127], from: "a", &interpreter) == [.play(slot: 0, brightness: 1)])
        #expect(actions([0xB0, 7, 0], from: "b", &interpreter) == [.master(level: 0)])
        // "a" continues its note-on running status; "b" its control change.
        #expect(actions([62, 127], from: "a", &interpreter) == [.play(slot: 1, brightness: 1)])
        #expect(actions([7, 127], from: "b", &interpreter) == [.master(level: 1)])
    }
}
