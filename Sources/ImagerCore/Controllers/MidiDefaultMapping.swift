/// What a MIDI device does before anything is learned, on any channel: the white keys from
/// middle C (60, 62, 64, 65, 67, 69, 71, 72) and the first pad bank of most pad controllers
/// (36-43) play chords 1-8, the note's velocity setting how bright the chord comes in (127 is
/// full); control change 1 (the modulation wheel) sets the fade time across its range;
/// control change 7 (volume) is the output's master brightness; program change n selects
/// chordset n (program 1, sent as 0, is the first chordset).
public enum MidiDefaultMapping {
    /// The two banks of notes that play chords 1-8.
    public enum Bank: Sendable, Hashable {
        case keys, pads

        public var notes: [UInt8] {
            switch self {
            case .keys: [60, 62, 64, 65, 67, 69, 71, 72]
            case .pads: Array(36...43)
            }
        }
    }

    /// The bank and chord slot a note plays, if it is one of them.
    public static func slot(ofNote note: UInt8) -> (bank: Bank, slot: Int)? {
        for bank in [Bank.keys, .pads] {
            if let slot = bank.notes.firstIndex(of: note) { return (bank, slot) }
        }
        return nil
    }

    public static func action(for message: MidiMessage, ignoringVelocity: Bool) -> ControllerAction? {
        switch message {
        case let .noteOn(_, note, velocity):
            guard let (_, slot) = slot(ofNote: note) else { return nil }
            return .play(slot: slot, brightness: ignoringVelocity ? 1 : Double(velocity) / 127)
        case .controlChange(_, 1, _):
            return MidiMappedAction.fadeTime.action(for: message, ignoringVelocity: ignoringVelocity)
        case .controlChange(_, 7, _):
            return MidiMappedAction.master.action(for: message, ignoringVelocity: ignoringVelocity)
        case let .programChange(_, program):
            return .chordset(index: Int(program))
        case .noteOff, .controlChange:
            return nil
        }
    }
}
