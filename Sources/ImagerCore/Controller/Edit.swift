import Foundation

/// One undoable change to the list. Applying an edit returns its inverse, so undo and
/// redo are the same operation run from two stacks (Foundation's UndoManager does not
/// exist on Linux). Edits name chordsets by id, so they stay valid across merges.
enum Edit {
    /// A new chordset at the end of the list; the save chooses its final position.
    case add(Chordset)
    /// Put these chordsets back (each keeps its own position value), with the lumis they
    /// held when they were taken out (only chordsets that had any are named) and the places
    /// they held in set lists (by chordset; only those that had any).
    case insert([Chordset], lumis: KeptLumis, places: [UUID: [SetListPlace]] = [:])
    /// Show chordsets that are already stored (an import wrote them); nothing to save.
    case adopt([Chordset])
    /// Take these chordsets out. Their lumis and their places in set lists are read as they
    /// go (before a save's cascade deletes them from the store), so the inverse `.insert` can
    /// put them back.
    case remove([Chordset])
    case rename(UUID, from: String, to: String)
    case move(UUID, from: Double, to: Double)
    case setColor(UUID, slot: Int, from: RGBAColor, to: RGBAColor)
    /// The lumis of one chord, whole: an editor's every action is one of these.
    case setLumis(UUID, slot: Int, from: [Lumi], to: [Lumi])
    /// New positions in the same order: the list renumbered when moves used up a gap.
    case reposition([UUID: Double])
    /// Edits done and undone as one step.
    case batch([Edit])
}

/// An edit with the words the Edit menu shows: "Undo Delete “Warm”".
struct UndoStep {
    var name: UndoName
    var edit: Edit
    /// Tells this step from every other of its controller (a toast's Undo names one).
    var id: Int
}
