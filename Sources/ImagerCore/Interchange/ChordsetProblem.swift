/// Why a chordset entry in a file was refused, and which: typed, so the window can say it in
/// people's words ("The 2nd chordset, “Broken”, has 7 chords; each needs 8") and in their
/// language; `description` is the command line's wording, which names the entry by its
/// zero-based path (`chordsets[1] (“Broken”) has 7 chords; a chordset has exactly 8`).
public struct ChordsetProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case notAnObject
        case noTitle
        case titleNotText
        case emptyTitle
        case titleTooLong(length: Int)
        case idNotUUID(found: String)
        case duplicateID(String)
        case createdAtNotANumber
        case noChords
        case chordsNotAList
        case chordCount(Int)
        /// `slot` is zero-based.
        case chordNotAnObject(slot: Int)
        case badColor(slot: Int, found: String)
    }

    /// Zero-based, as in the file.
    public var index: Int
    /// The entry's title as written (at most 40 characters), when it has one.
    public var title: String?
    public var reason: Reason

    public init(index: Int, title: String?, reason: Reason) {
        self.index = index
        self.title = title
        self.reason = reason
    }

    public var description: String {
        var label = "chordsets[\(index)]"
        if let title { label += " (“\(TerminalText.escaped(title))”)" }
        switch reason {
        case .notAnObject: return "\(label) must be an object"
        case .noTitle: return "\(label) has no \"title\""
        case .titleNotText: return "\(label): \"title\" must be text"
        case .emptyTitle: return "\(label) has an empty title"
        case let .titleTooLong(length):
            return "\(label) has a title of \(length) characters; a title has at most \(ChordsetTitle.maximumLength)"
        case let .idNotUUID(found): return "\(label): \"id\" \(found) is not a UUID"
        case let .duplicateID(id): return "\(label): duplicate id \(id)"
        case .createdAtNotANumber: return "\(label): \"createdAt\" must be a number of seconds since 1970"
        case .noChords: return "\(label) has no \"chords\""
        case .chordsNotAList: return "\(label): \"chords\" must be a list"
        case let .chordCount(count):
            return "\(label) has \(count) \(count == 1 ? "chord" : "chords"); a chordset has exactly \(Chordset.chordCount)"
        case let .chordNotAnObject(slot): return "\(label): chord \(slot + 1) must be an object with a \"color\""
        case let .badColor(slot, found):
            return "\(label): chord \(slot + 1) has the colour \(found); use #RRGGBB or #RRGGBBAA"
        }
    }
}
