import ImagerCore

/// The main menu's Undo and Redo items, named after what they would do, in the person's
/// language: "Undo Delete “Warm”", "Redo Import 3 Chordsets".
extension UndoName {
    var undoText: String {
        switch self {
        case .addChordset: tr("Undo Add Chordset")
        case let .add(title): tr("Undo Add “{title}”", ["title": title])
        case .rename: tr("Undo Rename")
        case let .delete(title): tr("Undo Delete “{title}”", ["title": title])
        case let .deleteSeveral(count): trn("Undo Delete {count} Chordset", "Undo Delete {count} Chordsets", count)
        case .deleteAll: tr("Undo Delete All")
        case .move: tr("Undo Move")
        case .changeColour: tr("Undo Change Colour")
        case let .importChordsets(count): trn("Undo Import {count} Chordset", "Undo Import {count} Chordsets", count)
        case .editChord: tr("Undo Edit Chord")
        case let .duplicate(title): tr("Undo Duplicate “{title}”", ["title": title])
        case let .duplicateSeveral(count): trn("Undo Duplicate {count} Chordset", "Undo Duplicate {count} Chordsets", count)
        }
    }

    var redoText: String {
        switch self {
        case .addChordset: tr("Redo Add Chordset")
        case let .add(title): tr("Redo Add “{title}”", ["title": title])
        case .rename: tr("Redo Rename")
        case let .delete(title): tr("Redo Delete “{title}”", ["title": title])
        case let .deleteSeveral(count): trn("Redo Delete {count} Chordset", "Redo Delete {count} Chordsets", count)
        case .deleteAll: tr("Redo Delete All")
        case .move: tr("Redo Move")
        case .changeColour: tr("Redo Change Colour")
        case let .importChordsets(count): trn("Redo Import {count} Chordset", "Redo Import {count} Chordsets", count)
        case .editChord: tr("Redo Edit Chord")
        case let .duplicate(title): tr("Redo Duplicate “{title}”", ["title": title])
        case let .duplicateSeveral(count): trn("Redo Duplicate {count} Chordset", "Redo Duplicate {count} Chordsets", count)
        }
    }
}
