/// Why a set list in a file was refused, and where: typed, as `ChordsetProblem` is;
/// `description` is the command line's wording, which names the place by its zero-based path
/// as a JSON path would (`setlists[0].chordsets[3]: 42 is not a chordset id (a UUID)`).
public struct SetListProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// The top-level "setlists" is not a list (the path names it, `index` is nil).
        case notAList
        /// More than `ChordsetDocument.maximumSetLists` (the path names the list).
        case tooManySetLists
        /// The set lists together hold more than `ChordsetDocument.maximumSetListEntries`
        /// (the path names the set list where the count went over).
        case tooManyEntries
        case notAnObject
        case noTitle
        case titleNotText
        case emptyTitle
        case titleTooLong(length: Int)
        case idNotUUID(found: String)
        case duplicateID(String)
        case noChordsets
        case chordsetsNotAList
        /// The entry at `entry` is not the text of a UUID.
        case entryNotUUID(found: String)
    }

    /// The set list's zero-based index; nil when the problem is the "setlists" member itself.
    public var index: Int?
    /// The entry's zero-based index in the set list's "chordsets", for `entryNotUUID`.
    public var entry: Int?
    /// The set list's title as written (at most 40 characters), when it has one.
    public var title: String?
    public var reason: Reason

    public init(index: Int?, entry: Int? = nil, title: String? = nil, reason: Reason) {
        self.index = index
        self.entry = entry
        self.title = title
        self.reason = reason
    }

    public var description: String {
        guard let index else {
            switch reason {
            case .tooManySetLists:
                return "\"setlists\" has more than \(ChordsetDocument.maximumSetLists) set lists; a file holds at most that many"
            default:
                return "\"setlists\" must be a list"
            }
        }
        var label = "setlists[\(index)]"
        if let entry { return "\(label).chordsets[\(entry)]: \(sentence)" }
        if let title { label += " (“\(TerminalText.escaped(title))”)" }
        switch reason {
        case .notAnObject, .noTitle, .emptyTitle, .titleTooLong, .noChordsets: return "\(label) \(sentence)"
        default: return "\(label): \(sentence)"
        }
    }

    private var sentence: String {
        switch reason {
        case .notAList: "must be a list"
        case .tooManySetLists: "is one set list too many; a file holds at most \(ChordsetDocument.maximumSetLists)"
        case .tooManyEntries:
            "\"chordsets\" takes the file over \(ChordsetDocument.maximumSetListEntries) set-list entries, the most a file holds"
        case .notAnObject: "must be an object"
        case .noTitle: "has no \"title\""
        case .titleNotText: "\"title\" must be text"
        case .emptyTitle: "has an empty title"
        case let .titleTooLong(length): "has a title of \(length) characters; a title has at most \(ChordsetTitle.maximumLength)"
        case let .idNotUUID(found): "\"id\" \(found) is not a UUID"
        case let .duplicateID(id): "duplicate id \(id)"
        case .noChordsets: "has no \"chordsets\""
        case .chordsetsNotAList: "\"chordsets\" must be a list of chordset ids"
        case let .entryNotUUID(found): "\(found) is not a chordset id (a UUID)"
        }
    }
}
