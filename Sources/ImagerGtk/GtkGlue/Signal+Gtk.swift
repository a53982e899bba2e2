import CGtk
import ImagerGLib

/// The signal shapes only GTK has: their parameters are GDK and GTK types.
extension Signal {
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

    /// `void (*)(GtkGestureClick *, double x, double y, guint button, GdkEventSequence *, data)`:
    /// unpaired-release, a release whose press the gesture no longer holds. The handler gets
    /// the point and the button.
    @discardableResult
    static func connectUnpairedRelease(_ click: some ObjectPointer,
                                       _ handler: @escaping @MainActor (Double, Double, UInt32) -> Void) -> SignalHandle {
        let thunk: @convention(c) (gpointer?, Double, Double, guint, OpaquePointer?, gpointer?) -> Void = { _, x, y, button, _, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor (Double, Double, UInt32) -> Void>.from(data)(x, y, button) }
        }
        return connect(click, "unpaired-release", unsafeBitCast(thunk, to: GCallback.self), handler, after: false)
    }
}
