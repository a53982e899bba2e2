import CGtk
import Foundation
import ImagerCore

/// What each action does. The names and keys are in `WindowAction`; this switch is the one
/// place that gives every action its behaviour.
extension MainWindow {
    func installActions() {
        for action in WindowAction.allCases where action.group == .window {
            let simple = g_simple_action_new(action.name, nil)!
            Signal.connectPointer(simple, "activate") { [weak self] _ in self?.perform(action) }
            g_action_map_add_action(cgtk_action_map(window), cgtk_action(UnsafeMutableRawPointer(simple)))
            actions[action] = simple
            g_object_unref(UnsafeMutableRawPointer(simple))
        }
    }

    func perform(_ action: WindowAction) {
        switch action {
        case .addChordset:
            controller.add()
            // New chordsets go at the end of the list.
            list.edit(position: controller.count - 1)
        case .renameChordset:
            if let position = list.selectedPosition { list.edit(position: position) }
        case .deleteChordset:
            if let chordset = list.selectedChordset { delete(id: chordset.id) }
        case .openRowMenu:
            list.showMenuForSelection()
        case .deleteAll:
            confirmDeleteAll()
        case .undo:
            controller.undo()
        case .redo:
            controller.redo()
        case .importChordsets:
            FileTransfer.chooseImport(over: window) { [weak self] path in self?.importChordsets(from: path) }
        case .exportChordsets:
            FileTransfer.chooseExport(over: window) { [weak self] path in self?.exportChordsets(to: path) }
        case .showShortcuts:
            ShortcutsWindow.present(over: window)
        case .about:
            AboutDialog.present(over: window)
        case .close:
            gtk_window_close(cgtk_window(window))
        case .quit:
            onQuit()
        }
        stateChanged()
    }

    func updateActionStates() {
        let hasSelection = list.selectedPosition != nil
        setEnabled(.renameChordset, hasSelection)
        setEnabled(.deleteChordset, hasSelection)
        setEnabled(.openRowMenu, hasSelection)
        setEnabled(.deleteAll, !controller.isEmpty)
        setEnabled(.exportChordsets, !controller.isEmpty)
        setEnabled(.undo, controller.canUndo)
        setEnabled(.redo, controller.canRedo)
    }

    private func setEnabled(_ action: WindowAction, _ enabled: Bool) {
        guard let simple = actions[action] else { return }
        g_simple_action_set_enabled(simple, enabled ? 1 : 0)
    }

    // MARK: Behaviour shared by actions and rows

    func delete(id: UUID) {
        guard let chordset = controller.chordset(id: id) else { return }
        controller.delete(id: id)
        toast.show("“\(chordset.title)” deleted")
    }

    private func confirmDeleteAll() {
        let count = controller.count
        guard count > 0 else { return }
        let detail = "All \(count) \(count == 1 ? "chordset" : "chordsets") and their chords will be deleted. "
            + "You can undo this."
        MessageDialog.confirm(over: window, "Delete All Chordsets?", detail: detail, actionLabel: "Delete All") {
            [weak self] in
            guard let self else { return }
            self.controller.deleteAll()
            self.toast.show("All chordsets deleted")
        }
    }

    func pickColor(id: UUID, slot: Int) {
        guard let chordset = controller.chordset(id: id) else { return }
        let title = "Chord \(slot + 1) of “\(chordset.title)”"
        ChordColorDialog.present(over: window, title: title, initial: chordset.color(at: slot)) { [weak self] color in
            self?.controller.setColor(color, slot: slot, of: id)
        }
    }

    func importChordsets(from path: String) {
        do {
            let chordsets = try ChordsetDocument.read(contentsOf: URL(fileURLWithPath: path))
            let added = try controller.importChordsets(chordsets)
            guard !added.isEmpty else {
                toast.show("The file has no chordsets", offersUndo: false)
                return
            }
            list.scrollTo(position: controller.count - 1)
            toast.show("Imported \(added.count) \(added.count == 1 ? "chordset" : "chordsets")")
        } catch {
            MessageDialog.inform(over: window, "Could not import the file", detail: "\(error)")
        }
    }

    func exportChordsets(to path: String) {
        if let problem = FileTransfer.export(controller.chordsets, to: path) {
            MessageDialog.inform(over: window, "Could not export", detail: problem)
        } else {
            let count = controller.count
            toast.show("Exported \(count) \(count == 1 ? "chordset" : "chordsets")", offersUndo: false)
        }
    }
}
