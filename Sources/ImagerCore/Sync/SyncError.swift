import Foundation

/// What can stop a sync round, naming the file or folder and the problem.
public enum SyncError: Error, Equatable, CustomStringConvertible {
    /// No sync folder is chosen.
    case notConfigured
    /// The sync folder is not there (not mounted, removed, a typo).
    case missingFolder(path: String)
    case unreadable(path: String, reason: String)
    case notWritable(path: String, reason: String)
    case store(StoreError)

    public var description: String {
        switch self {
        case .notConfigured: "No sync folder is chosen; choose one with “imager --sync-folder DIR”."
        case let .missingFolder(path): "The sync folder \(TerminalText.escaped(path)) does not exist."
        case let .unreadable(path, reason): "Cannot read \(TerminalText.escaped(path)): \(TerminalText.escaped(reason))."
        case let .notWritable(path, reason): "Cannot write \(TerminalText.escaped(path)): \(TerminalText.escaped(reason))."
        case let .store(error): "\(error)"
        }
    }
}

/// A record a round skipped, and why; the round goes on with every other record and file.
public struct SkippedRecord: Equatable, Sendable, CustomStringConvertible {
    public var path: String
    /// Where the line starts in the file.
    public var byteOffset: Int
    public var problem: ChangeLine.Problem

    /// The path and the problem may quote the folder's contents: escaped for a terminal.
    public var description: String {
        "\(TerminalText.escaped(path)), at byte \(byteOffset): skipped a record: \(TerminalText.escaped(problem.description))"
    }
}
