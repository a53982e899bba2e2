import CGtk
import ImagerGLib

/// Runs work once a widget's first frame has been painted: work that can wait (the rest of a
/// large list) must not delay what the user sees first. Lives on the main thread.
final class FirstFrame {
    private var painted = false
    private var waiting: [() -> Void] = []
    private var handler: SignalHandle?

    init(window: Widget) {
        guard let clock = gtk_widget_get_frame_clock(window) else {
            painted = true   // not realized: nothing to wait for
            return
        }
        // The handler holds this object until the first paint, then lets go of it.
        handler = Signal.connect(clock, "after-paint") { [self] in didPaint() }
    }

    func whenPainted(_ work: @escaping () -> Void) {
        if painted { work() } else { waiting.append(work) }
    }

    private func didPaint() {
        painted = true
        handler?.disconnect()
        handler = nil
        let work = waiting
        waiting = []
        work.forEach { $0() }
    }
}
