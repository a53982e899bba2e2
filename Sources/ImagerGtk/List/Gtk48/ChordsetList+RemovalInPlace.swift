import ImagerCore

/// GTK 4.8 destroys the rows it had made for removed items and makes new ones (their whole
/// widget tree) for the items that move up into view: a long pause for 1,000 selected rows
/// deleted at the top of 100,000. The rows show chordsets by position, so they can stay and
/// show their new chordsets instead, with the list shortened at the end (the rows' content
/// refreshed, the selection restored). GTK 4.18 does the same (`RunningVersions.listKeepsRows`).
extension ChordsetList {
    /// From this many rows removed at once, the rows stay and show what moved up.
    static let removalShownInPlace = 16

    /// A removal to show in place: the change to follow instead (a reload of the same rows),
    /// the rows to select afterwards and the positions to refresh before the frame (nil: all).
    struct RemovalInPlace {
        let change: ListChange
        let selection: [Int]
        let nearView: ClosedRange<Int>?
    }

    /// How to show `change` in place, or nil to follow it as it is.
    func removalInPlace(_ change: ListChange) -> RemovalInPlace? {
        guard RunningVersions.listKeepsRows, case let .removed(index, count) = change,
              count >= Self.removalShownInPlace else { return nil }
        // The selection moves up with its rows, as GTK would move it: by position, not by
        // looking the selected ids up in the whole list.
        let selection = selectedRows(below: model.count).compactMap { row in
            row < index ? row : row >= index + count ? row - count : nil
        }
        // Rows far from the view wait for the idle after the frame (ChordsetList+FarRows),
        // unless the list gets so short that GTK moves the view.
        let nearView = positionsNearView().flatMap { $0.upperBound < model.count - count ? $0 : nil }
        return RemovalInPlace(change: .reloaded(previousCount: model.count), selection: selection, nearView: nearView)
    }
}
