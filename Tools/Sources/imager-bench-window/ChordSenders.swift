import CGtk
import CJackSender
import Foundation

/// What plays Perform's chords from outside in `--mode perform-osc` and `--mode perform-midi`:
/// a message to Imager's OSC port on the loopback address, or a note through the JACK server
/// into `Imager:midi_in`, as a phone or a controller would send them. Both are sent from the
/// script's timer on the main thread; what Imager does with them (its OSC thread or JACK
/// client, the hand-over to the main loop) is its own code, unchanged.
protocol ChordSender: AnyObject {
    /// What the sender is, for an error line.
    var name: String { get }
    /// Ready to send: for JACK, once Imager has connected itself to the sender's port.
    var isReady: Bool { get }
    /// Sends "play chord `number`" (1-8); false when it could not be sent.
    func send(chord number: Int) -> Bool
    /// Whether the transport itself may have lost a message sent at `sentAt` (monotonic
    /// microseconds), as JACK does with the MIDI of a cycle a client missed.
    func mayHaveLost(sentAt: gint64) -> Bool
}

extension ChordSender {
    func mayHaveLost(sentAt: gint64) -> Bool { false }
}

/// `/imager/chord i` as one UDP datagram to 127.0.0.1:`port`, the OSC encoding written out:
/// the address and the type tags each padded with zeros to a multiple of four bytes, then the
/// 32-bit integer, big-endian.
final class OSCChordSender: ChordSender {
    let name = "OSC"
    private let socket: Int32
    private var address = sockaddr_in()

    init?(port: Int) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0, (1...65_535).contains(port) else { return nil }
        self.socket = socket
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    }

    deinit { close(socket) }

    var isReady: Bool { true }

    func send(chord number: Int) -> Bool {
        var datagram = Self.padded("/imager/chord") + Self.padded(",i")
        withUnsafeBytes(of: Int32(number).bigEndian) { datagram.append(contentsOf: $0) }
        let sent = datagram.withUnsafeBytes { bytes in
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(socket, bytes.baseAddress, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        return sent == datagram.count
    }

    /// An OSC string: its bytes, a zero, and zeros up to a multiple of four.
    private static func padded(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8) + [0]
        while bytes.count % 4 != 0 { bytes.append(0) }
        return bytes
    }
}

/// A note-on on channel 10 at velocity 127 from a JACK client of its own ("imager-bench:notes"),
/// on the server JACK_DEFAULT_SERVER names: the first pad bank (notes 36-43), which plays
/// chords 1-8 in Imager's default mapping at full brightness. The note is queued for the
/// server's next cycle (Tools/Sources/CJackSender).
final class MidiChordSender: ChordSender {
    let name = "MIDI through JACK"
    private let sender: OpaquePointer

    /// Nil, with the reason, when no JACK server answers.
    static func open() -> Result<MidiChordSender, BenchWindowError> {
        var error = [CChar](repeating: 0, count: 256)
        guard let sender = bench_jack_sender_open("imager-bench", &error, error.count) else {
            return .failure(BenchWindowError(error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
        }
        return .success(MidiChordSender(sender))
    }

    private init(_ sender: OpaquePointer) { self.sender = sender }

    isolated deinit { bench_jack_sender_close(sender) }

    var isReady: Bool { bench_jack_sender_connections(sender) > 0 }

    func send(chord number: Int) -> Bool {
        bench_jack_sender_send(sender, 0x99, UInt8(35 + number), 127) != 0
    }

    /// The note goes out in the server's next cycle, 2.7 ms away at most; when a client does
    /// not finish a cycle in time (an xrun, which a server without realtime scheduling on a
    /// loaded machine has now and then), the MIDI written in it is gone, and the server says so
    /// to every client within a few milliseconds. An xrun reported in the 50 ms after the note
    /// may have been its cycle's.
    func mayHaveLost(sentAt: gint64) -> Bool {
        bench_jack_sender_xrun_between(sender, Int64(sentAt), Int64(sentAt + Self.xrunWindow)) != 0
    }

    private static let xrunWindow: gint64 = 50_000
}

struct BenchWindowError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
