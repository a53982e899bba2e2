/// What a load read: the chordsets in list order, and the rows it could not read.
public struct LoadedChordsets: Sendable, Equatable {
    public var chordsets: [Chordset]
    public var unreadable: [UnreadableRow]

    public init(chordsets: [Chordset], unreadable: [UnreadableRow] = []) {
        self.chordsets = chordsets
        self.unreadable = unreadable
    }
}

/// A chordset row whose values are not what Imager writes (a hand-edited or damaged file).
/// It is reported and left in the file untouched: never given a new id, never copied.
public struct UnreadableRow: Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Error, Sendable, Equatable {
        /// The id is not a UUID (its text, cut short).
        case id(String)
        /// A column holds a value of the wrong kind.
        case column(String)
        /// A lumi row (its `rowID` is the lumi's) whose named column is unreadable or out of
        /// range, or that does not fit its chord (`order`: more than a chord holds).
        case lumi(String)
    }

    public var rowID: Int64
    public var reason: Problem

    public var description: String {
        switch reason {
        case let .id(text): "row \(rowID): the id \(text) is not a UUID"
        case let .column(name): "row \(rowID): the \(name) is not readable"
        case let .lumi(name): "lumi row \(rowID): the \(name) is not readable"
        }
    }
}
