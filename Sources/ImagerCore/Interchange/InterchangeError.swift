/// Why a seed or import file was refused. The message names the file, the entry and the
/// reason, so the user can fix the file; nothing from a refused file is stored.
public struct InterchangeError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var reason: String
    /// Set when a lumi was refused: where it is and why, as a value (`reason` says the same).
    public var lumiProblem: LumiProblem?
    /// Set when a chordset entry was refused: which and why, as a value.
    public var chordsetProblem: ChordsetProblem?
    /// Set when a set list was refused: which and why, as a value.
    public var setListProblem: SetListProblem?
    /// Set when the file is a picture ("JPEG"), not a chordsets file.
    public var pictureFormat: String?

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public init(file: String, pictureFormat: String) {
        self.file = file
        self.reason = "is a \(pictureFormat) picture, not a chordsets file"
        self.pictureFormat = pictureFormat
    }

    public init(file: String, lumiProblem: LumiProblem) {
        self.file = file
        self.reason = lumiProblem.description
        self.lumiProblem = lumiProblem
    }

    public init(file: String, chordsetProblem: ChordsetProblem) {
        self.file = file
        self.reason = chordsetProblem.description
        self.chordsetProblem = chordsetProblem
    }

    public init(file: String, setListProblem: SetListProblem) {
        self.file = file
        self.reason = setListProblem.description
        self.setListProblem = setListProblem
    }

    /// The file's name and the words quoted from it are outside text: escaped for a terminal.
    public var description: String { TerminalText.escaped(file) + ": " + TerminalText.escaped(reason) }
}
