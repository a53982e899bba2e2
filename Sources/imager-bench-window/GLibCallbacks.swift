import CGtk

// The two GLib callbacks the script needs, each owning its Swift closure (released in the
// destroy notify). ImagerGtk's own wrappers stay internal to it.

private final class Callback<Body> {
    let body: Body
    init(_ body: Body) { self.body = body }
}

/// Connects a `void (*)(instance, data)` signal: map, before-paint, after-paint.
func connect(_ instance: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor () -> Void) {
    let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
        let callback = Unmanaged<Callback<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated { callback.body() }
    }
    let release: GClosureNotify = { data, _ in
        Unmanaged<Callback<@MainActor () -> Void>>.fromOpaque(data!).release()
    }
    g_signal_connect_data(instance, name, unsafeBitCast(thunk, to: GCallback.self),
                          Unmanaged.passRetained(Callback(handler)).toOpaque(), release, GConnectFlags(rawValue: 0))
}

func connect(_ instance: UnsafeMutablePointer<GtkWidget>, _ name: String, _ handler: @escaping @MainActor () -> Void) {
    connect(UnsafeMutableRawPointer(instance), name, handler)
}

func connect(_ instance: OpaquePointer, _ name: String, _ handler: @escaping @MainActor () -> Void) {
    connect(UnsafeMutableRawPointer(instance), name, handler)
}

/// Runs `work` every `milliseconds` on the main loop while it returns true.
func repeating(milliseconds: UInt32, _ work: @escaping @MainActor () -> Bool) {
    let run: GSourceFunc = { data in
        let callback = Unmanaged<Callback<@MainActor () -> Bool>>.fromOpaque(data!).takeUnretainedValue()
        return MainActor.assumeIsolated { callback.body() ? 1 : 0 }
    }
    let release: GDestroyNotify = { data in Unmanaged<Callback<@MainActor () -> Bool>>.fromOpaque(data!).release() }
    g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, run, Unmanaged.passRetained(Callback(work)).toOpaque(), release)
}
