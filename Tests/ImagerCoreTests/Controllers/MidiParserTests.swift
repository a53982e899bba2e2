import Testing
@testable import ImagerCore

@Suite struct MidiParserTests {
    private func parse(_ bytes: [UInt8]) -> [MidiMessage] {
        var parser = MidiParser()
        return parser.parse(bytes)
    }

    @Test func notesOnAndOffOnAnyChannel() {
        #expect(parse([0x90, 60, 100]) == [.noteOn(channel: 0, note: 60, velocity: 100)])
        #expect(parse([0x9F, 36, 1]) == [.noteOn(channel: 15, note: 36, velocity: 1)])
        #expect(parse([0x85, 60, 64]) == [.noteOff(channel: 5, note: 60)])
    }

    @Test func aNoteOnWithVelocityZeroIsANoteOff() {
        #expect(parse([0x92, 60, 0]) == [.noteOff(channel: 2, note: 60)])
    }

    @Test func controlAndProgramChanges() {
        #expect(parse([0xB0, 7, 127, 0xC3, 4]) == [.controlChange(channel: 0, controller: 7, value: 127), .programChange(channel: 3, program: 4)])
    }

    @Test func runningStatusRepeatsTheLastStatus() {
        // Three notes under one status byte, the last released with velocity 0.
        #expect(parse([0x90, 60, 100, 62, 90, 60, 0]) == [
            .noteOn(channel: 0, note: 60, velocity: 100), .noteOn(channel: 0, note: 62, velocity: 90), .noteOff(channel: 0, note: 60),
        ])
        #expect(parse([0xC1, 1, 2, 3]) == [.programChange(channel: 1, program: 1), .programChange(channel: 1, program: 2), .programChange(channel: 1, program: 3)])
        #expect(parse([0xB0, 1, 10, 1, 20]) == [.controlChange(channel: 0, controller: 1, value: 10), .controlChange(channel: 0, controller: 1, value: 20)])
    }

    @Test func runningStatusCarriesAcrossCalls() {
        var parser = MidiParser()
        #expect(parser.parse([0x90, 60]) == [])
        #expect(parser.parse([100, 64]) == [.noteOn(channel: 0, note: 60, velocity: 100)])
        #expect(parser.parse([80]) == [.noteOn(channel: 0, note: 64, velocity: 80)])
    }

    @Test func realTimeBytesInsideAMessageDoNotBreakIt() {
        #expect(parse([0x90, 0xF8, 60, 0xFE, 100]) == [.noteOn(channel: 0, note: 60, velocity: 100)])
    }

    @Test func systemExclusiveIsSkippedAndCancelsRunningStatus() {
        #expect(parse([0x90, 60, 100, 0xF0, 0x7E, 60, 100, 0xF7, 62, 100]) == [.noteOn(channel: 0, note: 60, velocity: 100)])
    }

    @Test func messagesImagerDoesNotUseAreReadAndDropped() {
        // Pitch bend (2 data bytes) and channel pressure (1) keep the stream in step.
        #expect(parse([0xE0, 0, 64, 0xD0, 60, 0x90, 60, 100]) == [.noteOn(channel: 0, note: 60, velocity: 100)])
        #expect(parse([0xE0, 0, 64, 60]) == [], "running status of pitch bend: still dropped")
    }

    @Test func dataWithNoStatusAndCutMessagesGiveNothing() {
        #expect(parse([60, 100, 1, 2]) == [])
        #expect(parse([0x90, 60, 0xB0, 7, 50]) == [.controlChange(channel: 0, controller: 7, value: 50)], "a new status abandons the cut note")
    }

    @Test func anyByteStreamGivesOnlyWellFormedMessages() {
        var generator = SystemRandomNumberGenerator()
        var parser = MidiParser()
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 1...32, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for message in parser.parse(bytes) {
                #expect(message.bytes.dropFirst().allSatisfy { $0 < 0x80 })
            }
        }
    }

    @Test func bytesOfEachMessage() {
        #expect(MidiMessage.noteOn(channel: 9, note: 36, velocity: 127).bytes == [0x99, 36, 127])
        #expect(MidiMessage.noteOff(channel: 9, note: 36).bytes == [0x99, 36, 0])
        #expect(MidiMessage.controlChange(channel: 0, controller: 20, value: 127).bytes == [0xB0, 20, 127])
        #expect(MidiMessage.programChange(channel: 1, program: 5).bytes == [0xC1, 5])
    }
}
