import ImagerCore

/// Which chordsets the list shows while a search is open: their indices in the controller's
/// list, in order. Row N of the list view shows chordset `shown[N]`. It follows the
/// controller's changes in place, so an edit during a search costs what it costs without
/// one: chordsets that come in (added, restored by undo, moved) are shown whether or not they
/// match, so what a person just did never vanishes from under them.
struct ListFilter {
    let query: String
    private(set) var shown: [Int]

    init(query: String, shown: [Int]) {
        self.query = query
        self.shown = shown
    }

    var count: Int { shown.count }

    func chordsetIndex(ofRow row: Int) -> Int? {
        row >= 0 && row < shown.count ? shown[row] : nil
    }

    /// The row showing chordset `index`, or nil when it is filtered out.
    func row(ofChordset index: Int) -> Int? {
        let row = firstRow(atOrAfter: index)
        return row < shown.count && shown[row] == index ? row : nil
    }

    /// Follows one change of the controller's list; returns the same change in rows, or
    /// nil when no row changed. `.reloaded` cannot be followed: the caller searches again.
    mutating func follow(_ change: ListChange) -> ListChange? {
        switch change {
        case let .inserted(index, count):
            let row = firstRow(atOrAfter: index)
            for i in row..<shown.count { shown[i] += count }
            shown.insert(contentsOf: index..<(index + count), at: row)
            return .inserted(index: row, count: count)
        case let .removed(index, count):
            let first = firstRow(atOrAfter: index)
            let end = firstRow(atOrAfter: index + count)
            shown.removeSubrange(first..<end)
            for i in first..<shown.count { shown[i] -= count }
            return end > first ? .removed(index: first, count: end - first) : nil
        case let .updated(index):
            return row(ofChordset: index).map { .updated(index: $0) }
        case let .moved(from, to):
            // A chordset moved during a search is shown where it lands, like one added.
            let left = follow(.removed(index: from, count: 1))
            let landed = follow(.inserted(index: to, count: 1))
            guard case let .removed(fromRow, _)? = left, case let .inserted(toRow, _)? = landed else { return landed }
            return .moved(from: fromRow, to: toRow)
        case .reloaded:
            return change
        }
    }

    /// Binary search: the first row whose chordset index is at least `index`.
    private func firstRow(atOrAfter index: Int) -> Int {
        var low = 0, high = shown.count
        while low < high {
            let mid = (low + high) / 2
            if shown[mid] < index { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
