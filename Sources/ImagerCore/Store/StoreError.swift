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
    /// Another program (say `imager --import`) is writing; nothing was written, and the
    /// same write will go through once it is done.
    case busy(path: String)
    /// The chordset at `index` of an import has a title that may not enter the store.
    case refused(index: Int, ChordsetTitle.Refusal)
    /// A lumi of an import is out of range (chordset `index`, chord `slot`, lumi `lumi`,
    /// all zero-based). The file reader checks first, so only a caller that built lumis
    /// by hand meets this.
    case refusedLumi(index: Int, slot: Int, lumi: Int, Lumi.Refusal)
    /// A set list's title may not enter the store: the one at `index` of an import, or (nil)
    /// the one given to a create or a rename.
    case refusedSetListTitle(index: Int?, ChordsetTitle.Refusal)
    /// Entry `entry` of set list `setList` in an import (both zero-based) names a chordset
    /// that is neither in the same file nor in the store.
    case unknownSetListChordset(setList: Int, entry: Int, id: UUID)
    /// No set list, set-list entry or chordset has this id (it may have been deleted meanwhile).
    case noSuchSetList(UUID)
    case noSuchSetListEntry(UUID)
    case noSuchChordset(UUID)
    /// The caller asked a long write to stop; it was rolled back.
    case cancelled
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
        case let .busy(path):
            "Another program is writing to \(path); Imager will save as soon as it is done."
        case let .refused(index, .empty):
            "chordsets[\(index)] has an empty title."
        case let .refused(index, .tooLong(length)):
            "chordsets[\(index)] has a title of \(length) characters; a title has at most \(ChordsetTitle.maximumLength)."
        case let .refusedLumi(index, slot, lumi, .outOfRange(field, value)):
            LumiProblem(chordset: index, chord: slot, lumi: lumi, reason: .outOfRange(field, value: value)).description
        case let .refusedSetListTitle(index?, .empty):
            "setlists[\(index)] has an empty title."
        case let .refusedSetListTitle(index?, .tooLong(length)):
            "setlists[\(index)] has a title of \(length) characters; a title has at most \(ChordsetTitle.maximumLength)."
        case .refusedSetListTitle(nil, .empty):
            "A set list's title cannot be empty."
        case let .refusedSetListTitle(nil, .tooLong(length)):
            "The title has \(length) characters; a title has at most \(ChordsetTitle.maximumLength)."
        case let .unknownSetListChordset(setList, entry, id):
            "setlists[\(setList)].chordsets[\(entry)]: no chordset has the id \(id.uuidString), in the file or in the list."
        case let .noSuchSetList(id):
            "No set list has the id \(id.uuidString)."
        case let .noSuchSetListEntry(id):
            "No set-list entry has the id \(id.uuidString)."
        case let .noSuchChordset(id):
            "No chordset has the id \(id.uuidString)."
        case .cancelled:
            "Cancelled; nothing was changed."
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

    /// True when waiting for another writer is all it takes.
    public var isBusy: Bool {
        if case .busy = self { return true }
        return false
    }

    /// True when an import's set list was refused: the file is at fault, and the message
    /// names the place in it (`setlists[0].chordsets[3]: …`).
    public var refusesImportedSetList: Bool {
        switch self {
        case .refusedSetListTitle(index: _?, _), .unknownSetListChordset: true
        default: false
        }
    }

    public var isNewerVersion: Bool {
        if case .newerVersion = self { return true }
        return false
    }
}
