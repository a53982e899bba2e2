import CMidi
import Foundation
import ImagerCore
import Synchronization

/// MIDI through the ALSA sequencer, where every USB MIDI device and PipeWire's MIDI appear:
/// client "Imager" with ports "MIDI In" and "MIDI Out". "MIDI In" subscribes to every readable
/// MIDI port of other clients, and to each one the system announces later. Each event names
/// its source, so every device ("client:port") keeps its own mappings; feedback is sent
/// straight to the device it is for, and only to hardware ports that take MIDI (never a
/// program, such as MIDI Through, which would send it back in).
public final class AlsaMidiTransport: MidiTransport, @unchecked Sendable {
    // @unchecked: the sequencer handle is used by the reading thread and by `send`; alsa-lib
    // serializes its calls on one handle only per thread, so every call is made under `lock`.
    public let kind = "ALSA"

    private struct Address: Hashable { var client: Int32, port: Int32 }
    private struct Ports {
        var names: [Address: String] = [:]
        var feedbackTargets: [String: Address] = [:]
        var disabled: Set<String> = []
        var unlisted: Set<Address> = []
    }

    private let alsa: OpaquePointer
    private let lock = Mutex<Ports>(Ports())
    private let reader = Mutex<ReadingThread?>(nil)
    private let closed = Atomic<Bool>(false)

    private init(alsa: OpaquePointer) { self.alsa = alsa }

    public static func open(clientName: String = "Imager") -> Result<AlsaMidiTransport, MidiTransports.OpenError> {
        var reason = [CChar](repeating: 0, count: 256)
        guard let alsa = imager_alsa_open(clientName, &reason, reason.count) else {
            return .failure(.init(reason: String(cStringBuffer: reason)))
        }
        return .success(AlsaMidiTransport(alsa: alsa))
    }

    public func start(received: @escaping @Sendable ([UInt8], String) -> Void,
                      sourcesChanged: @escaping @Sendable ([MidiSource]) -> Void,
                      ended: @escaping @Sendable (String) -> Void) {
        // `ended` is never called: the sequencer is the kernel's, and stays while Imager runs.
        sourcesChanged(connect())
        let thread = ReadingThread(name: "Imager ALSA MIDI") { [self] in
            imager_alsa_wait(alsa, 100)
            var event = imager_alsa_event()
            while true {
                let name: String? = lock.withLock { ports in
                    imager_alsa_read(alsa, &event)
                    return ports.names[Address(client: event.client, port: event.port)]
                }
                switch Int(event.kind) {
                case IMAGER_ALSA_MIDI:
                    let bytes = withUnsafeBytes(of: event.bytes) { Array($0.prefix(event.length)) }
                    received(bytes, name ?? unlistedName(client: event.client, port: event.port, sourcesChanged))
                case IMAGER_ALSA_PORTS_CHANGED:
                    sourcesChanged(connect())
                default:
                    return true
                }
            }
        }
        reader.withLock { $0 = thread }
    }

    public func stop() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        reader.withLock { $0 }?.stop()
        imager_alsa_close(alsa)
    }

    public func setDisabled(_ names: Set<String>) {
        lock.withLock { $0.disabled = names }
        _ = connect()
    }

    public func send(_ messages: [[UInt8]], to device: String) {
        guard !closed.load(ordering: .acquiring) else { return }
        lock.withLock { ports in
            guard let target = ports.feedbackTargets[device] else { return }
            for message in messages { _ = imager_alsa_send(alsa, target.client, target.port, message, message.count) }
        }
    }

    /// The name of a source that is not listed (it subscribed itself to "MIDI In", or is new):
    /// the list is read again once for it; if it is still not there, its address names it.
    private func unlistedName(client: Int32, port: Int32, _ sourcesChanged: @Sendable ([MidiSource]) -> Void) -> String {
        let address = Address(client: client, port: port)
        let firstTime = lock.withLock { ports in
            if ports.unlisted.count >= 1024 { ports.unlisted.removeAll() }
            return ports.unlisted.insert(address).inserted
        }
        if firstTime { sourcesChanged(connect()) }
        return lock.withLock { $0.names[address] } ?? "ALSA client \(client) port \(port)"
    }

    /// Subscribes to every enabled source, ends the subscriptions of disabled ones, and
    /// returns the sources.
    private func connect() -> [MidiSource] {
        lock.withLock { ports in
            var found = [imager_alsa_port](repeating: imager_alsa_port(), count: 512)
            let count = Int(imager_alsa_sources(alsa, &found, Int32(found.count)))
            ports.names = [:]
            ports.feedbackTargets = [:]
            var sources: [MidiSource] = []
            for port in found.prefix(count) {
                let name = withUnsafeBytes(of: port.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                let address = Address(client: port.client, port: port.port)
                ports.names[address] = name
                if port.writable_hardware != 0 { ports.feedbackTargets[name] = address }
                let enabled = !ports.disabled.contains(name)
                if enabled {
                    sources.append(MidiSource(name: name, isConnected: imager_alsa_connect(alsa, port.client, port.port) != 0))
                } else {
                    imager_alsa_disconnect(alsa, port.client, port.port)
                    sources.append(MidiSource(name: name, isConnected: false))
                }
            }
            return sources
        }
    }
}
