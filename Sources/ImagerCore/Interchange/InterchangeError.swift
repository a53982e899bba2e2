/// Why a seed or import file was refused. The message names the file, the entry and the
/// reason, so the user can fix the file; nothing from a refused file is stored.
public struct InterchangeError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
