/// What an undo step undoes, as a value: the window turns it into its menu's translated
/// "Undo …" item; `description` is the English name, where no translation is wanted.
public enum UndoName: Equatable, Sendable, CustomStringConvertible {
    case addChordset
    /// A chordset made elsewhere (a picture) and added under its title.
    case add(title: String)
    case rename
    case delete(title: String)
    /// Several selected chordsets at once (one is `delete(title:)`).
    case deleteSeveral(count: Int)
    case deleteAll
    case move
    case changeColour
    case importChordsets(count: Int)
    case editChord
    case duplicate(title: String)
    /// Several selected chordsets at once (one is `duplicate(title:)`).
    case duplicateSeveral(count: Int)

    public var description: String {
        switch self {
        case .addChordset: "Add Chordset"
        case let .add(title): "Add “\(title)”"
        case .rename: "Rename"
        case let .delete(title): "Delete “\(title)”"
        case let .deleteSeveral(count): "Delete \(count) Chordsets"
        case .deleteAll: "Delete All"
        case .move: "Move"
        case .changeColour: "Change Colour"
        case let .importChordsets(count): count == 1 ? "Import Chordset" : "Import \(count) Chordsets"
        case .editChord: "Edit Chord"
        case let .duplicate(title): "Duplicate “\(title)”"
        case let .duplicateSeveral(count): "Duplicate \(count) Chordsets"
        }
    }
}
