import ImagerCore
import ImagerGLib
import ImagerMidi

/// MIDI for the window: runs a transport (JACK when a JACK server is running, else the ALSA
/// sequencer) while the window is open, so that a chord played while Perform is closed opens
/// it. Each action a controller asks for is posted, from the transport's thread, to the
/// window's `ControllerInput`, as OSC's are: stamped with when it arrived, and handed to the
/// main loop through its bounded, coalescing inbox, so a flood never freezes the window.
/// Settings and learned mappings are midi.ini's, saved as they change.
final class MidiInput {
    /// The sources found, each connected or switched off, whenever that changes.
    var onSourcesChanged: (([MidiSource]) -> Void)?
    /// A control was learned (and saved).
    var onLearned: ((_ device: String, _ control: MidiControl, _ action: MidiMappedAction) -> Void)?
    /// The sources as last found.
    private(set) var sources: [MidiSource] = []
    /// Why MIDI is not running (no JACK server and no ALSA sequencer), or nil.
    private(set) var problem: String?
    private var session: MidiSession?

    /// Starts listening, posting each action with `post` on the transport's thread; returns
    /// why no MIDI transport could be opened, or nil.
    @discardableResult
    func start(posting post: @escaping @Sendable (ControllerAction) -> Void) -> String? {
        guard session == nil else { return nil }
        let session: MidiSession
        switch MidiTransports.open() {
        case let .success(transport): session = MidiSession(transport: transport, settings: MidiSettingsFile.load())
        case let .failure(error):
            problem = error.reason
            return error.reason
        }
        problem = nil
        self.session = session
        session.start(events: { events in
            for event in events {
                switch event {
                case let .action(action): post(action)
                case let .learned(device, control, action):
                    MainLoop.idleFromAnyThread { [weak self] in self?.learned(device, control, action) }
                }
            }
        }, sourcesChanged: { sources in
            MainLoop.idleFromAnyThread { [weak self] in
                self?.sources = sources
                self?.onSourcesChanged?(sources)
            }
        })
        return nil
    }

    func stop() {
        session?.showLive(slot: nil)
        session?.stop()
        session = nil
    }

    /// Lights the live chord's pad on each controller (nil: all dark, as in a blackout).
    func showLive(slot: Int?) { session?.showLive(slot: slot) }

    /// The next control pressed or moved is mapped to `action`.
    func learn(_ action: MidiMappedAction) { session?.learn(action) }

    var settings: MidiSettings { session?.settings ?? MidiSettingsFile.load() }

    /// Changes the settings (a source switched off, a mapping removed, velocity ignored) and
    /// saves them; failing to write is not worth interrupting a performance for.
    func updateSettings(_ change: (inout MidiSettings) -> Void) {
        let settings: MidiSettings
        if let session {
            settings = session.updateSettings(change)
        } else {
            var loaded = MidiSettingsFile.load()
            change(&loaded)
            settings = loaded
        }
        try? MidiSettingsFile.save(settings)
    }

    private func learned(_ device: String, _ control: MidiControl, _ action: MidiMappedAction) {
        try? MidiSettingsFile.save(settings)
        onLearned?(device, control, action)
    }
}
