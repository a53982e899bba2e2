import CGtk
import Foundation
import ImagerCore

/// Undo and Redo show what they bring back. The chordsets they put into the list (deleted
/// rows restored, an import or a paste redone) are selected, and the first is scrolled into
/// view, with the keyboard focus when the list had it. GTK keeps the focused row where it is
/// on screen, so rows restored above it would come back out of sight, and the only sign of
/// the undo would be the count in the title.
extension MainWindow {
    /// Runs `undoOrRedo`, then shows the chordsets it put into the list.
    func showingWhatComesBack(_ undoOrRedo: () -> Void) {
        let listHadFocus = list.focusedRow != nil
        comingBack = []
        undoOrRedo()
        let cameBack = comingBack ?? []
        comingBack = nil
        guard let first = cameBack.first, let position = controller.index(of: first) else { return }
        // More than a selection carries (Delete All undone over a long list): the first only.
        list.select(ids: cameBack.count > ChordsetList.carryLimit ? [first] : cameBack)
        if listHadFocus {
            list.focus(position: position)
        } else {
            list.scrollTo(position: position)
        }
    }

    /// Called with every change of the list: while Undo or Redo runs, notes the chordsets
    /// it inserts (the list is told of insertions after they are made, so the indices hold),
    /// up to one more than a selection carries.
    func noteComingBack(_ change: ListChange) {
        guard var ids = comingBack, case let .inserted(index, count) = change else { return }
        let room = ChordsetList.carryLimit + 1 - ids.count
        guard room > 0 else { return }
        let end = min(index + min(count, room), controller.chordsets.count)
        guard index < end else { return }
        ids.append(contentsOf: controller.chordsets[index..<end].map(\.id))
        comingBack = ids
    }
}
