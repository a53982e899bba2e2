/// The MIDI channel messages Imager acts on. Channels are 0-15 (shown to people as 1-16).
public enum MidiMessage: Hashable, Sendable {
    /// A key or pad pressed; `velocity` is 1-127 (a note-on with velocity 0 is a `noteOff`).
    case noteOn(channel: UInt8, note: UInt8, velocity: UInt8)
    case noteOff(channel: UInt8, note: UInt8)
    case controlChange(channel: UInt8, controller: UInt8, value: UInt8)
    case programChange(channel: UInt8, program: UInt8)

    /// The bytes of this message, status byte first (a note-off is written as a note-on with
    /// velocity 0, which pads that colour their lights by velocity take as "dark").
    public var bytes: [UInt8] {
        switch self {
        case let .noteOn(channel, note, velocity): [0x90 | channel & 0x0F, note & 0x7F, velocity & 0x7F]
        case let .noteOff(channel, note): [0x90 | channel & 0x0F, note & 0x7F, 0]
        case let .controlChange(channel, controller, value): [0xB0 | channel & 0x0F, controller & 0x7F, value & 0x7F]
        case let .programChange(channel, program): [0xC0 | channel & 0x0F, program & 0x7F]
        }
    }
}

/// Turns a stream of MIDI bytes from one source into messages: keeps the running status (a
/// message may omit its status byte when it repeats the last one), lets real-time bytes (clock,
/// start, stop, active sensing) pass through the middle of a message without breaking it, and
/// skips system exclusive data and every message Imager does not act on (aftertouch, pitch
/// bend, song position...). Bytes out of place (data with no status) are dropped, so any byte
/// stream, however broken, gives only well-formed messages. One parser per source: running
/// status belongs to the stream it came in.
public struct MidiParser: Sendable {
    private var status: UInt8 = 0
    private var data: [UInt8] = []
    private var inSystemExclusive = false

    public init() {}

    /// Feeds `bytes`, returning the complete messages they finish.
    public mutating func parse(_ bytes: some Sequence<UInt8>) -> [MidiMessage] {
        var messages: [MidiMessage] = []
        for byte in bytes {
            if let message = feed(byte) { messages.append(message) }
        }
        return messages
    }

    public mutating func feed(_ byte: UInt8) -> MidiMessage? {
        if byte >= 0xF8 { return nil }  // real-time: may come anywhere, changes nothing
        if byte >= 0x80 {
            data.removeAll(keepingCapacity: true)
            inSystemExclusive = byte == 0xF0
            // System common messages (0xF0-0xF7) cancel the running status.
            status = byte < 0xF0 ? byte : 0
            return nil
        }
        guard !inSystemExclusive, status != 0 else { return nil }
        data.append(byte)
        guard data.count == Self.dataLength(status) else { return nil }
        defer { data.removeAll(keepingCapacity: true) }
        let channel = status & 0x0F
        switch status & 0xF0 {
        case 0x80: return .noteOff(channel: channel, note: data[0])
        case 0x90: return data[1] == 0 ? .noteOff(channel: channel, note: data[0]) : .noteOn(channel: channel, note: data[0], velocity: data[1])
        case 0xB0: return .controlChange(channel: channel, controller: data[0], value: data[1])
        case 0xC0: return .programChange(channel: channel, program: data[0])
        default: return nil  // aftertouch, pitch bend: read (to keep in step) and dropped
        }
    }

    private static func dataLength(_ status: UInt8) -> Int {
        switch status & 0xF0 {
        case 0xC0, 0xD0: 1
        default: 2
        }
    }
}
