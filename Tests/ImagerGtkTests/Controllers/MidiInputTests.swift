import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// The window's side of MIDI against a real JACK server (the dummy driver, started here under a
/// name of its own): a sender floods Imager's input, and the actions reach the main loop
/// through idle callbacks that stay short, coalesced to the latest values, with nothing lost
/// that counts (the last chord played, the last master level); and MIDI comes back by itself
/// when the server stops and starts again.
@MainActor
final class MidiInputTests: GtkTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/jackd"),
              (try? Self.run("/usr/bin/python3", ["-c", "import jack"])) == 0
        else { throw XCTSkip("needs jackd2 and python3-jack-client (Tests/install-test-deps.sh installs them)") }
    }

    private nonisolated static func run(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Sends `count` control changes 7 (values cycling 0-126), 200 in each of JACK's cycles,
    /// once connected to Imager's input; then, in a cycle of their own after the flood, the
    /// last level (100) and middle E (chord 3). A cycle the sender overran on a loaded machine
    /// can lose its events in JACK itself, before Imager sees them: the two that count come
    /// after the flood, where nothing overruns.
    private static let senderScript = """
        import jack, sys, time
        count = int(sys.argv[1])
        client = jack.Client("flood", no_start_server=True)
        out = client.midi_outports.register("out")
        flood = [bytes([0xB0, 7, (count - 1 - i) % 127]) for i in range(count - 1)]
        last = [bytes([0xB0, 7, 100]), bytes([0x90, 64, 127])]
        state = {"messages": flood, "next": 0, "go": False}
        @client.set_process_callback
        def process(frames):
            out.clear_buffer()
            if not state["go"]:
                return
            messages = state["messages"]
            for offset in range(min(200, len(messages) - state["next"])):
                out.write_midi_event(min(offset, frames - 1), messages[state["next"]])
                state["next"] += 1
        client.activate()
        deadline = time.monotonic() + 10
        while "Imager:midi_in" not in [p.name for p in client.get_all_connections(out)]:
            if time.monotonic() > deadline:
                sys.exit("Imager never connected")
            time.sleep(0.01)
        state["go"] = True
        while state["next"] < len(flood):
            time.sleep(0.01)
        time.sleep(0.2)
        state["go"] = False
        state.update(messages=last, next=0)
        state["go"] = True
        while state["next"] < len(last):
            time.sleep(0.01)
        time.sleep(0.5)
        """

    /// Plays middle E (chord 3) every 0.1 s from a port connected to Imager's input, until
    /// ended: JACK makes a new connection live a cycle or more after it reports it.
    private static let noteSender = """
        import jack, time
        client = jack.Client("keys", no_start_server=True)
        out = client.midi_outports.register("out")
        pending = []
        @client.set_process_callback
        def process(frames):
            out.clear_buffer()
            while pending:
                out.write_midi_event(0, pending.pop())
        client.activate()
        while True:
            pending.append(bytes([0x90, 64, 127]))
            time.sleep(0.1)
        """

    func testMidiComesBackWhenTheJackServerStopsAndStartsAgain() async throws {
        let server = try JackTestServer(prefix: "imager-gtk-test")
        defer { server.finish() }
        var jackd = try server.start(periodFrames: 1024)
        defer { jackd.terminate(); jackd.waitUntilExit() }
        let input = MidiInput()
        var actions: [ControllerAction] = []
        let controllerInput = ControllerInput { actions.append($0.action) }
        var problems: [String?] = []
        input.onProblemChanged = { problems.append($0) }
        // Started as the window starts it, perhaps before the server answers: it keeps trying.
        input.start { controllerInput.post($0) }
        defer { input.stop() }
        XCTAssertTrue(pump(until: { input.problem == nil && input.isRunning }, seconds: 15), "MIDI opened once the server was up: \(input.problem ?? "")")

        jackd.terminate()
        jackd.waitUntilExit()
        XCTAssertTrue(pump(until: { input.problem != nil }, seconds: 10), "the server's end is noticed")
        XCTAssertFalse(input.isRunning)
        XCTAssertEqual(input.sources, [], "no sources without a server")
        XCTAssertEqual(problems.last ?? nil, input.problem, "the change was told")
        // Preferences, opened now, says so and offers nothing to learn from; then follows.
        let page = MidiPreferencesPage(midi: input)
        g_object_ref_sink(UnsafeMutableRawPointer(page.page))
        defer { g_object_unref(UnsafeMutableRawPointer(page.page)) }
        XCTAssertEqual(gtk_widget_get_sensitive(page.learnButton), 0)

        jackd = try server.start(periodFrames: 1024)
        XCTAssertTrue(pump(until: { input.problem == nil && input.isRunning }, seconds: 15), "MIDI opened again on the new server: \(input.problem ?? "")")
        XCTAssertEqual(gtk_widget_get_sensitive(page.learnButton), 1, "Preferences follows: Learn is offered again")

        let sender = Process()
        sender.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        sender.arguments = ["-c", Self.noteSender]
        try sender.run()
        defer { if sender.isRunning { sender.terminate() }; sender.waitUntilExit() }
        XCTAssertTrue(pump(until: { actions.contains(.play(slot: 2, brightness: 1)) }, seconds: 15), "a note on the new server plays its chord")
        XCTAssertTrue(input.sources.contains { $0.name == "keys:out" && $0.isConnected }, "the new server's source is listed, connected: \(input.sources)")
    }

    /// A JACK server that takes connections and never answers (stopped here with SIGSTOP, as
    /// a hung server is) keeps libjack's `jack_client_open` waiting: the opening runs off the
    /// main loop, which goes on, and after two seconds the problem says the server does not
    /// answer; once it answers, MIDI runs.
    func testAServerThatDoesNotAnswerKeepsNothingWaitingAndIsUsedOnceItAnswers() async throws {
        let server = try JackTestServer(prefix: "imager-gtk-test")
        defer { server.finish() }
        let jackd = try server.start(periodFrames: 1024)
        defer { kill(jackd.processIdentifier, SIGCONT); jackd.terminate(); jackd.waitUntilExit() }
        XCTAssertEqual(try Self.run("/usr/bin/jack_wait", ["-w", "-t", "10"]), 0, "the server came up")
        kill(jackd.processIdentifier, SIGSTOP)

        let input = MidiInput()
        var problems: [String?] = []
        input.onProblemChanged = { problems.append($0) }
        let started = Date()
        input.start { _ in }
        defer { input.stop() }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "start returned at once")
        XCTAssertTrue(pump(until: { input.problem == MidiInput.noAnswer }, seconds: 6),
                      "the problem says the server does not answer: \(input.problem ?? "nil")")
        XCTAssertFalse(input.isRunning)

        kill(jackd.processIdentifier, SIGCONT)
        XCTAssertTrue(pump(until: { input.isRunning }, seconds: 15), "MIDI runs once the server answers: \(input.problem ?? "")")
        XCTAssertNil(input.problem)
        XCTAssertEqual(problems, [MidiInput.noAnswer, nil])
    }

    func testAFloodReachesTheMainLoopInShortCoalescedIdleCallbacks() async throws {
        let server = try JackTestServer(prefix: "imager-gtk-test")
        defer { server.finish() }
        let jackd = try server.start(periodFrames: 128)
        defer { jackd.terminate(); jackd.waitUntilExit() }

        let input = MidiInput()
        var actions: [ControllerAction] = []
        // The window's way in, as MainWindow.startControllers makes it.
        let controllerInput = ControllerInput { actions.append($0.action) }
        // Opened off the main loop; the server takes a moment to come up, and it keeps trying.
        input.start { controllerInput.post($0) }
        defer { input.stop() }
        XCTAssertTrue(pump(until: { input.isRunning }, seconds: 15), "Imager could not open JACK: \(input.problem ?? "")")

        let count = 20_000
        let sender = Process()
        sender.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        sender.arguments = ["-c", Self.senderScript, String(count)]
        try sender.run()
        defer { if sender.isRunning { sender.terminate() }; sender.waitUntilExit() }

        // Pump the main loop as GTK would, counting what each pass applies: the work of one
        // callback, which a flood must not make long (a time would measure the machine's load).
        var largestPass = 0
        let deadline = Date().addingTimeInterval(20)
        while !actions.contains(.play(slot: 2, brightness: 1)), Date() < deadline {
            let before = actions.count
            if g_main_context_iteration(nil, 0) == 0 { usleep(1000) }
            largestPass = max(largestPass, actions.count - before)
        }
        XCTAssertTrue(actions.contains(.play(slot: 2, brightness: 1)), "the chord after the flood arrived")
        XCTAssertEqual(actions.last { if case .master = $0 { true } else { false } }, .master(level: 100.0 / 127), "the last level wins")
        XCTAssertGreaterThan(actions.count, 1)
        XCTAssertLessThan(actions.count, count / 4, "a flood of levels is coalesced, not applied one by one")
        XCTAssertLessThanOrEqual(largestPass, ControllerInbox.capacity, "no pass of the main loop applies more than the inbox holds")
    }
}
