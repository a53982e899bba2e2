import Foundation

extension Edit {
    /// The same edit naming chordsets by their new ids: a chordset put back after its delete
    /// was saved is stored under a new id (a sync tombstone is permanent), and the undo and
    /// redo steps that name it must follow it.
    func reidentifying(_ newIDs: [UUID: UUID]) -> Edit {
        func id(_ old: UUID) -> UUID { newIDs[old] ?? old }
        func chordset(_ old: Chordset) -> Chordset { newIDs[old.id].map { old.withID($0) } ?? old }
        switch self {
        case let .add(c): return .add(chordset(c))
        case let .insert(cs, lumis, places):
            return .insert(cs.map(chordset), lumis: lumis.rekeyed(id),
                           places: Dictionary(places.map { (id($0.key), $0.value) }, uniquingKeysWith: { a, _ in a }))
        case let .adopt(cs): return .adopt(cs.map(chordset))
        case let .remove(cs): return .remove(cs.map(chordset))
        case let .rename(c, from, to): return .rename(id(c), from: from, to: to)
        case let .move(c, from, to): return .move(id(c), from: from, to: to)
        case let .setColor(c, slot, from, to): return .setColor(id(c), slot: slot, from: from, to: to)
        case let .setLumis(c, slot, from, to): return .setLumis(id(c), slot: slot, from: from, to: to)
        case let .reposition(positions):
            return .reposition(Dictionary(positions.map { (id($0.key), $0.value) }, uniquingKeysWith: { a, _ in a }))
        case let .batch(edits): return .batch(edits.map { $0.reidentifying(newIDs) })
        }
    }
}

extension Chordset {
    /// This chordset under another id, everything else the same.
    func withID(_ id: UUID) -> Chordset {
        Chordset(id: id, title: title, position: position, createdAt: createdAt, updatedAt: updatedAt, chords: chords)
    }
}
