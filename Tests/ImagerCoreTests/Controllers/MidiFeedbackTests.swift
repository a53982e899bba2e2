import Testing
@testable import ImagerCore

@Suite struct MidiFeedbackTests {
    @Test func aDeviceThatNeverPlayedAChordGetsNoLights() {
        let interpreter = MidiInterpreter()
        #expect(interpreter.feedback(liveSlot: 0, for: "synth") == [])
        #expect(interpreter.devicesToLight == [])
    }

    @Test func theLiveChordsPadIsLitAndTheOthersDarkOnTheBankAndChannelPlayed() {
        var interpreter = MidiInterpreter()
        _ = interpreter.receive([0x99, 38, 90], from: "pads")
        #expect(interpreter.devicesToLight == ["pads"])
        let lights = interpreter.feedback(liveSlot: 2, for: "pads")
        #expect(lights.count == 8)
        for (slot, note) in (36...43).enumerated() {
            let expected: MidiMessage = slot == 2 ? .noteOn(channel: 9, note: UInt8(note), velocity: 127) : .noteOff(channel: 9, note: UInt8(note))
            #expect(lights[slot] == expected)
        }
        #expect(lights[2].bytes == [0x99, 38, 127])
        #expect(lights[0].bytes == [0x99, 36, 0], "dark: a note-on with velocity 0")
    }

    @Test func keysPlayedLightTheWhiteKeys() {
        var interpreter = MidiInterpreter()
        _ = interpreter.receive([0x90, 72, 90], from: "keys")
        #expect(interpreter.feedback(liveSlot: 7, for: "keys").filter { if case .noteOn = $0 { true } else { false } } == [.noteOn(channel: 0, note: 72, velocity: 127)])
    }

    @Test func nothingLiveDarkensEveryPad() {
        var interpreter = MidiInterpreter()
        _ = interpreter.receive([0x90, 36, 90], from: "pads")
        #expect(interpreter.feedback(liveSlot: nil, for: "pads").allSatisfy { if case .noteOff = $0 { true } else { false } })
    }

    @Test func learnedChordControlsAreLitAsTheyWereLearned() {
        var settings = MidiSettings()
        settings.learn(.chord(0), on: MidiControl(kind: .cc, channel: 0, number: 20), of: "d")
        settings.learn(.chord(1), on: MidiControl(kind: .note, channel: 1, number: 80), of: "d")
        settings.learn(.blackout, on: MidiControl(kind: .note, channel: 1, number: 81), of: "d")
        let interpreter = MidiInterpreter(settings: settings)
        #expect(interpreter.devicesToLight == ["d"])
        #expect(interpreter.feedback(liveSlot: 0, for: "d") == [.noteOff(channel: 1, note: 80), .controlChange(channel: 0, controller: 20, value: 127)])
        #expect(interpreter.feedback(liveSlot: 1, for: "d") == [.noteOn(channel: 1, note: 80, velocity: 127), .controlChange(channel: 0, controller: 20, value: 0)])
    }

    @Test func aDefaultPadLearnedForSomethingElseIsNotLitAsAChord() {
        var settings = MidiSettings()
        settings.learn(.blackout, on: MidiControl(kind: .note, channel: 9, number: 36), of: "pads")
        var interpreter = MidiInterpreter(settings: settings)
        _ = interpreter.receive([0x99, 37, 90], from: "pads")
        let notes = interpreter.feedback(liveSlot: 1, for: "pads").compactMap { message -> UInt8? in
            switch message {
            case let .noteOn(_, note, _), let .noteOff(_, note): note
            default: nil
            }
        }
        #expect(notes == Array(37...43))
    }
}
