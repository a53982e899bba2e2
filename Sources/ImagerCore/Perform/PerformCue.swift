import Foundation

/// What the control surface tells the performer beside the live chord: where the live
/// chordset is in the set list ("3 / 12") and which chord comes next.
public struct PerformCue: Equatable, Sendable {
    /// The live chordset's place in the set list, from 1, or nil when it is no longer in it.
    public let position: Int?
    public let count: Int
    /// The chord Right plays next; after a chordset's last chord, the first chord of the next
    /// chordset in the set list; nil at the end of the set list.
    public let next: ChordRef?

    public init<IDs: RandomAccessCollection>(live: ChordRef, positionInSetList index: Int?, setList: IDs)
        where IDs.Element == UUID, IDs.Index == Int {
        count = setList.count
        position = index.map { $0 + 1 }
        if live.slot < Chordset.chordCount - 1 {
            next = ChordRef(chordsetID: live.chordsetID, slot: live.slot + 1)
        } else if let index, index + 1 < setList.count {
            next = ChordRef(chordsetID: setList[setList.startIndex + index + 1], slot: 0)
        } else {
            next = nil
        }
    }

    /// "3 / 12", or "– / 12" when the live chordset has left the set list.
    public var positionText: String {
        "\(position.map(String.init) ?? "–") / \(count)"
    }
}
