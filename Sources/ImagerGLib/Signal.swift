import CGLib

/// A connected signal handler. Keep it to disconnect early; otherwise the handler lives as
/// long as the object that emits it.
public struct SignalHandle: @unchecked Sendable {
    let instance: gpointer
    let id: gulong

    public func disconnect() {
        if g_signal_handler_is_connected(instance, id) != 0 {
            g_signal_handler_disconnect(instance, id)
        }
    }
}

/// Owns one Swift closure for the lifetime of a GLib connection: passed retained as the
/// handler's user data and released in the closure's destroy notify. GLib keeps the GClosure
/// alive while it is being invoked, so the notify never runs under a running handler.
public final class SignalClosure<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }

    public static func from(_ data: gpointer?) -> Handler {
        Unmanaged<SignalClosure<Handler>>.fromOpaque(data!).takeUnretainedValue().handler
    }
}

/// Connections for the signal shapes Imager uses. Each shape has its own C thunk, because
/// a C callback's parameters must match the signal's exactly. GTK emits these signals on
/// the main thread; each thunk enters the main actor with `MainActor.assumeIsolated`, which
/// traps rather than run a handler anywhere else.
@MainActor
public enum Signal {
    private nonisolated static let release: GClosureNotify = { data, _ in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }

    /// Connects `thunk`, a C function of the signal's exact shape whose last parameter is the
    /// user data; the thunk finds `handler` with `SignalClosure<Handler>.from(data)`. The
    /// shapes below are built on it; a layer with signals of its own (GTK's) adds its shapes
    /// the same way.
    public nonisolated static func connect<Handler>(_ instance: some ObjectPointer, _ name: String, _ thunk: GCallback,
                                        _ handler: Handler, after: Bool) -> SignalHandle {
        let box = Unmanaged.passRetained(SignalClosure(handler) as AnyObject).toOpaque()
        let flags = after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0)
        let id = g_signal_connect_data(instance.raw, name, thunk, box, release, flags)
        return SignalHandle(instance: instance.raw, id: id)
    }

    /// `void (*)(instance, data)`: clicked, activate, scroll-end, startup...
    @discardableResult
    public static func connect(_ instance: some ObjectPointer, _ name: String, after: Bool = false,
                        _ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor () -> Void>.from(data)() }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: after)
    }

    /// `void (*)(instance, pointer, data)`: notify::*, list item factory signals, GAction activate.
    @discardableResult
    public static func connectPointer(_ instance: some ObjectPointer, _ name: String,
                               _ handler: @escaping @MainActor (gpointer?) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (gpointer?) -> Void>.from(data)(argument) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `void (*)(instance, guint position, guint count, data)`: a GtkSelectionModel's
    /// selection-changed (the range whose selection may have changed).
    @discardableResult
    public static func connectRange(_ instance: some ObjectPointer, _ name: String,
                             _ handler: @escaping @MainActor (Int, Int) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, position, count, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (Int, Int) -> Void>.from(data)(Int(position), Int(count)) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `void (*)(monitor, file, other_file, event, data)`: a GFileMonitor's changed.
    @discardableResult
    public static func connectFileChanged(_ monitor: some ObjectPointer,
                                   _ handler: @escaping @MainActor (GFileMonitorEvent) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = { _, _, _, event, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (GFileMonitorEvent) -> Void>.from(data)(event) }
        }
        return connect(monitor, "changed", unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `gboolean (*)(instance, data)`: close-request.
    @discardableResult
    public static func connectBool(_ instance: some ObjectPointer, _ name: String,
                            _ handler: @escaping @MainActor () -> Bool) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor () -> Bool>.from(data)() ? 1 : 0 }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `void (*)(instance, int, data)`: dialog response.
    @discardableResult
    public static func connectInt(_ instance: some ObjectPointer, _ name: String,
                           _ handler: @escaping @MainActor (Int32) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, value, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (Int32) -> Void>.from(data)(value) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `void (*)(instance, int, int, data)`: a drawing area's resize.
    @discardableResult
    public static func connectIntPair(_ instance: some ObjectPointer, _ name: String,
                               _ handler: @escaping @MainActor (Int32, Int32) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, Int32, Int32, gpointer?) -> Void = { _, first, second, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (Int32, Int32) -> Void>.from(data)(first, second) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `void (*)(instance, double, double, data)`: drag-begin/-update/-end, long-press pressed.
    @discardableResult
    public static func connectPoint(_ instance: some ObjectPointer, _ name: String,
                             _ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (Double, Double) -> Void>.from(data)(x, y) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `void (*)(instance, int n_press, double, double, data)`: click pressed/released.
    @discardableResult
    public static func connectPress(_ instance: some ObjectPointer, _ name: String,
                             _ handler: @escaping @MainActor (Int32, Double, Double) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, n, x, y, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (Int32, Double, Double) -> Void>.from(data)(n, x, y) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `gboolean (*)(instance, double dx, double dy, data)`: scroll. Return true to stop propagation.
    @discardableResult
    public static func connectScroll(_ instance: some ObjectPointer, _ name: String,
                              _ handler: @escaping @MainActor (Double, Double) -> Bool) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, dx, dy, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (Double, Double) -> Bool>.from(data)(dx, dy) ? 1 : 0 }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `gboolean (*)(instance, const GValue *, double x, double y, data)`: GtkDropTarget's drop.
    /// Return true when the drop was taken.
    @discardableResult
    public static func connectDrop(_ instance: some ObjectPointer, _ name: String,
                            _ handler: @escaping @MainActor (UnsafePointer<GValue>) -> Bool) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = {
            _, value, _, _, data in
            guard let value else { return 0 }
            return MainActor.assumeIsolated { SignalClosure<@MainActor (UnsafePointer<GValue>) -> Bool>.from(data)(value) ? 1 : 0 }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    // MARK: Drag and drop

    /// `void (*)(GtkDragSource *, GdkDrag *, gboolean delete_data, data)`: drag-end.
    @discardableResult
    public static func connectDragEnd(_ source: some ObjectPointer,
                               _ handler: @escaping @MainActor (OpaquePointer?) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gboolean, gpointer?) -> Void = { _, drag, _, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (OpaquePointer?) -> Void>.from(data)(drag) }
        }
        return connect(source, "drag-end", unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `gboolean (*)(GtkDropTargetAsync *, GdkDrop *, double x, double y, data)`: an async
    /// drop target's drop. Return true when the drop was taken (and finished).
    @discardableResult
    public static func connectDropAt(_ target: some ObjectPointer,
                              _ handler: @escaping @MainActor (OpaquePointer?, Double, Double) -> Bool) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, OpaquePointer?, Double, Double, gpointer?) -> gboolean = { _, drop, x, y, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (OpaquePointer?, Double, Double) -> Bool>.from(data)(drop, x, y) ? 1 : 0 }
        }
        return connect(target, "drop", unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `gboolean (*)(instance, pointer, data)`: a drop target's accept (the pointer is the GdkDrop).
    @discardableResult
    public static func connectPointerBool(_ instance: some ObjectPointer, _ name: String,
                                   _ handler: @escaping @MainActor (OpaquePointer?) -> Bool) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, argument, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (OpaquePointer?) -> Bool>.from(data)(argument) ? 1 : 0 }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    // MARK: Off the main thread

    /// `void (*)(instance, int, int, data)`, run on the thread that emits it, for objects a
    /// worker thread owns alone (a gdk-pixbuf loader emits size-prepared inside the write
    /// that found the size). The handler must touch nothing another thread uses.
    @discardableResult
    public nonisolated static func connectIntPairOnEmittingThread(_ instance: some ObjectPointer, _ name: String,
                                                      _ handler: @escaping (Int32, Int32) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, Int32, Int32, gpointer?) -> Void = { _, first, second, data in
            SignalClosure<(Int32, Int32) -> Void>.from(data)(first, second)
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }
}
