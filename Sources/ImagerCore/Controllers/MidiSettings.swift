/// What the performer chose for MIDI, kept in midi.ini (`MidiSettingsFile`): whether velocity
/// sets a chord's brightness, which sources are switched off, and the controls learned on each
/// device, by the device's name (so a controller keeps its mappings whichever USB port or
/// order it comes in).
public struct MidiSettings: Equatable, Sendable {
    /// Chords come in at full brightness whatever the velocity.
    public var ignoresVelocity = false
    /// Source names Imager does not listen to.
    public var disabledSources: Set<String> = []
    /// Per device name, each learned control and its action.
    public var learned: [String: [MidiControl: MidiMappedAction]] = [:]

    public init() {}

    public func isEnabled(_ source: String) -> Bool { !disabledSources.contains(source) }

    public mutating func setEnabled(_ enabled: Bool, _ source: String) {
        if enabled { disabledSources.remove(source) } else { disabledSources.insert(source) }
    }

    /// Maps `control` on `device` to `action`. A control does one thing, and an action is on
    /// one control of a device: learning an action again moves it to the new control.
    public mutating func learn(_ action: MidiMappedAction, on control: MidiControl, of device: String) {
        var mappings = learned[device] ?? [:]
        for (other, mapped) in mappings where mapped == action { mappings[other] = nil }
        mappings[control] = action
        learned[device] = mappings
    }

    public mutating func forget(_ control: MidiControl, of device: String) {
        learned[device]?[control] = nil
        if learned[device]?.isEmpty == true { learned[device] = nil }
    }

    /// What `message` from `device` asks for: its learned mapping if the control has one
    /// (a learned control no longer does its default), else the default mapping.
    public func action(for message: MidiMessage, from device: String) -> ControllerAction? {
        if let control = MidiControl(of: message), let mapped = learned[device]?[control] {
            return mapped.action(for: message, ignoringVelocity: ignoresVelocity)
        }
        return MidiDefaultMapping.action(for: message, ignoringVelocity: ignoresVelocity)
    }

    /// Every learned mapping, device by device and control by control, for a list to show.
    public var learnedList: [(device: String, control: MidiControl, action: MidiMappedAction)] {
        learned.keys.sorted().flatMap { device in
            learned[device]!.keys.sorted().map { (device, $0, learned[device]![$0]!) }
        }
    }
}
