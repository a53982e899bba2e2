import CGtk
import Foundation
import ImagerGtk

/// Perform for a program driving the window (the benchmark's scripted performance): the
/// same action as F5, and keys by their GDK names through the view's own key handling.
extension WindowDriver {
    /// F5.
    public func startPerforming() {
        gtk_widget_activate_action_variant(window.window, WindowAction.perform.detailedName, nil)
    }

    /// A key press in the Perform view, by GDK name ("5", "KP_5", "Page_Down", "Escape");
    /// false when Perform is not open or the key is not Perform's.
    @discardableResult
    public func performKey(_ name: String) -> Bool {
        let keyval = gdk_keyval_from_name(name)
        guard let view = window.performance, keyval != 0 else { return false }
        return view.handleKey(keyval)
    }

    /// Borrowed: the Perform canvas while Perform is open.
    public var performCanvas: UnsafeMutablePointer<GtkWidget>? { window.performance?.canvas.widget }
    public var isFading: Bool { window.performance?.state.fade != nil }

    /// Counts, from now on, what the open Perform canvas does that costs: each chord rendered
    /// into a layer (the canvas asks what the chord looks like once per rendering) and each
    /// screen-sized layer made. Nil when Perform is not open.
    public func countPerformWork() -> PerformWork? {
        guard let canvas = window.performance?.canvas else { return nil }
        let work = PerformWork()
        let pictureOf = canvas.pictureOf
        canvas.pictureOf = { chord in
            work.chordRenders += 1
            return pictureOf(chord)
        }
        let makeSurface = canvas.makeSurface
        canvas.makeSurface = { width, height in
            work.layersMade += 1
            return makeSurface(width, height)
        }
        return work
    }
}

/// What the Perform canvas did while it was counted.
public final class PerformWork {
    public fileprivate(set) var chordRenders = 0
    public fileprivate(set) var layersMade = 0
}
