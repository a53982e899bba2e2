import CAdw
import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Preferences → MIDI against a real JACK server (the dummy driver) and a sender on it: the
/// sender is listed with a switch that turns it off in midi.ini; Learn maps the next pad it
/// plays, shown in the list of learned controls, whose remove button forgets it.
@MainActor
final class MidiPreferencesPageTests: GtkTestCase {
    /// Registers `pads`, then sends each line of hex bytes read from standard input.
    private static let senderScript = """
        import jack, sys, queue
        client = jack.Client("sender", no_start_server=True)
        out = client.midi_outports.register("pads")
        waiting = queue.Queue()
        @client.set_process_callback
        def process(frames):
            out.clear_buffer()
            while not waiting.empty():
                out.write_midi_event(0, waiting.get())
        client.activate()
        print("ready", flush=True)
        for line in sys.stdin:
            waiting.put(bytes.fromhex(line))
        """

    func testSourcesCanBeSwitchedOffAndLearnedControlsAreListedAndRemoved() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/jackd") else { throw XCTSkip("needs jackd2") }
        let server = try JackTestServer(prefix: "imager-prefs-test")
        defer { server.finish() }
        let iniPath = server.config.appendingPathComponent("io.github.imagerproject.Imager/midi.ini").path

        let jackd = try server.start(periodFrames: 128)
        defer { jackd.terminate(); jackd.waitUntilExit() }

        let midi = MidiInput()
        midi.start { _ in }
        defer { midi.stop() }
        XCTAssertTrue(pump(until: { midi.isRunning }, seconds: 15), "Imager could not open JACK: \(midi.problem ?? "")")

        let sender = Process()
        sender.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        sender.arguments = ["-c", Self.senderScript]
        let input = Pipe(), output = Pipe()
        sender.standardInput = input
        sender.standardOutput = output
        try sender.run()
        defer { try? input.fileHandleForWriting.close(); sender.terminate(); sender.waitUntilExit() }
        _ = output.fileHandleForReading.availableData  // "ready"

        let window = makeWindow(try makeController(titles: ["Warm"]))
        let page = MidiPreferencesPage(midi: midi)
        let preferences = cadw_preferences_window_new(window.window, "Preferences", page.page)!
        gtk_window_present(cgtk_window(preferences))
        defer { gtk_window_destroy(cgtk_window(preferences)) }

        func title(_ row: Widget) -> String {
            String(cString: adw_preferences_row_get_title(cadw_preferences_row(row)))
        }
        XCTAssertTrue(pump(until: { page.sourceRows.map(title).contains("sender:pads") }, seconds: 5), "the sender is listed")

        // Learn: Blackout, then a pad on channel 10.
        adw_combo_row_set_selected(UnsafeMutableRawPointer(page.learnRow).assumingMemoryBound(to: AdwComboRow.self),
                                   guint(MidiMappedAction.all.firstIndex(of: .blackout)!))
        gtk_widget_activate(page.learnButton)
        // A button activated from the keyboard clicks when its press animation ends.
        XCTAssertTrue(pump(until: { String(cString: adw_action_row_get_subtitle(cadw_action_row(page.learnRow))).hasPrefix("Press or move") }))
        input.fileHandleForWriting.write(Data("99 28 7f\n".utf8))
        XCTAssertTrue(pump(until: { page.mappingRows.count == 1 }, seconds: 5), "the pad is learned")
        let row = try XCTUnwrap(page.mappingRows.first)
        XCTAssertEqual(title(row), "Blackout")
        XCTAssertEqual(String(cString: adw_action_row_get_subtitle(cadw_action_row(row))), "Note 40, channel 10 · JACK")
        XCTAssertTrue(try String(contentsOfFile: iniPath, encoding: .utf8).contains("[device JACK]\nch10-note40=blackout\n"))

        // Switch the sender off.
        let sourceRow = try XCTUnwrap(page.sourceRows.first { title($0) == "sender:pads" })
        adw_action_row_activate(cadw_action_row(sourceRow))
        pump(seconds: 0.2)
        XCTAssertFalse(midi.settings.isEnabled("sender:pads"))
        XCTAssertTrue(try String(contentsOfFile: iniPath, encoding: .utf8).contains("[device sender:pads]\nenabled=false\n"))

        // Remove the learned control.
        var removeButton: Widget?
        var child = gtk_widget_get_first_child(row)
        func find(_ widget: Widget?) {
            guard let widget, removeButton == nil else { return }
            if String(cString: gtk_widget_get_css_name(widget)) == "button" { removeButton = widget; return }
            var inner = gtk_widget_get_first_child(widget)
            while let current = inner { find(current); inner = gtk_widget_get_next_sibling(current) }
        }
        while let current = child { find(current); child = gtk_widget_get_next_sibling(current) }
        gtk_widget_activate(try XCTUnwrap(removeButton))
        XCTAssertTrue(pump(until: { page.mappingRows.isEmpty }))
        XCTAssertFalse(try String(contentsOfFile: iniPath, encoding: .utf8).contains("ch10-note40"))
    }
}
