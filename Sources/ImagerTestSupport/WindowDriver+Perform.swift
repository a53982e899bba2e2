import CGtk
import Foundation
import ImagerCore
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

    /// Sends Perform's picture to the first monitor, in a window of its own, as choosing that
    /// monitor in Output does; false when Perform is not open or there is no monitor.
    @discardableResult
    public func performOnFirstMonitor() -> Bool {
        guard let stage = window.performance?.stage, let connector = stage.monitors.connectors.first else { return false }
        stage.choose(.monitor(connector: connector))
        return stage.isPictureElsewhere
    }

    /// Borrowed: the Perform canvas while Perform is open.
    public var performCanvas: UnsafeMutablePointer<GtkWidget>? { window.performance?.canvas.widget }
    public var isFading: Bool { window.performance?.state.fade != nil }
    /// The fade time Perform plays with; nil when Perform is not open.
    public var performFadeSeconds: Double? { window.performance?.state.fadeTime.seconds }
    /// The chord Perform plays (or fades to); nil when Perform is not open.
    public var performChord: ChordRef? { window.performance?.state.current }

    /// Counts, from now on, what the open Perform canvas does that costs. Nil when Perform is
    /// not open.
    public func countPerformWork() -> PerformWork? {
        window.performance.map { PerformWork(counting: $0.canvas) }
    }
}

/// What a Perform canvas does that costs, counted from the moment this is made: each chord
/// rendered into a layer (the canvas asks what a chord looks like once per rendering) and each
/// screen-sized layer made, by wrapping the canvas's two dependencies.
public final class PerformWork {
    public private(set) var chordRenders = 0
    public private(set) var layersMade = 0

    package init(counting canvas: PerformCanvas) {
        let pictureOf = canvas.pictureOf
        canvas.pictureOf = { [unowned self] chord in
            chordRenders += 1
            return pictureOf(chord)
        }
        let makeSurface = canvas.makeSurface
        canvas.makeSurface = { [unowned self] width, height in
            layersMade += 1
            return makeSurface(width, height)
        }
    }
}
