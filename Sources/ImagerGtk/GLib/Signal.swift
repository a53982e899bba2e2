import CGtk

/// A connected signal handler. Keep it to disconnect early; otherwise the handler lives as
/// long as the object that emits it.
struct SignalHandle {
    let instance: gpointer
    let id: gulong

    func disconnect() {
        if g_signal_handler_is_connected(instance, id) != 0 {
            g_signal_handler_disconnect(instance, id)
        }
    }
}

/// Owns one Swift closure for the lifetime of a GLib connection: passed retained as the
/// handler's user data and released in the closure's destroy notify. GLib keeps the GClosure
/// alive while it is being invoked, so the notify never runs under a running handler.
final class SignalClosure<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }

    static func from(_ data: gpointer?) -> Handler {
        Unmanaged<SignalClosure<Handler>>.fromOpaque(data!).takeUnretainedValue().handler
    }
}

/// Connections for the signal shapes Imager uses. Each shape has its own C thunk, because
/// a C callback's parameters must match the signal's exactly. GTK emits these signals on
/// the main thread; each thunk enters the main actor with `MainActor.assumeIsolated`, which
/// traps rather than run a handler anywhere else.
enum Signal {
    private static let release: GClosureNotify = { data, _ in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }

    private static func connect<Handler>(_ instance: some ObjectPointer, _ name: String, _ thunk: GCallback,
                                         _ handler: Handler, after: Bool) -> SignalHandle {
        let box = Unmanaged.passRetained(SignalClosure(handler) as AnyObject).toOpaque()
        let flags = after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0)
        let id = g_signal_connect_data(instance.raw, name, thunk, box, release, flags)
        return SignalHandle(instance: instance.raw, id: id)
    }

    /// `void (*)(instance, data)`: clicked, activate, scroll-end, startup...
    @discardableResult
    static func connect(_ instance: some ObjectPointer, _ name: String, after: Bool = false,
                        _ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor () -> Void>.from(data)() }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: after)
    }

    /// `void (*)(instance, pointer, data)`: notify::*, list item factory signals, GAction activate.
    @discardableResult
    static func connectPointer(_ instance: some ObjectPointer, _ name: String,
                               _ handler: @escaping @MainActor (gpointer?) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (gpointer?) -> Void>.from(data)(argument) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `void (*)(instance, guint position, guint count, data)`: a GtkSelectionModel's
    /// selection-changed (the range whose selection may have changed).
    @discardableResult
    static func connectRange(_ instance: some ObjectPointer, _ name: String,
                             _ handler: @escaping @MainActor (Int, Int) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, position, count, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (Int, Int) -> Void>.from(data)(Int(position), Int(count)) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `void (*)(monitor, file, other_file, event, data)`: a GFileMonitor's changed.
    @discardableResult
    static func connectFileChanged(_ monitor: some ObjectPointer,
                                   _ handler: @escaping @MainActor (GFileMonitorEvent) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = { _, _, _, event, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (GFileMonitorEvent) -> Void>.from(data)(event) }
        }
        return connect(monitor, "changed", unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `gboolean (*)(instance, data)`: close-request.
    @discardableResult
    static func connectBool(_ instance: some ObjectPointer, _ name: String,
                            _ handler: @escaping @MainActor () -> Bool) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor () -> Bool>.from(data)() ? 1 : 0 }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `void (*)(instance, int, data)`: dialog response.
    @discardableResult
    static func connectInt(_ instance: some ObjectPointer, _ name: String,
                           _ handler: @escaping @MainActor (Int32) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, value, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (Int32) -> Void>.from(data)(value) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `void (*)(instance, double, double, data)`: drag-begin/-update/-end, long-press pressed.
    @discardableResult
    static func connectPoint(_ instance: some ObjectPointer, _ name: String,
                             _ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (Double, Double) -> Void>.from(data)(x, y) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `void (*)(instance, int n_press, double, double, data)`: click pressed/released.
    @discardableResult
    static func connectPress(_ instance: some ObjectPointer, _ name: String,
                             _ handler: @escaping @MainActor (Int32, Double, Double) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, n, x, y, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (Int32, Double, Double) -> Void>.from(data)(n, x, y) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `gboolean (*)(instance, double dx, double dy, data)`: scroll. Return true to stop propagation.
    @discardableResult
    static func connectScroll(_ instance: some ObjectPointer, _ name: String,
                              _ handler: @escaping @MainActor (Double, Double) -> Bool) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, dx, dy, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (Double, Double) -> Bool>.from(data)(dx, dy) ? 1 : 0 }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `gboolean (*)(instance, const GValue *, double x, double y, data)`: GtkDropTarget's drop.
    /// Return true when the drop was taken.
    @discardableResult
    static func connectDrop(_ instance: some ObjectPointer, _ name: String,
                            _ handler: @escaping @MainActor (UnsafePointer<GValue>) -> Bool) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = {
            _, value, _, _, data in
            guard let value else { return 0 }
            return MainActor.assumeIsolated { SignalClosure<@MainActor (UnsafePointer<GValue>) -> Bool>.from(data)(value) ? 1 : 0 }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `gboolean (*)(instance, guint keyval, guint keycode, GdkModifierType, data)`: key-pressed.
    @discardableResult
    static func connectKey(_ instance: some ObjectPointer, _ name: String,
                           _ handler: @escaping @MainActor (UInt32, GdkModifierType) -> Bool) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
            _, keyval, _, state, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (UInt32, GdkModifierType) -> Bool>.from(data)(keyval, state) ? 1 : 0 }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }
    /// `gboolean (*)(instance, int x, int y, gboolean keyboard, GtkTooltip *, data)`:
    /// query-tooltip. The handler returns the text to show, or nil for no tooltip. Asked only
    /// when a tooltip is about to show, so a row pays nothing for it at bind, and the text
    /// does not become the widget's accessible description as a set tooltip would.
    @discardableResult
    static func connectTooltip(_ instance: some ObjectPointer, _ handler: @escaping @MainActor () -> String?) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, Int32, Int32, gboolean, OpaquePointer?, gpointer?) -> gboolean = {
            _, _, _, _, tooltip, data in
            MainActor.assumeIsolated {
                guard let tooltip, let text = SignalClosure<@MainActor () -> String?>.from(data)() else { return 0 }
                gtk_tooltip_set_text(tooltip, text)
                return 1
            }
        }
        gtk_widget_set_has_tooltip(instance.raw.assumingMemoryBound(to: GtkWidget.self), 1)
        return connect(instance, "query-tooltip", unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    // MARK: Drag and drop

    /// `GdkContentProvider *(*)(GtkDragSource *, double x, double y, data)`: a drag source's
    /// prepare. The handler returns the drag's content (a new reference, which GTK takes), or
    /// nil to refuse the drag.
    @discardableResult
    static func connectPrepare(_ source: some ObjectPointer,
                               _ handler: @escaping @MainActor (Double, Double) -> UnsafeMutablePointer<GdkContentProvider>?) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> UnsafeMutablePointer<GdkContentProvider>? = { _, x, y, data in
            // A pointer is not Sendable: it leaves the main actor as its address.
            let address = MainActor.assumeIsolated {
                UInt(bitPattern: SignalClosure<@MainActor (Double, Double) -> UnsafeMutablePointer<GdkContentProvider>?>.from(data)(x, y))
            }
            return UnsafeMutablePointer(bitPattern: address)
        }
        return connect(source, "prepare", unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `void (*)(GtkDragSource *, GdkDrag *, gboolean delete_data, data)`: drag-end.
    @discardableResult
    static func connectDragEnd(_ source: some ObjectPointer,
                               _ handler: @escaping @MainActor (OpaquePointer?) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gboolean, gpointer?) -> Void = { _, drag, _, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (OpaquePointer?) -> Void>.from(data)(drag) }
        }
        return connect(source, "drag-end", unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `GdkDragAction (*)(GtkDropTargetAsync *, GdkDrop *, double x, double y, data)`:
    /// drag-enter and drag-motion. The handler returns the action a drop would take (0: none).
    @discardableResult
    static func connectDropMotion(_ target: some ObjectPointer, _ name: String,
                                  _ handler: @escaping @MainActor (OpaquePointer?, Double, Double) -> GdkDragAction) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, OpaquePointer?, Double, Double, gpointer?) -> GdkDragAction = { _, drop, x, y, data in
            MainActor.assumeIsolated {
                SignalClosure<@MainActor (OpaquePointer?, Double, Double) -> GdkDragAction>.from(data)(drop, x, y)
            }
        }
        return connect(target, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `gboolean (*)(GtkDropTargetAsync *, GdkDrop *, double x, double y, data)`: an async
    /// drop target's drop. Return true when the drop was taken (and finished).
    @discardableResult
    static func connectDropAt(_ target: some ObjectPointer,
                              _ handler: @escaping @MainActor (OpaquePointer?, Double, Double) -> Bool) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, OpaquePointer?, Double, Double, gpointer?) -> gboolean = { _, drop, x, y, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (OpaquePointer?, Double, Double) -> Bool>.from(data)(drop, x, y) ? 1 : 0 }
        }
        return connect(target, "drop", unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }

    /// `gboolean (*)(instance, pointer, data)`: a drop target's accept (the pointer is the GdkDrop).
    @discardableResult
    static func connectPointerBool(_ instance: some ObjectPointer, _ name: String,
                                   _ handler: @escaping @MainActor (OpaquePointer?) -> Bool) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, argument, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (OpaquePointer?) -> Bool>.from(data)(argument) ? 1 : 0 }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }
}
