import Foundation
import Testing
@testable import ImagerCore

@Suite struct MidiSettingsFileTests {
    private static let hostileNames = [
        "Launchpad Mini:Launchpad Mini MIDI 1",
        "a2j:Launchpad [20] (capture): Launchpad MIDI 1",
        "line\nbreak]\n[MIDI]\nignore-velocity=true",
        "\u{1B}]0;pwned\u{07}title",
        "back\\slash \\x41 and \\u{42}",
        " leading and trailing ",
        "emoji 🎹 ünïcödé = equals # hash",
        "\u{2028}separator\r\n",
        "",
    ]

    @Test func hostileDeviceNamesRoundTripExactlyAndNeverBreakTheFile() {
        var settings = MidiSettings()
        settings.ignoresVelocity = false
        for (index, name) in Self.hostileNames.enumerated() {
            settings.learn(.chord(index % 8), on: MidiControl(kind: .note, channel: UInt8(index % 16), number: UInt8(36 + index)), of: name)
        }
        settings.setEnabled(false, Self.hostileNames[2])
        let text = MidiSettingsFile.text(of: settings)
        #expect(MidiSettingsFile.parse(text) == settings)
        // Every line is a comment, a group or key=value; no control character reaches the file.
        for line in text.split(separator: "\n") {
            #expect(line.hasPrefix("#") || line.hasPrefix("[") && line.hasSuffix("]") || line.contains("="), "\(line)")
        }
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x1B || $0 == "\u{2028}" })
        #expect(text.components(separatedBy: "\n[").count == Self.hostileNames.count + 2, "the comment, [MIDI], then one group per device")
        #expect(!MidiSettingsFile.parse(text).ignoresVelocity, "a name cannot set an option")
    }

    @Test func groupNamesEscapeBracketsControlsAndBackslashes() {
        #expect(MidiSettingsFile.escaped("a[b]c\\d\ne\u{1B}") == "a\\x5Bb\\x5Dc\\x5Cd\\x0Ae\\x1B")
        #expect(MidiSettingsFile.unescaped("a\\x5Bb\\u{2028}") == "a[b\u{2028}")
        #expect(MidiSettingsFile.unescaped("a[b") == nil)
        #expect(MidiSettingsFile.unescaped("bad \\q") == nil)
        #expect(MidiSettingsFile.unescaped("cut \\x4") == nil)
    }

    @Test func whatItDoesNotUnderstandIsSkippedAndTheRestKept() {
        let text = """
            garbage before any group
            [MIDI]
            ignore-velocity=true
            [device pads]
            ch10-note36=blackout
            ch17-note36=chord-1
            ch1-note128=chord-1
            ch1-note40=no-such-action
            not a key value line
            ch1-cc7 = master
            [device bad \\q name]
            ch1-note50=chord-2
            [other group]
            ch1-note51=chord-3
            """
        var expected = MidiSettings()
        expected.ignoresVelocity = true
        expected.learn(.blackout, on: MidiControl(kind: .note, channel: 9, number: 36), of: "pads")
        expected.learn(.master, on: MidiControl(kind: .cc, channel: 0, number: 7), of: "pads")
        #expect(MidiSettingsFile.parse(text) == expected)
    }

    @Test func savedSettingsAreRestoredFromTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("midi-ini-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("io.github.imagerproject.Imager/midi.ini").path
        #expect(MidiSettingsFile.load(from: path) == MidiSettings(), "no file: the standard settings")
        var settings = MidiSettings()
        settings.ignoresVelocity = true
        settings.learn(.tapTempo, on: MidiControl(kind: .cc, channel: 3, number: 64), of: Self.hostileNames[3])
        try MidiSettingsFile.save(settings, to: path)
        #expect(MidiSettingsFile.load(from: path) == settings)
    }

    @Test func anOversizedOrUnreadableFileGivesTheStandardSettings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("midi-ini-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.ini").path
        try Data(("[MIDI]\nignore-velocity=true\n" + String(repeating: "#", count: MidiSettingsFile.sizeLimit)).utf8).write(to: URL(fileURLWithPath: big))
        #expect(MidiSettingsFile.load(from: big) == MidiSettings())
        let fifo = folder.appendingPathComponent("fifo.ini").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(MidiSettingsFile.load(from: fifo) == MidiSettings(), "a pipe is refused, not read (and never blocks)")
        #expect(MidiSettingsFile.load(from: folder.path) == MidiSettings())
    }

    @Test func thePathFollowsXDGConfigHome() {
        #expect(MidiSettingsFile.path(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/c/io.github.imagerproject.Imager/midi.ini")
        #expect(MidiSettingsFile.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/io.github.imagerproject.Imager/midi.ini")
    }
}
