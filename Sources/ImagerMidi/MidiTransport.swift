import ImagerCore

/// A MIDI source Imager can listen to, as a transport names it (a JACK port, an ALSA
/// sequencer "client:port"), and whether Imager's input is connected to it.
public struct MidiSource: Hashable, Sendable {
    public var name: String
    public var isConnected: Bool

    public init(name: String, isConnected: Bool) {
        self.name = name
        self.isConnected = isConnected
    }
}

/// One way MIDI comes in and goes back out: JACK or the ALSA sequencer. A transport opens one
/// input and one output under the name "Imager", connects its input to every source it finds
/// and to each that appears later (but those switched off), reads on a thread of its own,
/// and sends what it is given. Everything that decides what the bytes mean is
/// `MidiInterpreter`'s, the same whichever transport brought them.
public protocol MidiTransport: AnyObject, Sendable {
    /// "JACK" or "ALSA", for messages.
    var kind: String { get }

    /// Starts reading. `received` is called on the transport's thread, in order, with the
    /// bytes of one message and the name of the device it came from; `sourcesChanged` there
    /// too, whenever sources appear, go, or are connected; `ended` there, once, with why, when
    /// the server closes the connection (the JACK server quit, or dropped Imager's client):
    /// nothing more comes, and `stop` is all that is left to call.
    func start(received: @escaping @Sendable (_ bytes: [UInt8], _ device: String) -> Void,
               sourcesChanged: @escaping @Sendable (_ sources: [MidiSource]) -> Void,
               ended: @escaping @Sendable (_ reason: String) -> Void)

    /// Stops reading and closes the connection to the server; the transport cannot start again.
    func stop()

    /// The sources not to listen to: disconnected now, and not connected when they reappear.
    func setDisabled(_ names: Set<String>)

    /// Sends `messages` (each a whole MIDI message) to `device`, if it takes MIDI back.
    func send(_ messages: [[UInt8]], to device: String)
}

public enum MidiTransports {
    /// JACK when a JACK server is running (Imager never starts one), else the ALSA sequencer
    /// (where USB devices and PipeWire's MIDI appear). Never both: a device bridged into JACK
    /// would otherwise be heard twice. nil, with each transport's reason, when neither opens.
    public static func open() -> Result<any MidiTransport, OpenError> {
        var reasons: [String] = []
        switch JackMidiTransport.open() {
        case let .success(jack): return .success(jack)
        case let .failure(error): reasons.append(error.reason)
        }
        switch AlsaMidiTransport.open() {
        case let .success(alsa): return .success(alsa)
        case let .failure(error): reasons.append(error.reason)
        }
        return .failure(OpenError(reason: reasons.joined(separator: "; ")))
    }

    public struct OpenError: Error, Sendable {
        public var reason: String

        public init(reason: String) { self.reason = reason }

        /// JACK has not answered: libjack's `jack_client_open` waits for as long as a server
        /// that took the connection hangs, or a JACK program that died holds the lock on JACK's
        /// shared metadata, so callers open off the thread that must stay responsive and say
        /// this while they wait.
        public static let noAnswer = OpenError(reason: "JACK does not answer")
    }
}
