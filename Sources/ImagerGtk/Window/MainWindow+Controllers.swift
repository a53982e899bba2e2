import CGtk
import ImagerCore
import ImagerGLib

/// What plays the window from outside: the controller input every transport posts to, and
/// the OSC server. Kept by the window (`MainWindow.controllers`); the server stops with it.
final class WindowControllers {
    var input: ControllerInput?
    var osc: OSCServer?
    /// MIDI in and feedback out, while the window is open.
    let midi = MidiInput()
    /// Why the OSC server is not listening though enabled ("Port 9000 is in use..."), or nil.
    var oscProblem: String?

    isolated deinit {
        osc?.stop()
        midi.stop()
    }
}

/// Controllers (OSC, MIDI) drive the window here, on the main thread: a chord played while
/// Perform is closed opens it on the selected chordset first; everything else waits for
/// Perform to be open.
extension MainWindow {
    /// Starts what the settings enable (called once, when the window is up).
    func startControllers() {
        let input = ControllerInput { [weak self] timed in self?.handle(timed.action, at: timed.time) }
        controllers.input = input
        restartOSC()
        controllers.midi.start { action in input.post(action) }
    }

    /// Applies `action`, which arrived at `time` (seconds, monotonic).
    func handle(_ action: ControllerAction, at time: Double) {
        if performance == nil {
            guard action.opensPerform else { return }
            startPerforming()
        }
        performance?.apply(action, at: time)
    }

    /// (Re)starts the OSC server as `perform.ini` says: at launch, and when Preferences
    /// changes it. A port that cannot be opened is said in a toast, and kept for Preferences.
    func restartOSC() {
        controllers.osc?.stop()
        controllers.osc = nil
        controllers.oscProblem = nil
        let settings = OSCSettingsFile.load(from: performSettingsPath)
        guard settings.enabled, let input = controllers.input else { return }
        do {
            controllers.osc = try OSCServer(settings: settings) { action in input.post(action) }
        } catch {
            let problem = Self.sentence(for: error)
            controllers.oscProblem = problem
            toast.show(problem, offersUndo: false)
        }
    }

    static func sentence(for error: OSCServer.StartError) -> String {
        switch error {
        case let .portInUse(port):
            // Translators: shown when OSC is on but its port is taken; {port} is a number.
            return tr("OSC is not listening: port {port} is in use by another program. Choose another port in Preferences.",
                      ["port": String(port)])
        case let .cannotListen(port, reason):
            return tr("OSC is not listening on port {port}: {reason}", ["port": String(port), "reason": reason])
        }
    }
}
