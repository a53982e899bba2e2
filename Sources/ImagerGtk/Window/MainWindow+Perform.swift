import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// Where the list was when Perform began, to go back to it on leaving.
struct PerformReturn {
    let chordsetID: UUID
    let scrollOffset: Double
    /// Whether the window was full screen before Perform began: leaving brings that back,
    /// whatever F11 did meanwhile.
    let wasFullScreen: Bool

    /// Full screen (true) or not (false) on leaving Perform, or nil to leave it as it is.
    func fullScreenOnLeaving(isFullScreen: Bool) -> Bool? {
        isFullScreen == wasFullScreen ? nil : wasFullScreen
    }
}

/// Entering and leaving the Perform view (F5, the row menu's Perform, the header's button):
/// the window's content and header bar give way to the view; Escape brings back the list
/// with the same row selected and the same scroll position.
extension MainWindow {
    /// Starts on the chordset at `position` (else the selected one), walking `setList`'s
    /// chordsets with Page Up and Page Down (else the whole list).
    func startPerforming(at chosen: Int? = nil, setList: (() -> [UUID])? = nil) {
        guard performance == nil, let position = chosen ?? chordsetToPerform, controller.chordsets.indices.contains(position) else { return }
        let chordset = controller.chordsets[position]
        guard let view = PerformView(controller: controller, chordsetID: chordset.id,
                                     fadeTime: PerformSettings.loadFadeTime(from: performSettingsPath),
                                     fadeCurve: PerformSettings.loadFadeCurve(from: performSettingsPath),
                                     safeLight: PerformSettings.loadSafeLight(from: performSettingsPath)) else { return }
        // Leaving comes back to this row, selected.
        if list.selectedPosition != position { list.select(position: position) }
        list.commitEditing()
        performReturn = PerformReturn(chordsetID: chordset.id, scrollOffset: listScrollOffset,
                                      wasFullScreen: gtk_window_is_fullscreen(cgtk_window(window)) != 0)
        let settingsPath = performSettingsPath
        view.onFadeTimeChanged = { PerformSettings.save($0, to: settingsPath) }
        view.onFadeCurveChanged = { PerformSettings.save($0, to: settingsPath) }
        view.setListChordsets = setList
        view.onLeave = { [weak self] in self?.stopPerforming() }
        view.onToggleFullScreen = { [weak self] in self?.togglePerformFullScreen() }
        view.onLiveChanged = { [weak self] in self?.controllers.midi.showLive(slot: $0) }
        view.tempo.follow = FollowTempoSettings.load(from: settingsPath)
        view.tempo.fadeBeats = FollowTempoSettings.loadFadeBeats(from: settingsPath)
        let stage = PerformStage(view: view)
        stage.onChosen = { PerformSettings.save($0, to: settingsPath) }
        view.stage = stage
        view.strip.addOutputChooser(stage.chooser.widget)
        performance = view
        gtk_stack_add_named(cgtk_stack(modes), view.widget, "perform")
        gtk_stack_set_visible_child_name(cgtk_stack(modes), "perform")
        // Hidden outright, so screen readers do not find the list's controls behind the view.
        editContent?.isVisible = false
        headerBar?.isVisible = false
        view.start()
        controllers.midi.showLive(slot: view.state.current.slot)
        stage.start(wanted: PerformSettings.loadOutput(from: settingsPath))
        updateActionStates()
    }

    /// The selected row; before anything is selected (at launch the focus is on the first
    /// row and nothing is selected), the row with the keyboard focus, else the first.
    private var chordsetToPerform: Int? {
        guard !controller.isEmpty else { return nil }
        if let selected = list.selectedPosition { return selected }
        return list.boundRows.compactMap(\.position).first { list.hasFocus(at: $0) } ?? 0
    }

    func stopPerforming() {
        guard let view = performance, let back = performReturn else { return }
        view.finishFade()
        view.stop()
        controllers.midi.showLive(slot: nil)
        switch back.fullScreenOnLeaving(isFullScreen: gtk_window_is_fullscreen(cgtk_window(window)) != 0) {
        case true?: gtk_window_fullscreen(cgtk_window(window))
        case false?: gtk_window_unfullscreen(cgtk_window(window))
        case nil: break
        }
        headerBar?.isVisible = true
        editContent?.isVisible = true
        gtk_stack_set_visible_child_name(cgtk_stack(modes), "edit")
        gtk_stack_remove(cgtk_stack(modes), view.widget)
        performance = nil
        performReturn = nil
        FrameMemory.giveBack()
        updateActionStates()

        // The chordset performed last (PageUp/PageDown may have moved on) is the row to
        // come back to; if it is the one Perform began with, the list is where it was.
        let lastID = view.state.current.chordsetID
        let target = controller.index(of: lastID) ?? controller.index(of: back.chordsetID)
        if let target { list.select(position: target) }
        if lastID == back.chordsetID {
            restoreListScroll(back.scrollOffset)
        } else {
            if let target { list.scrollTo(position: target) }
            MainLoop.idle { [weak self] in self?.focusSelectedRow() }
        }
    }

    func togglePerformFullScreen() {
        let gtkWindow = cgtk_window(window)
        if gtk_window_is_fullscreen(gtkWindow) != 0 {
            gtk_window_unfullscreen(gtkWindow)
        } else {
            gtk_window_fullscreen(gtkWindow)
        }
    }

    private var editContent: Widget? {
        gtk_stack_get_child_by_name(cgtk_stack(modes), "edit")
    }

    private var listAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(list.scrolledWindow))
    }

    var listScrollOffset: Double {
        listAdjustment.map { gtk_adjustment_get_value($0) } ?? 0
    }

    /// The list had no size while hidden, so its adjustment cannot take the old offset at
    /// once: it is set on each frame until the list is laid out again and keeps it (at most
    /// half a second), then the focus goes back to the selected row.
    private func restoreListScroll(_ offset: Double) {
        var framesLeft = 30
        EachFrame.run(on: list.scrolledWindow) { [weak self] in
            guard let self, let adjustment = self.listAdjustment else { return false }
            framesLeft -= 1
            let reachable = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            if reachable >= offset || framesLeft <= 0 {
                gtk_adjustment_set_value(adjustment, offset)
            }
            let done = abs(gtk_adjustment_get_value(adjustment) - offset) < 0.5 || framesLeft <= 0
            if done { self.focusSelectedRow() }
            return !done
        }
    }

    /// Gives the keyboard back to the selected row, if it is on screen (focusing a row off
    /// screen would scroll the list to it, and the scroll position is to be kept).
    private func focusSelectedRow() {
        guard performance == nil, let position = list.selectedPosition,
              let row = list.boundRow(at: position), let item = gtk_widget_get_parent(row.widget) else { return }
        var y = 0.0, x = 0.0
        guard cgtk_widget_translate_point(item, list.scrolledWindow, 0, 0, &x, &y) != 0 else { return }
        let visible = y >= 0 && y + Double(gtk_widget_get_height(item)) <= Double(gtk_widget_get_height(list.scrolledWindow))
        if visible { gtk_widget_grab_focus(item) }
    }
}
