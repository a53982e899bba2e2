import Foundation

/// What can go wrong with the database, phrased for the person who has to act on it.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The file exists but is not a readable Imager database (random bytes, truncated, another format).
    case unreadable(path: String, reason: String)
    /// The file was written by a newer Imager; we refuse to touch it.
    case newerVersion(path: String, unknownMigrations: [String])
    /// The directory or file cannot be created or written (permissions, read-only mount).
    case notWritable(path: String, reason: String)
    /// The disk is full.
    case diskFull(path: String)
    /// Anything else SQLite reported.
    case failed(operation: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            "The database \(path) cannot be read: \(reason)."
        case let .newerVersion(path, unknown):
            "The database \(path) was written by a newer version of Imager "
                + "(it has \(unknown.joined(separator: ", ")), which this version does not know). "
                + "It was left untouched; please update Imager."
        case let .notWritable(path, reason):
            "Cannot write to \(path): \(reason)."
        case let .diskFull(path):
            "The disk holding \(path) is full."
        case let .failed(operation, reason):
            "Could not \(operation): \(reason)."
        }
    }

    /// True for failures that mean the file itself is bad (not the disk or permissions):
    /// those are the ones where the app moves the file aside and starts fresh.
    public var isUnreadableFile: Bool {
        if case .unreadable = self { return true }
        return false
    }
}
