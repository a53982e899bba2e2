/// Something the person must hear about opening their chordsets, as a value: the window words
/// it in their language; `description` is the English the command line and logs print.
public enum StartupNotice: Equatable, Sendable, CustomStringConvertible {
    /// An unreadable database was moved aside, unchanged, and a new one started.
    case movedAside(StoreError, to: String)
    /// It could not be moved aside (`reason`); nothing will be saved this session.
    case couldNotMoveAside(StoreError, reason: StoreError)
    /// The store could not be opened; edits are kept in memory and saved once it can be.
    case keptInMemory(StoreError)
    /// A newer Imager wrote the database: shown read-only, nothing changed.
    case newerVersion
    /// ...and its tables are beyond what this version can read.
    case newerVersionUnreadable(StoreError)
    /// Opening failed after the database was moved aside or once open.
    case failed(StoreError)
    /// The bundled starter chordsets were refused (`InterchangeError`) or not stored.
    case seedRefused(String)
    case seedNotStored(String)
    /// `count` rows could not be read; `first` describes the first.
    case unreadableRows(count: Int, first: String)

    public var description: String {
        switch self {
        case let .movedAside(error, path):
            "\(error) It was moved to \(path), unchanged, and Imager started a new, empty database."
        case let .couldNotMoveAside(error, reason):
            "\(error) It could not be moved aside (\(reason)), so nothing will be saved this session."
        case let .keptInMemory(error):
            "\(error) Your changes are kept in memory; Imager will try to save them again."
        case .newerVersion:
            "This database was written by a newer version of Imager. Nothing will be changed; edits cannot be saved."
        case let .newerVersionUnreadable(error):
            "Its chordsets cannot be shown by this version (\(error))."
        case let .failed(error):
            "\(error)"
        case let .seedRefused(reason):
            "The starter chordsets could not be loaded: \(reason). The list starts empty."
        case let .seedNotStored(reason):
            "The starter chordsets could not be stored: \(reason)."
        case let .unreadableRows(count, first):
            "\(count == 1 ? "1 chordset" : "\(count) chordsets") in the database could not be read (\(first)) and "
                + "\(count == 1 ? "is" : "are") left untouched in the file; the others are shown."
        }
    }
}
