import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// The Set Lists window, and Perform playing a set list: Page Up and Page Down walk the
/// set list's chordsets instead of the whole list.
extension MainWindow {
    /// Opens the Set Lists window, or brings it to the front.
    func openSetLists() {
        if let setListsWindow {
            setListsWindow.present()
            return
        }
        let store: ChordsetStore
        do {
            store = try controller.storeForSetLists()
        } catch {
            toast.show(tr("Could not open the set lists: {error}", ["error": "\(error)"]), offersUndo: false)
            return
        }
        let setLists = SetListsWindow(store: store, controller: controller, over: window) { [weak self] in
            self?.savedSelection()
        }
        setLists.onPerform = { [weak self] setList in self?.perform(setList) }
        setLists.onClose = { [weak self] in self?.setListsWindow = nil }
        setListsWindow = setLists
        setLists.present()
    }

    /// The selected chordsets in list order, once saved (a set list names stored chordsets
    /// only); nil when some could not be saved.
    private func savedSelection() -> [UUID]? {
        let chosen = list.selectedChordsets.map(\.id)
        guard !chosen.isEmpty else { return [] }
        if !controller.unsavedNewIDs.isDisjoint(with: chosen) || controller.hasUnsavedChanges { _ = autosave.save() }
        return controller.unsavedNewIDs.isDisjoint(with: chosen) ? chosen : nil
    }

    /// Performs `setList` from its first chordset, in the main window.
    func perform(_ setList: SetList) {
        guard performance == nil else { return }
        let setListID = setList.id
        let store = try? controller.storeForSetLists()
        // Read again at each Page Up or Page Down: the set list may be edited meanwhile.
        let chordsets: () -> [UUID] = { [weak self] in
            guard let self else { return [] }
            let current = (try? store?.loadSetLists())?.first { $0.id == setListID } ?? setList
            return current.chordsetIDs.filter { self.controller.index(of: $0) != nil }
        }
        guard let first = chordsets().first, let position = controller.index(of: first) else { return }
        gtk_window_present(cgtk_window(window))
        startPerforming(at: position, setList: chordsets)
    }
}
