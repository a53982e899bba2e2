import Testing
@testable import ImagerCore

@Suite struct OSCAddressesTests {
    private func outcome(_ address: String, _ arguments: OSCArgument...) -> OSCAddresses.Outcome {
        OSCAddresses.outcome(address: address, arguments: arguments)
    }

    @Test func chordTakesOneToEightAsIntOrWholeFloat() {
        #expect(outcome("/imager/chord", .int(1)) == .action(.play(slot: 0)))
        #expect(outcome("/imager/chord", .int(8)) == .action(.play(slot: 7)))
        #expect(outcome("/imager/chord", .float(5)) == .action(.play(slot: 4)))
        #expect(outcome("/imager/chord", .int(0)) == .ignored)
        #expect(outcome("/imager/chord", .int(9)) == .ignored)
        #expect(outcome("/imager/chord", .float(2.5)) == .ignored)
        #expect(outcome("/imager/chord", .float(.nan)) == .ignored)
        #expect(outcome("/imager/chord", .float(.infinity)) == .ignored)
        #expect(outcome("/imager/chord", .int(Int64.max)) == .ignored)
        #expect(outcome("/imager/chord", .other) == .ignored)
        #expect(outcome("/imager/chord") == .ignored, "the chord's number is missing")
    }

    @Test func stepsFireWithoutArgumentOrOnPressAndNotOnRelease() {
        #expect(outcome("/imager/next") == .action(.nextChord))
        #expect(outcome("/imager/previous") == .action(.previousChord))
        #expect(outcome("/imager/chordset/next") == .action(.nextChordset))
        #expect(outcome("/imager/chordset/previous") == .action(.previousChordset))
        #expect(outcome("/imager/tap") == .action(.tap))
        #expect(outcome("/imager/next", .float(1)) == .action(.nextChord))
        #expect(outcome("/imager/next", .int(1)) == .action(.nextChord))
        #expect(outcome("/imager/next", .float(0)) == .release)
        #expect(outcome("/imager/tap", .int(0)) == .release)
        #expect(outcome("/imager/next", .other) == .ignored)
    }

    @Test func chordsetIsOneBased() {
        #expect(outcome("/imager/chordset", .int(1)) == .action(.chordset(index: 0)))
        #expect(outcome("/imager/chordset", .float(12)) == .action(.chordset(index: 11)))
        #expect(outcome("/imager/chordset", .int(0)) == .ignored)
        #expect(outcome("/imager/chordset", .int(-3)) == .ignored)
        #expect(outcome("/imager/chordset") == .ignored)
    }

    @Test func fadeMasterAndTempoTakeNumbersClampedOrInRange() {
        #expect(outcome("/imager/fade", .float(0.5)) == .action(.fade(seconds: 0.5)))
        #expect(outcome("/imager/fade", .int(1)) == .action(.fade(seconds: 1)))
        #expect(outcome("/imager/fade", .float(30)) == .action(.fade(seconds: 2)), "clamped as FadeTime clamps")
        #expect(outcome("/imager/fade", .float(-1)) == .action(.fade(seconds: 0)))
        #expect(outcome("/imager/fade", .float(.nan)) == .ignored)
        #expect(outcome("/imager/master", .float(0.25)) == .action(.master(level: 0.25)))
        #expect(outcome("/imager/master", .int(1)) == .action(.master(level: 1)))
        #expect(outcome("/imager/master", .float(7)) == .action(.master(level: 1)))
        #expect(outcome("/imager/master", .float(-7)) == .action(.master(level: 0)))
        #expect(outcome("/imager/master") == .ignored)
        #expect(outcome("/imager/tempo", .float(128)) == .action(.tempo(bpm: 128)))
        #expect(outcome("/imager/tempo", .int(90)) == .action(.tempo(bpm: 90)))
        #expect(outcome("/imager/tempo", .float(0)) == .ignored)
        #expect(outcome("/imager/tempo", .float(5000)) == .ignored)
    }

    @Test func blackoutIsOnForAnyNumberButZero() {
        #expect(outcome("/imager/blackout", .int(1)) == .action(.blackout(true)))
        #expect(outcome("/imager/blackout", .float(1)) == .action(.blackout(true)))
        #expect(outcome("/imager/blackout", .int(0)) == .action(.blackout(false)))
        #expect(outcome("/imager/blackout", .float(0)) == .action(.blackout(false)))
        #expect(outcome("/imager/blackout") == .ignored)
        #expect(outcome("/imager/blackout", .other) == .ignored)
    }

    @Test func unknownAddressesAreIgnored() {
        for address in ["", "/", "/imager", "/imager/", "/imager/chords", "/Imager/chord", "/other/chord",
                        "/imager/chord/5", "/imager/chordset/last", "imager/chord"] {
            #expect(outcome(address, .int(1)) == .ignored, "\(address)")
        }
    }
}
