import CGtk

/// Runs work on each frame of a widget's frame clock while it returns true (the widget must
/// be mapped for frames to come). The tick callback owns the closure.
enum EachFrame {
    private final class Work {
        let step: () -> Bool
        init(_ step: @escaping () -> Bool) { self.step = step }
    }

    static func run(on widget: Widget, _ step: @escaping () -> Bool) {
        let tick: GtkTickCallback = { _, _, data in
            MainActor.assumeIsolated { Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue().step() ? 1 : 0 }
        }
        let release: GDestroyNotify = { data in Unmanaged<Work>.fromOpaque(data!).release() }
        gtk_widget_add_tick_callback(widget, tick, Unmanaged.passRetained(Work(step)).toOpaque(), release)
    }
}
