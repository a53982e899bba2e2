import CGLib

/// Work scheduled on GLib's main loop. `Task { @MainActor }` and `DispatchQueue.main` are
/// not run by the GLib loop that GTK spins, so UI work is scheduled through these.
/// Main-actor isolated, as GTK is; from another thread use
/// `MainLoop.idleFromAnyThread`, which hands nothing back.
@MainActor
public final class ScheduledWork {
    fileprivate var sourceID: guint = 0
    fileprivate let work: @MainActor () -> Bool

    fileprivate init(_ work: @escaping @MainActor () -> Bool) { self.work = work }

    /// True until the work ran for the last time or was cancelled.
    public var isPending: Bool { sourceID != 0 }

    public func cancel() {
        guard sourceID != 0 else { return }
        g_source_remove(sourceID)
    }
}

/// Work handed to the main loop from any thread: nothing in it is touched off the main
/// thread except the reference count.
private final class CrossThreadWork: Sendable {
    let work: @Sendable @MainActor () -> Void
    nonisolated init(_ work: @escaping @Sendable @MainActor () -> Void) { self.work = work }
}

@MainActor
public enum MainLoop {
    // GLib runs main-context sources on the thread that iterates the default context: GTK's
    // main thread. The thunks say so to the compiler (and trap if it were ever not so).
    private static let run: GSourceFunc = { data in
        let scheduled = Unmanaged<ScheduledWork>.fromOpaque(data!).takeUnretainedValue()
        return MainActor.assumeIsolated { scheduled.work() ? 1 : 0 }
    }
    // The source owns one reference to the work; this notify drops it when the source ends.
    private static let finished: GDestroyNotify = { data in
        let work = Unmanaged<ScheduledWork>.fromOpaque(data!)
        let scheduled = work.takeUnretainedValue()
        MainActor.assumeIsolated { scheduled.sourceID = 0 }
        work.release()
    }

    /// Runs `work` once, when nothing more urgent is pending.
    @discardableResult
    public static func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        let scheduled = ScheduledWork { work(); return false }
        scheduled.sourceID = g_idle_add_full(priority, run, Unmanaged.passRetained(scheduled).toOpaque(), finished)
        return scheduled
    }

    /// Runs `work` once on the main loop; callable from any thread (g_idle_add_full is
    /// thread-safe). It returns no handle: a handle's source id would be written on one
    /// thread and read on another.
    public nonisolated static func idleFromAnyThread(_ work: @escaping @Sendable @MainActor () -> Void) {
        let runOnce: GSourceFunc = { data in
            let box = Unmanaged<CrossThreadWork>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.work() }
            return 0
        }
        let release: GDestroyNotify = { data in Unmanaged<CrossThreadWork>.fromOpaque(data!).release() }
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, runOnce, Unmanaged.passRetained(CrossThreadWork(work)).toOpaque(), release)
    }

    /// Runs `work` once after `milliseconds`.
    @discardableResult
    public static func after(milliseconds: UInt32, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        repeating(milliseconds: milliseconds) { work(); return false }
    }

    /// Runs `work` every `milliseconds` while it returns true.
    @discardableResult
    public static func repeating(milliseconds: UInt32, _ work: @escaping @MainActor () -> Bool) -> ScheduledWork {
        let scheduled = ScheduledWork(work)
        scheduled.sourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, run,
                                                Unmanaged.passRetained(scheduled).toOpaque(), finished)
        return scheduled
    }

    /// Runs `work` when the process gets `signal` (SIGTERM, SIGINT, SIGHUP), on the main loop,
    /// so it may touch GTK and the controller.
    public static func onUnixSignal(_ signal: Int32, _ work: @escaping @MainActor () -> Void) {
        let scheduled = ScheduledWork { work(); return true }
        scheduled.sourceID = g_unix_signal_add_full(G_PRIORITY_HIGH, signal, run,
                                                    Unmanaged.passRetained(scheduled).toOpaque(), finished)
    }
}
