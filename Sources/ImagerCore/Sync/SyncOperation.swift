import Foundation

/// Which record of the store an operation is about. Every record kind is merged by the same
/// mechanism (`Registers`): a chordset's row with its eight chord colours, one lumi, a set
/// list's row, or one entry of a set list.
public enum SyncRecordKey: Hashable, Sendable, CustomStringConvertible {
    case chordset(UUID)
    case lumi(UUID)
    case setList(UUID)
    case setListEntry(UUID)

    public var description: String {
        switch self {
        case let .chordset(id): "c:" + id.uuidString
        case let .lumi(id): "l:" + id.uuidString
        case let .setList(id): "s:" + id.uuidString
        case let .setListEntry(id): "e:" + id.uuidString
        }
    }

    public init?(_ text: Substring) {
        guard text.count == 38, text.dropFirst().first == ":", let id = UUID(text: text.dropFirst(2)) else { return nil }
        switch text.first {
        case "c": self = .chordset(id)
        case "l": self = .lumi(id)
        case "s": self = .setList(id)
        case "e": self = .setListEntry(id)
        default: return nil
        }
    }
}

/// The fields of each record kind. Each is a last-writer-wins register of its own, so a
/// rename on one machine and a colour change on another both survive.
public enum SyncField {
    public static let title = "title"
    public static let position = "position"
    public static let created = "created"
    public static let updated = "updated"
    /// The chord colour of slot 0-7: `color0` ... `color7`.
    public static func color(_ slot: Int) -> String { colorNames[slot] }
    public static let colorNames = (0..<Chordset.chordCount).map { "color\($0)" }
    /// A lumi's whole value (its chordset, slot, order, shape and numbers), or `gone`.
    public static let lumi = "lumi"
    /// A set-list entry's set list and chordset (ids), set when the entry is made and never
    /// changed; its place in the set list is `position`.
    public static let setList = "setlist"
    public static let chordset = "chordset"
    /// A chordset's, set list's or set-list entry's tombstone: once set, permanent; it beats
    /// every other field.
    public static let deleted = "deleted"
    /// A tombstone's value: made while publishing (or merged from elsewhere), or made while
    /// no sync folder was chosen and so never seen by another machine. Both delete alike.
    public static let deletedEverywhere = "1"
    public static let deletedHere = "local"

    public static let goneLumi = "-"
}

/// One change to one record: some of its fields, all set at one stamp. This is what the
/// change files carry, one per line, and what the outbox holds until it is published.
public struct SyncOperation: Hashable, Sendable {
    public var key: SyncRecordKey
    public var stamp: Stamp
    /// Field name to value, as text (`SyncValues` reads and writes them).
    public var fields: [String: String]

    public init(key: SyncRecordKey, stamp: Stamp, fields: [String: String]) {
        self.key = key
        self.stamp = stamp
        self.fields = fields
    }

    public var isTombstone: Bool { fields[SyncField.deleted] != nil }
}
