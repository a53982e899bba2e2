import Foundation
import Testing
@testable import ImagerCore

@Suite struct PerformOutputTests {
    @Test func theRememberedConnectorComesBackAsTheSameOutput() {
        #expect(PerformOutput(connector: "DP-1") == .monitor(connector: "DP-1"))
        #expect(PerformOutput(connector: "DP-1").connector == "DP-1")
        #expect(PerformOutput(connector: nil) == .thisWindow)
        #expect(PerformOutput(connector: "  ") == .thisWindow)
        #expect(PerformOutput.thisWindow.connector == nil)
    }

    @Test func aStoredValueNoConnectorHasIsThisWindow() {
        #expect(PerformOutput(connector: "DP-1\u{1B}[2J") == .thisWindow)
        #expect(PerformOutput(connector: String(repeating: "A", count: 65)) == .thisWindow)
        #expect(PerformOutput(connector: String(repeating: "A", count: 64)) == .monitor(connector: String(repeating: "A", count: 64)))
    }

    @Test func aMonitorThatIsNotConnectedFallsBackToThisWindow() {
        let chosen = PerformOutput.monitor(connector: "HDMI-A-1")
        #expect(chosen.available(amongConnectors: ["eDP-1", "HDMI-A-1"]) == chosen)
        #expect(chosen.available(amongConnectors: ["eDP-1"]) == .thisWindow)
        #expect(chosen.available(amongConnectors: []) == .thisWindow)
        #expect(PerformOutput.thisWindow.available(amongConnectors: ["eDP-1"]) == .thisWindow)
    }

    @Test func aMonitorIsNamedByConnectorThenMakerAndModel() {
        #expect(PerformOutput.monitorName(connector: "DP-1", manufacturer: "Dell", model: "U2720Q", fallback: "Monitor 1")
                == "DP-1 (Dell U2720Q)")
        #expect(PerformOutput.monitorName(connector: "DP-1", manufacturer: nil, model: "U2720Q", fallback: "Monitor 1")
                == "DP-1 (U2720Q)")
        #expect(PerformOutput.monitorName(connector: "DP-1", manufacturer: "Dell", model: "Dell U2720Q", fallback: "x")
                == "DP-1 (Dell U2720Q)", "the maker is not said twice")
        #expect(PerformOutput.monitorName(connector: "DUMMY1", manufacturer: nil, model: "DUMMY1", fallback: "x")
                == "DUMMY1", "a model that only repeats the connector adds nothing")
        #expect(PerformOutput.monitorName(connector: "HDMI-A-1", manufacturer: "", model: nil, fallback: "x") == "HDMI-A-1")
        #expect(PerformOutput.monitorName(connector: nil, manufacturer: "BenQ", model: "MW632ST", fallback: "x")
                == "BenQ MW632ST")
        #expect(PerformOutput.monitorName(connector: nil, manufacturer: nil, model: nil, fallback: "Monitor 2") == "Monitor 2")
    }

    @Test func controlCharactersFromAMonitorNeverReachTheName() {
        let name = PerformOutput.monitorName(connector: "DP-2", manufacturer: "Evil\u{1B}[31m", model: "Box\n\u{7}",
                                             fallback: "x")
        #expect(name == "DP-2 (Evil[31m Box)")
        #expect(!name.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) })
    }
}

@Suite struct PerformCueTests {
    let ids = (0..<4).map { _ in UUID() }

    @Test func thePositionCountsFromOneAndTheNextChordIsTheOneRightPlays() {
        let cue = PerformCue(live: ChordRef(chordsetID: ids[2], slot: 3), positionInSetList: 2, setList: ids)
        #expect(cue.positionText == "3 / 4")
        #expect(cue.next == ChordRef(chordsetID: ids[2], slot: 4))
    }

    @Test func afterTheLastChordComesTheNextChordsetsFirst() {
        let cue = PerformCue(live: ChordRef(chordsetID: ids[1], slot: 7), positionInSetList: 1, setList: ids)
        #expect(cue.next == ChordRef(chordsetID: ids[2], slot: 0))
    }

    @Test func theEndOfTheSetListHasNoNextChord() {
        let cue = PerformCue(live: ChordRef(chordsetID: ids[3], slot: 7), positionInSetList: 3, setList: ids)
        #expect(cue.next == nil)
        #expect(cue.positionText == "4 / 4")
    }

    @Test func aChordsetGoneFromTheSetListHasNoPosition() {
        let gone = UUID()
        let cue = PerformCue(live: ChordRef(chordsetID: gone, slot: 7), positionInSetList: nil, setList: ids)
        #expect(cue.positionText == "– / 4")
        #expect(cue.next == nil)
    }
}
