import ImagerCore

/// A failed save or open in the person's language, for the save banner. The reasons inside
/// (`reason`) come from the system or SQLite as they are.
extension StoreError {
    nonisolated var sentence: String {
        switch self {
        case let .unreadable(path, reason):
            tr("The database {path} cannot be read: {reason}.", ["path": path, "reason": reason])
        case let .newerVersion(path, _):
            tr("The database {path} was written by a newer version of Imager. It was left untouched; please update Imager.",
               ["path": path])
        case let .notWritable(path, reason):
            tr("Cannot write to {path}: {reason}.", ["path": path, "reason": reason])
        case let .diskFull(path):
            tr("The disk holding {path} is full.", ["path": path])
        case let .busy(path):
            tr("Another program is writing to {path}; Imager will save as soon as it is done.", ["path": path])
        case .refused, .refusedLumi, .refusedSetListTitle, .unknownSetListChordset, .noSuchSetList, .noSuchSetListEntry, .noSuchChordset:
            description
        case .cancelled:
            tr("Cancelled; nothing was changed.")
        case let .failed(operation, reason):
            tr("Could not {operation}: {reason}.", ["operation": operation, "reason": reason])
        }
    }
}
