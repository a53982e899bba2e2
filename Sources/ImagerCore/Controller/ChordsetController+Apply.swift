import Foundation

extension ChordsetController {
    /// Applies an edit to the list, records it for the next save, tells the view, and
    /// returns the edit that undoes it. Ids no longer in the list (another process deleted
    /// them) are skipped rather than trapped on.
    func apply(_ edit: Edit) -> Edit {
        let now = clock().roundedToMilliseconds
        switch edit {
        case let .insert(items):
            let sorted = items.sorted { $0.position < $1.position }
            for chordset in sorted { pending.inserted(chordset) }
            if sorted.count == 1 {
                let index = insertionIndex(for: sorted[0].position)
                chordsets.insert(sorted[0], at: index)
                listChanged(.inserted(index: index, count: 1))
            } else if let first = sorted.first, chordsets.last.map({ $0.position <= first.position }) ?? true {
                // Appending (an import, or undoing "Delete All"): one contiguous block.
                let index = chordsets.count
                chordsets.append(contentsOf: sorted)
                listChanged(.inserted(index: index, count: sorted.count))
            } else if !sorted.isEmpty {
                // Interleaved: merge two sorted lists in one pass, not one array insert per item.
                let previousCount = chordsets.count
                chordsets = Self.merge(chordsets, sorted)
                listChanged(.reloaded(previousCount: previousCount))
            }
            return .remove(sorted)

        case let .remove(items):
            let ids = Set(items.map(\.id))
            let previousCount = chordsets.count
            var removed: [Chordset] = []
            if items.count == 1, let index = index(of: items[0].id) {
                removed.append(chordsets.remove(at: index))
                listChanged(.removed(index: index, count: 1))
            } else if items.count == chordsets.count, ids == Set(chordsets.map(\.id)) {
                removed = chordsets
                chordsets.removeAll()
                listChanged(.removed(index: 0, count: previousCount))
            } else {
                chordsets.removeAll { chordset in
                    guard ids.contains(chordset.id) else { return false }
                    removed.append(chordset)
                    return true
                }
                listChanged(.reloaded(previousCount: previousCount))
            }
            for chordset in removed { pending.deleted(chordset.id) }
            return .insert(removed)

        case let .rename(id, from, to):
            if let index = index(of: id) {
                chordsets[index].title = to
                chordsets[index].updatedAt = now
                pending.rowChanged(chordsets[index])
                listChanged(.updated(index: index))
            }
            return .rename(id, from: to, to: from)

        case let .move(id, from, to):
            if let index = index(of: id) {
                var chordset = chordsets.remove(at: index)
                listChanged(.removed(index: index, count: 1))
                chordset.position = to
                chordset.updatedAt = now
                let target = insertionIndex(for: to)
                chordsets.insert(chordset, at: target)
                pending.rowChanged(chordset)
                listChanged(.inserted(index: target, count: 1))
            }
            return .move(id, from: to, to: from)

        case let .setColor(id, slot, from, to):
            if let index = index(of: id) {
                chordsets[index].setColor(to, at: slot)
                chordsets[index].updatedAt = now
                pending.chordChanged(chordsets[index], slot: slot)
                listChanged(.updated(index: index))
            }
            return .setColor(id, slot: slot, from: to, to: from)

        case let .reposition(positions):
            // The order stays, so the view has nothing to redraw.
            var previous: [UUID: Double] = [:]
            for index in chordsets.indices {
                guard let position = positions[chordsets[index].id] else { continue }
                previous[chordsets[index].id] = chordsets[index].position
                chordsets[index].position = position
                pending.rowChanged(chordsets[index])
            }
            return .reposition(previous)

        case let .batch(edits):
            return .batch(edits.map(apply).reversed())
        }
    }

    static func merge(_ a: [Chordset], _ b: [Chordset]) -> [Chordset] {
        var merged: [Chordset] = []
        merged.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].position <= b[j].position) {
                merged.append(a[i]); i += 1
            } else {
                merged.append(b[j]); j += 1
            }
        }
        return merged
    }

    /// First index whose position is greater than `position` (binary search: the list is sorted).
    func insertionIndex(for position: Double) -> Int {
        var low = 0, high = chordsets.count
        while low < high {
            let mid = (low + high) / 2
            if chordsets[mid].position <= position { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
