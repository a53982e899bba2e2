import Foundation

/// Something in the sync folder where Imager expects a file or folder of its own (a device
/// folder, a change file, `device.txt`) that is not one: a symbolic link, a folder, a pipe, a
/// file of another user. A round never follows it, reads it or writes through it; it reports
/// it, leaves it untouched, and goes on with everything else.
public struct SkippedEntry: Equatable, Hashable, Sendable, CustomStringConvertible {
    public enum Outcome: Equatable, Hashable, Sendable {
        /// The round read and wrote everything else.
        case skipped
        /// It was in this computer's own device folder (or was that folder): this computer
        /// publishes under a new device id, whose folder it makes itself.
        case newDeviceID
    }

    public var path: String
    public var reason: String
    public var outcome: Outcome

    public init(path: String, reason: String, outcome: Outcome) {
        self.path = path
        self.reason = reason
        self.outcome = outcome
    }

    init(_ error: FileSystemError, outcome: Outcome) {
        self.init(path: error.path, reason: error.reason, outcome: outcome)
    }

    public var description: String {
        switch outcome {
        case .skipped: "\(TerminalText.escaped(path)): \(TerminalText.escaped(reason)); left untouched, and the round went on without it"
        case .newDeviceID: "\(TerminalText.escaped(path)): \(TerminalText.escaped(reason)); left untouched, and this computer now publishes under a new device id"
        }
    }
}
