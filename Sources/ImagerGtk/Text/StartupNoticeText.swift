import ImagerCore

/// What the window says about opening the chordsets, in the person's language.
extension StartupNotice {
    var sentence: String {
        switch self {
        case let .movedAside(error, path):
            tr("{problem} It was moved to {path}, unchanged, and Imager started a new, empty database.",
               ["problem": error.sentence, "path": path])
        case let .couldNotMoveAside(error, reason):
            tr("{problem} It could not be moved aside ({reason}), so nothing will be saved this session.",
               ["problem": error.sentence, "reason": reason.sentence])
        case let .keptInMemory(error):
            tr("{problem} Your changes are kept in memory; Imager will try to save them again.", ["problem": error.sentence])
        case .newerVersion:
            tr("This database was written by a newer version of Imager. Nothing will be changed; edits cannot be saved.")
        case let .newerVersionUnreadable(error):
            tr("Its chordsets cannot be shown by this version ({problem}).", ["problem": error.sentence])
        case let .failed(error):
            error.sentence
        case let .seedRefused(reason):
            tr("The starter chordsets could not be loaded: {reason}. The list starts empty.", ["reason": reason])
        case let .seedNotStored(reason):
            tr("The starter chordsets could not be stored: {reason}.", ["reason": reason])
        case let .unreadableRows(count, first):
            trn("{count} chordset in the database could not be read ({first}) and is left untouched in the file; the others are shown.",
                "{count} chordsets in the database could not be read ({first}) and are left untouched in the file; the others are shown.",
                count, ["first": first])
        }
    }
}
