import ImagerCore
import Synchronization

/// A transport and the interpreter reading what it brings, shared by its reading thread and
/// whoever shows the live chord or changes the settings: what the window and the command
/// line both run while MIDI is on.
public final class MidiSession: Sendable {
    public let transport: any MidiTransport
    private let interpreter: Mutex<MidiInterpreter>

    public init(transport: any MidiTransport, settings: MidiSettings) {
        self.transport = transport
        interpreter = Mutex(MidiInterpreter(settings: settings))
        transport.setDisabled(settings.disabledSources)
    }

    /// Starts the transport. `events` gets what each message asked for, on the transport's
    /// thread, in order; `sourcesChanged` the sources whenever they change; `ended` why, once,
    /// if the server closes the connection (see `MidiTransport.start`).
    public func start(events: @escaping @Sendable ([MidiInterpreter.Event]) -> Void,
                      sourcesChanged: @escaping @Sendable ([MidiSource]) -> Void,
                      ended: @escaping @Sendable (String) -> Void) {
        transport.start(received: { [self] bytes, device in
            let found = interpreter.withLock { $0.receive(bytes, from: device) }
            if !found.isEmpty { events(found) }
        }, sourcesChanged: sourcesChanged, ended: ended)
    }

    public func stop() { transport.stop() }

    public var settings: MidiSettings { interpreter.withLock { $0.settings } }

    /// Changes the settings (a source switched off, a mapping removed) and returns them.
    @discardableResult
    public func updateSettings(_ change: (inout MidiSettings) -> Void) -> MidiSettings {
        let settings = interpreter.withLock { interpreter in
            change(&interpreter.settings)
            return interpreter.settings
        }
        transport.setDisabled(settings.disabledSources)
        return settings
    }

    /// The next control pressed or moved on any device is mapped to `action`.
    public func learn(_ action: MidiMappedAction) { interpreter.withLock { $0.learn(action) } }
    public func stopLearning() { interpreter.withLock { $0.stopLearning() } }

    /// Lights the controls of chord `slot` on every device that has played chords, and
    /// darkens the rest; nil darkens them all (blacked out, Perform closed).
    public func showLive(slot: Int?) {
        let lights = interpreter.withLock { interpreter in
            interpreter.devicesToLight.map { ($0, interpreter.feedback(liveSlot: slot, for: $0)) }
        }
        for (device, messages) in lights where !messages.isEmpty {
            transport.send(messages.map(\.bytes), to: device)
        }
    }
}
