import Foundation

/// A named, ordered list of chordsets for a show. A chordset may be in several set lists, and
/// more than once in one; each place it takes is an entry with an id of its own, so one of
/// two entries of the same chordset can be moved or removed.
public struct SetList: Identifiable, Hashable, Sendable {
    public let id: UUID
    /// Passes `ChordsetTitle.accepted`, as a chordset's title does.
    public var title: String
    /// Sort key among the set lists: by position, ties by id (`ListOrderKey`).
    public var position: Double
    /// In show order: by position, ties by id.
    public var entries: [SetListEntry]

    public init(id: UUID = UUID(), title: String, position: Double = 0, entries: [SetListEntry] = []) {
        self.id = id
        self.title = title
        self.position = position
        self.entries = entries.sorted(by: SetListEntry.showOrder)
    }

    /// A set list of these chordsets in this order, each in a new entry.
    public init(id: UUID = UUID(), title: String, position: Double = 0, chordsetIDs: [UUID]) {
        self.init(id: id, title: title, position: position, entries: chordsetIDs.enumerated().map { index, chordset in
            SetListEntry(chordsetID: chordset, position: Double(index))
        })
    }

    /// The chordsets in show order (one chordset may appear more than once).
    public var chordsetIDs: [UUID] { entries.map(\.chordsetID) }

    public var listOrderKey: ListOrderKey { ListOrderKey(position: position, id: id) }

    /// True when `a` comes before `b` among the set lists.
    public static func listOrder(_ a: SetList, _ b: SetList) -> Bool {
        a.listOrderKey < b.listOrderKey
    }
}

/// One place in a set list: which chordset plays there.
public struct SetListEntry: Identifiable, Hashable, Sendable {
    public let id: UUID
    public var chordsetID: UUID
    /// Sort key within the set list. Fractional, so a move rewrites one row.
    public var position: Double

    public init(id: UUID = UUID(), chordsetID: UUID, position: Double) {
        self.id = id
        self.chordsetID = chordsetID
        self.position = position
    }

    /// Show order: by position, ties by id, as the chordset list orders its rows.
    public static func showOrder(_ a: SetListEntry, _ b: SetListEntry) -> Bool {
        ListOrderKey(position: a.position, id: a.id) < ListOrderKey(position: b.position, id: b.id)
    }
}
