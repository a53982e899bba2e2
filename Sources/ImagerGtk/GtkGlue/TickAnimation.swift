import CGtk

/// Moves a value towards a target over a short time, one step per frame of the widget's
/// frame clock (so it stops by itself when the widget is not shown).
final class TickAnimation {
    private let widget: Widget
    private var callbackID: guint = 0
    private var from = 0.0, to = 0.0
    private var startTime = 0
    private var duration: Double = 0
    private var apply: (Double) -> Void = { _ in }

    init(widget: Widget) {
        self.widget = widget
    }

    var isRunning: Bool { callbackID != 0 }

    /// Animates from `from` to `to`, calling `apply` each frame and once more with `to`.
    /// Without a mapped widget (no frame clock) it jumps to the end.
    func run(from: Double, to: Double, milliseconds: Double = 180, apply: @escaping (Double) -> Void) {
        stop()
        guard gtk_widget_get_mapped(widget) != 0, from != to else {
            apply(to)
            return
        }
        self.from = from
        self.to = to
        self.duration = milliseconds * 1000
        self.apply = apply
        startTime = 0
        let tick: GtkTickCallback = { _, clock, data in
            MainActor.assumeIsolated { Unmanaged<TickAnimation>.fromOpaque(data!).takeUnretainedValue().step(clock!) ? 1 : 0 }
        }
        let done: GDestroyNotify = { data in Unmanaged<TickAnimation>.fromOpaque(data!).release() }
        callbackID = gtk_widget_add_tick_callback(widget, tick, Unmanaged.passRetained(self).toOpaque(), done)
    }

    func stop() {
        guard callbackID != 0 else { return }
        gtk_widget_remove_tick_callback(widget, callbackID)
        callbackID = 0
    }

    private func step(_ clock: OpaquePointer) -> Bool {
        let now = gdk_frame_clock_get_frame_time(clock)
        if startTime == 0 { startTime = now }
        let progress = min(1, Double(now - startTime) / duration)
        // Ease out: fast at first, settling gently.
        let eased = 1 - pow(1 - progress, 3)
        apply(from + (to - from) * eased)
        if progress >= 1 {
            callbackID = 0
            return false
        }
        return true
    }
}
