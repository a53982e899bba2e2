import Foundation
import ImagerCore
import ImagerMidi
import Synchronization

/// `--midi-monitor` and `--midi-learn ACTION`: what Imager hears from MIDI controllers, without
/// a window. The monitor prints each source as it is connected and each action a message asks
/// for, and lights the pad of each chord played, as Perform does; learn maps the next control
/// pressed or moved to ACTION and keeps it in midi.ini. Both use JACK when a JACK server is
/// running, else the ALSA sequencer, and the mappings in midi.ini, and run until interrupted.
extension CommandLineTool {
    static func parseMidiLearn(_ rest: inout [String]) -> Result<Command, UsageError> {
        let names = MidiMappedAction.all.map(\.storedName).joined(separator: ", ")
        guard !rest.isEmpty else { return .failure(UsageError(message: "--midi-learn needs an ACTION: \(names)")) }
        let name = rest.removeFirst()
        guard let action = MidiMappedAction(storedName: name) else {
            return .failure(UsageError(message: "unknown MIDI action “\(TerminalText.escaped(name))”; one of \(names)"))
        }
        return .success(.midiLearn(action))
    }

    static func midiMonitor() -> Int32 {
        withMidi { session, say, ended in
            session.start(events: { events in
                for case let .action(action) in events {
                    say(describe(action))
                    if case let .play(slot, _) = action { session.showLive(slot: slot) }
                }
            }, sourcesChanged: sourcesSayer(say), ended: ended)
            return nil
        }
    }

    static func midiLearn(_ action: MidiMappedAction) -> Int32 {
        withMidi { session, say, ended in
            session.learn(action)
            let finished = Mutex<Int32?>(nil)
            say("Press or move the control for \(action.storedName)")
            session.start(events: { events in
                for case let .learned(device, control, action) in events {
                    do {
                        try MidiSettingsFile.save(session.settings)
                        say("Learned \(control.storedKey) on “\(TerminalText.escaped(device))” for \(action.storedName)")
                        finished.withLock { $0 = 0 }
                    } catch {
                        printError("imager: \(error)")
                        finished.withLock { $0 = 1 }
                    }
                    kill(getpid(), SIGTERM)
                }
            }, sourcesChanged: sourcesSayer(say), ended: ended)
            return { finished.withLock { $0 } }
        }
    }

    private static func sourcesSayer(_ say: @escaping @Sendable (String) -> Void) -> @Sendable ([MidiSource]) -> Void {
        let known = Mutex<Set<String>>([])
        return { sources in
            let connected = Set(sources.filter(\.isConnected).map(\.name))
            let new = known.withLock { known in
                defer { known = connected }
                return connected.subtracting(known).sorted()
            }
            for name in new { say("Connected “\(TerminalText.escaped(name))”") }
        }
    }

    /// Opens a transport, runs `body`, and waits for SIGINT or SIGTERM; `body` may return
    /// what gives the exit status then (nil: 0). `body` hands the session the third argument
    /// as its `ended`: when the server ends the connection, that is said and the status is 1
    /// (a script may start the server again and the command with it).
    private static func withMidi(_ body: (MidiSession, _ say: @escaping @Sendable (String) -> Void,
                                          _ ended: @escaping @Sendable (String) -> Void) -> (@Sendable () -> Int32?)?) -> Int32 {
        // Blocked before any thread starts, so every thread inherits the mask and sigwait takes them.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let session: MidiSession
        switch openWhileInterruptible(signals) {
        case let .success(transport): session = MidiSession(transport: transport, settings: MidiSettingsFile.load())
        case let .failure(error):
            printError("imager: no MIDI: \(error.reason)")
            return 1
        }
        let say: @Sendable (String) -> Void = { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        say("Listening through \(session.transport.kind)")
        let endedBy = Mutex<String?>(nil)
        let status = body(session, say) { reason in
            endedBy.withLock { $0 = reason }
            kill(getpid(), SIGTERM)
        }
        var received: Int32 = 0
        sigwait(&signals, &received)
        session.stop()
        if let reason = endedBy.withLock({ $0 }) {
            printError("imager: no MIDI: \(reason)")
            return 1
        }
        return status?() ?? 0
    }

    /// Opens a transport on a thread of its own while this one waits for it, or for SIGINT or
    /// SIGTERM (blocked in `signals`): libjack's `jack_client_open` waits for as long as a JACK
    /// server that took the connection does not answer (a server that hangs), and Ctrl+C must
    /// still end the command. After two seconds the wait is said, once.
    private static func openWhileInterruptible(_ signals: sigset_t) -> Result<any MidiTransport, MidiTransports.OpenError> {
        let opened = Mutex<Result<any MidiTransport, MidiTransports.OpenError>?>(nil)
        Thread.detachNewThread {
            let result = MidiTransports.open()
            opened.withLock { $0 = result }
        }
        var signals = signals
        let started = Date()
        var said = false
        while true {
            if let result = opened.withLock({ $0 }) { return result }
            var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            if sigtimedwait(&signals, nil, &pause) > 0 {
                return .failure(.noAnswer)
            }
            if !said, Date().timeIntervalSince(started) >= 2 {
                said = true
                printError("imager: waiting for JACK to answer (Ctrl+C stops)")
            }
        }
    }

    /// One line per action, as the monitor prints it.
    static func describe(_ action: ControllerAction) -> String {
        func number(_ value: Double) -> String { String(format: "%.2f", value) }
        switch action {
        case let .play(slot, brightness): return "chord \(slot + 1) at \(number(brightness))"
        case .previousChord: return "previous chord"
        case .nextChord: return "next chord"
        case let .chordset(index): return "chordset \(index + 1)"
        case .previousChordset: return "previous chordset"
        case .nextChordset: return "next chordset"
        case let .fade(seconds): return "fade \(number(seconds)) s"
        case let .blackout(on): return on ? "blackout" : "back from blackout"
        case .toggleBlackout: return "toggle blackout"
        case let .master(level): return "master \(number(level))"
        case .tap: return "tap"
        case let .tempo(bpm): return "tempo \(number(bpm)) BPM"
        }
    }
}
