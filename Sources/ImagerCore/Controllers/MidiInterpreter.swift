/// Turns the bytes MIDI sources send into what Perform should do, whichever transport (ALSA
/// or JACK) brought them: one parser per source (running status belongs to its stream), the
/// performer's settings and learned mappings, MIDI learn, and the lights to send back so a
/// controller shows the live chord. No threads, no transport: the caller feeds it in order.
public struct MidiInterpreter: Sendable {
    public enum Event: Hashable, Sendable {
        /// Something for Perform to do.
        case action(ControllerAction)
        /// MIDI learn mapped `control` of `device` to `action` (already in `settings`).
        case learned(device: String, control: MidiControl, action: MidiMappedAction)
    }

    public var settings: MidiSettings
    /// The action the next note or control change is learned for, if learning.
    public private(set) var learning: MidiMappedAction?
    private var parsers: [String: MidiParser] = [:]
    /// Per device, the default bank it last played and on which channel: the pads lit back.
    private var defaultBankUsed: [String: (bank: MidiDefaultMapping.Bank, channel: UInt8)] = [:]

    /// At most this many sources keep a parser (names come from outside; a flood of new
    /// names must not grow memory without end).
    private static let sourceLimit = 256

    public init(settings: MidiSettings = MidiSettings()) { self.settings = settings }

    /// The next note pressed or control moved is mapped to `action` instead of acting.
    public mutating func learn(_ action: MidiMappedAction) { learning = action }
    public mutating func stopLearning() { learning = nil }

    /// Reads `bytes` from `source` (switched-off sources are ignored).
    public mutating func receive(_ bytes: some Sequence<UInt8>, from source: String) -> [Event] {
        guard settings.isEnabled(source) else { return [] }
        if parsers[source] == nil, parsers.count >= Self.sourceLimit { parsers.removeAll() }
        var parser = parsers[source] ?? MidiParser()
        let messages = parser.parse(bytes)
        parsers[source] = parser
        return messages.compactMap { interpret($0, from: source) }
    }

    private mutating func interpret(_ message: MidiMessage, from source: String) -> Event? {
        if let action = learning, let control = MidiControl(of: message) {
            // A press or a move, not the release of the key that was pressed before learning.
            if case .noteOff = message { return nil }
            settings.learn(action, on: control, of: source)
            learning = nil
            return .learned(device: source, control: control, action: action)
        }
        if case let .noteOn(channel, note, _) = message, settings.learned[source]?[MidiControl(kind: .note, channel: channel, number: note)] == nil,
           let (bank, _) = MidiDefaultMapping.slot(ofNote: note) {
            if defaultBankUsed[source] == nil, defaultBankUsed.count >= Self.sourceLimit { defaultBankUsed.removeAll() }
            defaultBankUsed[source] = (bank, channel)
        }
        return settings.action(for: message, from: source).map(Event.action)
    }

    /// The messages that light `liveSlot`'s control on `device` (note-on at velocity 127, or
    /// a control change of 127) and darken the other chords' (velocity 0, value 0); all dark
    /// when nothing is live (blacked out). Only controls the device has used are lit: its
    /// learned chord controls, and the default bank (keys or pads) it last played, on the
    /// channel it played it; so a device that never sent a note (a synthesizer) gets none.
    public func feedback(liveSlot: Int?, for device: String) -> [MidiMessage] {
        var messages: [MidiMessage] = []
        var lit: Set<MidiControl> = []
        func light(_ control: MidiControl, _ on: Bool) {
            guard lit.insert(control).inserted else { return }
            switch control.kind {
            case .note: messages.append(on ? .noteOn(channel: control.channel, note: control.number, velocity: 127) : .noteOff(channel: control.channel, note: control.number))
            case .cc: messages.append(.controlChange(channel: control.channel, controller: control.number, value: on ? 127 : 0))
            }
        }
        for (control, action) in (settings.learned[device] ?? [:]).sorted(by: { $0.key < $1.key }) {
            if case let .chord(slot) = action { light(control, slot == liveSlot) }
        }
        if let (bank, channel) = defaultBankUsed[device] {
            for (slot, note) in bank.notes.enumerated() {
                let control = MidiControl(kind: .note, channel: channel, number: note)
                // A default note learned for something else is not a chord's light.
                guard settings.learned[device]?[control] == nil else { continue }
                light(control, slot == liveSlot)
            }
        }
        return messages
    }

    /// The devices feedback can go to: those that have sent something Imager lights.
    public var devicesToLight: [String] {
        Set(defaultBankUsed.keys).union(settings.learned.filter { $0.value.values.contains { if case .chord = $0 { true } else { false } } }.keys).sorted()
    }
}
