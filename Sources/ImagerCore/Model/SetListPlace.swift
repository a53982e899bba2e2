import Foundation

/// Where a chordset stood in a set list: the entry that held it, in which set list, at which
/// position. The undo of a chordset's delete keeps these, so it can put the chordset back
/// where it was in each set list (the delete's save takes its entries out with it).
public struct SetListPlace: Hashable, Sendable {
    /// The entry as it was; a place put back gets an entry of its own.
    public var entry: UUID
    public var setList: UUID
    public var position: Double

    public init(entry: UUID, setList: UUID, position: Double) {
        self.entry = entry
        self.setList = setList
        self.position = position
    }
}
