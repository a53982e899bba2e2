import CGtk
import Foundation

/// Perform for a program driving the window (the benchmark's scripted performance): the
/// same action as F5, and keys by their GDK names through the view's own key handling.
extension ImagerWindow {
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
    /// How often the canvas was drawn, and how often a chord was rendered into its layers.
    public var performCanvasDraws: Int { window.performance?.canvas.draws ?? 0 }
    public var performChordRenders: Int { window.performance?.canvas.chordRenders ?? 0 }
    public var performLayersMade: Int { window.performance?.canvas.layersMade ?? 0 }
}
