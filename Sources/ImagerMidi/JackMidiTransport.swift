import CMidi
import Foundation
import ImagerCore
import Synchronization

/// MIDI through a running JACK server: client "Imager" with ports `Imager:midi_in` and
/// `Imager:midi_out`. The input is connected to every MIDI output port of other clients, and
/// to each one registered later; the output to every physical MIDI input (a controller that
/// takes MIDI back, never another program, which might be a synthesizer that would sound).
///
/// JACK merges everything connected to one input port into one stream with no word of where
/// each event came from, so every message arrives from one device, `JackMidiTransport.device`:
/// learned mappings made through JACK are kept under that name, and feedback goes to every
/// controller connected to the output.
public final class JackMidiTransport: MidiTransport, @unchecked Sendable {
    // @unchecked: `jack` is used by the reading thread and by `send`; libjack's client
    // functions are thread-safe, and the ring buffer's one writer is serialized by `sending`.
    public static let device = "JACK"
    public let kind = "JACK"

    private let jack: OpaquePointer
    private let disabled = Mutex<Set<String>>([])
    private let sending = Mutex<Void>(())
    private let reader = Mutex<ReadingThread?>(nil)
    private let closed = Atomic<Bool>(false)

    private init(jack: OpaquePointer) { self.jack = jack }

    public static func open(clientName: String = "Imager") -> Result<JackMidiTransport, MidiTransports.OpenError> {
        var reason = [CChar](repeating: 0, count: 256)
        guard let jack = imager_jack_open(clientName, &reason, reason.count) else {
            return .failure(.init(reason: String(cStringBuffer: reason)))
        }
        return .success(JackMidiTransport(jack: jack))
    }

    public func start(received: @escaping @Sendable ([UInt8], String) -> Void,
                      sourcesChanged: @escaping @Sendable ([MidiSource]) -> Void,
                      ended: @escaping @Sendable (String) -> Void) {
        sourcesChanged(connect())
        let thread = ReadingThread(name: "Imager JACK MIDI") { [self] in
            imager_jack_wait(jack, 100)
            if imager_jack_is_shut_down(jack) != 0 {
                sourcesChanged([])
                ended("the JACK server stopped")
                return false
            }
            if imager_jack_take_ports_changed(jack) != 0 { sourcesChanged(connect()) }
            var bytes = [UInt8](repeating: 0, count: 1024)
            while case let count = imager_jack_read(jack, &bytes, bytes.count), count > 0 {
                received(Array(bytes[0..<count]), Self.device)
            }
            return true
        }
        reader.withLock { $0 = thread }
    }

    public func stop() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        reader.withLock { $0 }?.stop()
        imager_jack_close(jack)
    }

    /// The reading thread connects and disconnects (`connect` waits on the server, as long as
    /// a hung server does not answer, and the caller is the window's main loop); before it
    /// starts, `start` connects with these names.
    public func setDisabled(_ names: Set<String>) {
        disabled.withLock { $0 = names }
        imager_jack_request_reconnect(jack)
    }

    public func send(_ messages: [[UInt8]], to device: String) {
        guard device == Self.device, !closed.load(ordering: .acquiring) else { return }
        sending.withLock { _ in
            for message in messages { _ = imager_jack_send(jack, message, message.count) }
        }
    }

    /// Connects the input to every enabled source and disconnects the disabled ones, connects
    /// the output to every physical MIDI input, and returns the sources. On the reading thread
    /// (or before it starts): JACK's callbacks may not call the server themselves.
    private func connect() -> [MidiSource] {
        let client = imager_jack_client(jack)
        let input = imager_jack_input_port(jack), output = imager_jack_output_port(jack)
        let ours = String(cString: jack_get_client_name(client)) + ":"
        let inputName = String(cString: jack_port_name(input)), outputName = String(cString: jack_port_name(output))
        let off = disabled.withLock { $0 }
        var sources: [MidiSource] = []
        for name in ports(flags: JackPortIsOutput.rawValue) where !name.hasPrefix(ours) {
            var connected = jack_port_connected_to(input, name) != 0
            if off.contains(name) {
                if connected { jack_disconnect(client, name, inputName) }
                connected = false
            } else if !connected {
                // The answer, not a second look: the client's view of the graph changes only
                // at the server's next cycle.
                let result = jack_connect(client, name, inputName)
                connected = result == 0 || result == EEXIST
            }
            sources.append(MidiSource(name: name, isConnected: connected))
        }
        for name in ports(flags: JackPortIsInput.rawValue | JackPortIsPhysical.rawValue) where !name.hasPrefix(ours) {
            if jack_port_connected_to(output, name) == 0 { jack_connect(client, outputName, name) }
        }
        return sources
    }

    private func ports(flags: UInt32) -> [String] {
        guard let list = jack_get_ports(imager_jack_client(jack), nil, JACK_DEFAULT_MIDI_TYPE, UInt(flags)) else { return [] }
        defer { jack_free(list) }
        var names: [String] = []
        var index = 0
        while let name = list[index] {
            names.append(String(cString: name))
            index += 1
        }
        return names
    }
}
