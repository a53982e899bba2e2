import CGtk
import ImagerCore
import ImagerGLib

/// The one way controllers reach the window: an OSC server or a MIDI input posts actions
/// from its own thread, and they are applied on GTK's main loop, a burst at a time, through
/// a bounded, coalescing `ControllerInbox` (so a flood never freezes the window: what does
/// not fit is dropped and counted). Never `Task { @MainActor }` or `DispatchQueue.main`:
/// GTK's loop runs neither, so the hand-over is an idle source (`MainLoop.idleFromAnyThread`),
/// scheduled once per burst.
nonisolated final class ControllerInput: Sendable {
    let inbox = ControllerInbox()
    private let apply: @Sendable @MainActor (TimedControllerAction) -> Void

    /// `apply` runs on the main thread for each action, oldest first.
    init(apply: @escaping @Sendable @MainActor (TimedControllerAction) -> Void) {
        self.apply = apply
    }

    /// From any thread: `action` arrived now.
    func post(_ action: ControllerAction) {
        let now = Double(g_get_monotonic_time()) / 1_000_000
        guard inbox.post(TimedControllerAction(action, at: now)) else { return }
        MainLoop.idleFromAnyThread { [self] in
            for timed in inbox.takeAll() { apply(timed) }
        }
    }
}
