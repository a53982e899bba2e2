/// One control on a device, as MIDI learn records it: a key or pad (a note) or a knob, fader or
/// button that sends control changes, on one channel (0-15).
public struct MidiControl: Hashable, Sendable, Comparable {
    public enum Kind: String, Sendable { case note, cc }

    public var kind: Kind
    public var channel: UInt8
    public var number: UInt8

    public init(kind: Kind, channel: UInt8, number: UInt8) {
        self.kind = kind
        self.channel = channel & 0x0F
        self.number = number & 0x7F
    }

    /// The control a message comes from, if it is one learn can map (program changes are not).
    public init?(of message: MidiMessage) {
        switch message {
        case let .noteOn(channel, note, _), let .noteOff(channel, note): self.init(kind: .note, channel: channel, number: note)
        case let .controlChange(channel, controller, _): self.init(kind: .cc, channel: channel, number: controller)
        case .programChange: return nil
        }
    }

    /// Its key in midi.ini: `ch10-note36`, `ch1-cc7` (channels counted from 1, as devices show them).
    public var storedKey: String { "ch\(Int(channel) + 1)-\(kind.rawValue)\(number)" }

    public init?(storedKey: some StringProtocol) {
        guard storedKey.hasPrefix("ch"), let dash = storedKey.firstIndex(of: "-"),
              let channel = Int(storedKey[storedKey.index(storedKey.startIndex, offsetBy: 2)..<dash]), (1...16).contains(channel)
        else { return nil }
        let rest = storedKey[storedKey.index(after: dash)...]
        for kind in [Kind.note, .cc] where rest.hasPrefix(kind.rawValue) {
            guard let number = Int(rest.dropFirst(kind.rawValue.count)), (0...127).contains(number) else { return nil }
            self.init(kind: kind, channel: UInt8(channel - 1), number: UInt8(number))
            return
        }
        return nil
    }

    public static func < (a: MidiControl, b: MidiControl) -> Bool {
        (a.kind == .cc ? 1 : 0, a.channel, a.number) < (b.kind == .cc ? 1 : 0, b.channel, b.number)
    }
}

/// What a learned control does: the actions MIDI learn offers.
public enum MidiMappedAction: Hashable, Sendable {
    /// Chord `slot`, 0-7.
    case chord(Int)
    case nextChord, previousChord, nextChordset, previousChordset
    case blackout, fadeTime, master, tapTempo

    /// In the order the preferences list them.
    public static let all: [MidiMappedAction] = (0..<8).map { .chord($0) } + [
        .previousChord, .nextChord, .previousChordset, .nextChordset, .blackout, .fadeTime, .master, .tapTempo,
    ]

    /// Its value in midi.ini.
    public var storedName: String {
        switch self {
        case let .chord(slot): "chord-\(slot + 1)"
        case .nextChord: "next-chord"
        case .previousChord: "previous-chord"
        case .nextChordset: "next-chordset"
        case .previousChordset: "previous-chordset"
        case .blackout: "blackout"
        case .fadeTime: "fade-time"
        case .master: "master"
        case .tapTempo: "tap-tempo"
        }
    }

    public init?(storedName: some StringProtocol) {
        guard let found = Self.all.first(where: { $0.storedName == storedName }) else { return nil }
        self = found
    }

    /// The action a message from the mapped control asks for, or nil (a key released, a
    /// button let go). Keys, pads and buttons act when pressed (a note-on, a control change
    /// above 0); blackout toggles, so one pad both blacks out and brings the chord back. Fade
    /// time and master follow a knob or fader across their range (or a key's velocity).
    func action(for message: MidiMessage, ignoringVelocity: Bool) -> ControllerAction? {
        let amount: Double
        switch message {
        case let .noteOn(_, _, velocity): amount = Double(velocity) / 127
        case let .controlChange(_, _, value): amount = Double(value) / 127
        case .noteOff, .programChange: return nil
        }
        switch self {
        case .fadeTime: return .fade(seconds: FadeTime.range.lowerBound + amount * (FadeTime.range.upperBound - FadeTime.range.lowerBound))
        case .master: return .master(level: amount)
        default: break
        }
        guard amount > 0 else { return nil }
        switch self {
        case let .chord(slot):
            let pressed: Double = if case .noteOn = message, !ignoringVelocity { amount } else { 1 }
            return .play(slot: slot, brightness: pressed)
        case .nextChord: return .nextChord
        case .previousChord: return .previousChord
        case .nextChordset: return .nextChordset
        case .previousChordset: return .previousChordset
        case .blackout: return .toggleBlackout
        case .tapTempo: return .tap
        case .fadeTime, .master: return nil
        }
    }
}
