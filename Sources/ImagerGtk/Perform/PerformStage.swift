import CGtk
import ImagerCore
import ImagerGLib

/// Where Perform's picture goes (its Output): in the Perform view itself ("This Window"), or
/// in a window of its own, full screen on another monitor, while the view becomes the
/// performer's control surface. One canvas moves between the two, so the chord, the fade and
/// the blackout on screen are the same wherever it is. A monitor unplugged during a show
/// brings the picture back into the view with the same chord; plugged in again, it is listed
/// again for the performer to choose.
package final class PerformStage {
    /// The view this stage belongs to (it owns the stage).
    private unowned let view: PerformView
    package let monitors = PerformMonitors()
    let chooser = PerformOutputChooser()
    let surface = PerformControlSurface()
    private(set) var outputWindow: PerformOutputWindow?
    /// The monitor the picture is on, or nil while it is in the view.
    private(set) var outputConnector: String?
    /// The performer chose an output in the strip: remember it (`PerformSettings`).
    var onChosen: (PerformOutput) -> Void = { _ in }

    init(view: PerformView) {
        self.view = view
        chooser.onChoose = { [weak self] output in self?.choose(output) }
        monitors.onChange = { [weak self] in self?.monitorsChanged() }
        surface.onStop = { [weak view] in view?.onLeave() }
    }

    isolated deinit {
        // The view went without leaving Perform (its window closed): the audience's window goes too.
        if let child = outputWindow?.close() { g_object_unref(child) }
    }

    /// Whether the picture is on a monitor of its own and the view is the control surface.
    package var isPictureElsewhere: Bool { outputWindow != nil }

    /// Where the picture is now.
    var output: PerformOutput { outputConnector.map { .monitor(connector: $0) } ?? .thisWindow }

    /// Starts with the remembered output, if its monitor is connected (else in the view).
    func start(wanted: PerformOutput) {
        let output = wanted.available(amongConnectors: monitors.connectors)
        chooser.show(monitors.monitors, selected: output)
        route(to: output)
    }

    package func choose(_ output: PerformOutput) {
        onChosen(output)
        route(to: output.available(amongConnectors: monitors.connectors))
        chooser.select(self.output)
    }

    /// Leaving Perform: the output window closes and the canvas is back in the view.
    func close() {
        bringPictureBack()
    }

    private func route(to output: PerformOutput) {
        guard output != self.output else { return }
        bringPictureBack()
        guard let connector = output.connector, let monitor = monitors.monitor(connector: connector) else { return }
        sendPicture(to: monitor)
    }

    private func sendPicture(to monitor: PerformMonitors.Monitor) {
        let canvas = view.canvas.widget
        let hadFocus = gtk_widget_has_focus(canvas) != 0
        g_object_ref(canvas)
        // Setting the view's child to the surface takes the canvas out of the view.
        gtk_overlay_set_child(cgtk_overlay(view.widget), surface.widget)
        let window = PerformOutputWindow(showing: canvas, on: monitor.monitor)
        g_object_unref(canvas)
        window.onKey = { [weak view] keyval, modifiers in view?.handleKey(keyval, modifiers: modifiers) ?? false }
        window.onCloseRequest = { [weak self] in self?.choose(.thisWindow) }
        outputWindow = window
        outputConnector = monitor.connector
        view.controlSurfaceShown(true)
        stateChanged()
        // The keyboard stays with the performer: the control window keeps the focus.
        if let root = gtk_widget_get_root(view.widget) {
            gtk_window_present(cgtk_window(UnsafeMutableRawPointer(root)))
        }
        if hadFocus || gtk_widget_get_focus_child(view.widget) == nil {
            gtk_widget_grab_focus(surface.live.widget)
        }
    }

    private func bringPictureBack() {
        guard let window = outputWindow else { return }
        outputWindow = nil
        outputConnector = nil
        let canvas = window.close()
        if let canvas {
            // Setting the canvas back as the view's child takes the surface out.
            gtk_overlay_set_child(cgtk_overlay(view.widget), canvas)
            g_object_unref(canvas)
            gtk_widget_grab_focus(canvas)
        }
        view.controlSurfaceShown(false)
    }

    /// A monitor was plugged in or unplugged: the list follows; if the picture's monitor is
    /// gone, the picture comes back into the view, the chord and fade as they are.
    private func monitorsChanged() {
        if let connector = outputConnector, monitors.monitor(connector: connector) == nil {
            bringPictureBack()
        }
        chooser.show(monitors.monitors, selected: output)
        stateChanged()
    }

    /// The live chord, the blackout or the list changed: the control surface follows.
    func stateChanged() {
        guard isPictureElsewhere else { return }
        let controller = view.controller
        // The set list playing, else the whole list: that one found through the controller's
        // index, with no copy of 100,000 ids at each chord.
        let live = view.state.current
        let cue: PerformCue
        if let setList = view.setListChordsets?() {
            cue = PerformCue(live: live, positionInSetList: setList.firstIndex(of: live.chordsetID), setList: setList)
        } else {
            cue = PerformCue(live: live, positionInSetList: controller.index(of: live.chordsetID),
                             setList: controller.chordsets.lazy.map(\.id))
        }
        let nextChordset = cue.next.flatMap { controller.chordset(id: $0.chordsetID) }
        let outputName = monitors.monitor(connector: outputConnector ?? "")?.name ?? PerformOutputChooser.thisWindowName
        surface.show(title: view.chordset?.title ?? "", slot: live.slot, liveName: view.accessibleName,
                     livePicture: view.state.isBlackedOut ? nil : picture(of: live),
                     cue: cue, nextTitle: nextChordset?.title, nextPicture: cue.next.flatMap(picture(of:)),
                     outputName: outputName)
    }

    private func picture(of chord: ChordRef) -> (RGBAColor, [Lumi])? {
        guard let chordset = view.controller.chordset(id: chord.chordsetID) else { return nil }
        return (chordset.color(at: chord.slot), view.controller.lumis(of: chord.chordsetID)[chord.slot])
    }
}
