import Foundation
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
    /// MIDI stopped or started: why it is not running, or nil.
    var onProblemChanged: ((String?) -> Void)?
    /// Whether a transport is open.
    var isRunning: Bool { session != nil }
    /// The sources as last found.
    private(set) var sources: [MidiSource] = []
    /// Why MIDI is not running (no JACK server and no ALSA sequencer), or nil.
    private(set) var problem: String?
    private var session: MidiSession?
    /// Where actions go while started; nil once stopped.
    private var post: (@Sendable (ControllerAction) -> Void)?
    private var retrying: ScheduledWork?
    /// A try to open a transport is under way off the main loop.
    private var opening = false
    /// Counts the tries, so that a try's "no answer" timer knows it is still its own.
    private var openAttempts = 0

    /// Starts listening, posting each action with `post` on the transport's thread. The
    /// transport is opened off the main loop (`openOffMainLoop`); `problem` and
    /// `onProblemChanged` say why none could be. Without one, or when the JACK server stops, it
    /// tries again every second until `stop`: a performer may start JACK after Imager, or
    /// restart it mid-show.
    func start(posting post: @escaping @Sendable (ControllerAction) -> Void) {
        guard session == nil, self.post == nil else { return }
        self.post = post
        openOffMainLoop()
    }

    func stop() {
        post = nil
        retrying?.cancel()
        retrying = nil
        guard let session else { return }
        self.session = nil
        session.showLive(slot: nil)
        // Closing a JACK client waits for the server's answer, for as long as a hung server
        // gives none: on a thread of its own, waited for here at most `closeMilliseconds`, so
        // that the pads go dark and the client leaves in order when the server answers, and
        // the window closes and Imager quits when it does not.
        let closed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            session.stop()
            closed.signal()
        }
        _ = closed.wait(timeout: .now() + .milliseconds(Self.closeMilliseconds))
    }

    /// How long `stop` waits for the transport to close.
    static let closeMilliseconds = 500

    /// Runs what was opened, or keeps trying.
    private func opened(_ result: Result<any MidiTransport, MidiTransports.OpenError>) {
        switch result {
        case let .success(transport):
            retrying?.cancel()
            retrying = nil
            run(transport)
            setProblem(nil)
        case let .failure(error):
            setProblem(error.reason)
            tryAgainEverySecond()
        }
    }

    /// Opens a transport on a thread of its own, one try at a time. Opening waits on a server's
    /// answer, and libjack's `jack_client_open` waits for as long as a JACK server that took
    /// the connection does not answer (a server that hangs) or another JACK client that died
    /// still holds the lock on JACK's shared metadata: on the main loop, the window would not
    /// show, or not answer, until then. While a try waits longer than
    /// `answerMilliseconds`, `problem` says so.
    private func openOffMainLoop() {
        guard !opening else { return }
        opening = true
        openAttempts += 1
        let attempt = openAttempts
        _ = MainLoop.after(milliseconds: Self.answerMilliseconds) { [weak self] in
            guard let self, self.opening, self.openAttempts == attempt, self.session == nil, self.post != nil else { return }
            self.setProblem(Self.noAnswer)
        }
        Thread.detachNewThread {
            let result = MidiTransports.open()
            MainLoop.idleFromAnyThread { [weak self] in
                self?.opening = false
                // Stopped, or started again meanwhile: what opened is not wanted.
                guard let self, self.post != nil, self.session == nil else {
                    if case let .success(transport) = result { transport.stop() }
                    return
                }
                self.opened(result)
            }
        }
    }

    /// How long a try to open may take before `problem` says the server does not answer.
    static let answerMilliseconds: UInt32 = 2000
    /// The reason shown then, like the transports' own (untranslated, as theirs are).
    static let noAnswer = MidiTransports.OpenError.noAnswer.reason

    private func run(_ transport: any MidiTransport) {
        guard let post else { return transport.stop() }
        let session = MidiSession(transport: transport, settings: MidiSettingsFile.load())
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
        }, ended: { reason in
            MainLoop.idleFromAnyThread { [weak self, weak session] in
                guard let self, let session, self.session === session else { return }
                self.session = nil
                // Closing a client whose server went can wait on libjack's own threads for up
                // to the server's timeout: off the main loop.
                Thread.detachNewThread { session.stop() }
                self.sources = []
                self.onSourcesChanged?([])
                self.setProblem(reason)
                self.tryAgainEverySecond()
            }
        })
    }

    /// Each try runs off the main loop, one at a time (`openOffMainLoop`).
    private func tryAgainEverySecond() {
        guard retrying?.isPending != true else { return }
        retrying = MainLoop.repeating(milliseconds: 1000) { [weak self] in
            guard let self, self.post != nil, self.session == nil else { return false }
            self.openOffMainLoop()
            return true
        }
    }

    private func setProblem(_ problem: String?) {
        guard problem != self.problem else { return }
        self.problem = problem
        onProblemChanged?(problem)
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
