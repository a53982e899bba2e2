import Foundation

extension ChordsetController {
    /// Applies an edit to the list, records it for the next save, tells the view, and
    /// returns the edit that undoes it. Ids no longer in the list (another process deleted
    /// them) are skipped rather than trapped on.
    func apply(_ edit: Edit) -> Edit {
        let now = clock().roundedToMilliseconds
        switch edit {
        case let .add(chordset):
            pending.inserted(chordset, placedAtEnd: true)
            lumiCache.pin(.none, of: chordset.id)
            show([chordset])
            return .remove([chordset])

        case let .insert(items, kept, places):
            let (lumis, unreadable) = kept.value
            noteUnreadable(unreadable)
            pending.reserveCapacity(forChordsets: items.count)
            for chordset in items {
                let restored = lumis[chordset.id] ?? .none
                pending.inserted(chordset, lumis: restored, places: places[chordset.id] ?? [])
                lumiCache.pin(restored, of: chordset.id)
            }
            show(items)
            return .remove(items)

        case let .adopt(items):
            // A merge of what other connections stored may have shown some already: the
            // window's focus, back from the file chooser, can merge an import between its
            // commit and its adoption. Those stay where they are, shown once; the inverse
            // takes all of them out.
            let shown = indices(of: items.map(\.id))
            show(shown.isEmpty ? items : items.filter { shown[$0.id] == nil })
            return .remove(items)

        case let .remove(items):
            let ids = Set(items.map(\.id))
            let previousCount = chordsets.count
            // Read (or their snapshot taken) before they leave the list: the next save's
            // cascade deletes them from the store.
            let lumis = lumisToKeep(for: items)
            let places = setListPlacesToKeep(for: ids)
            var removed: [Chordset] = []
            if items.count == 1, let index = index(of: items[0].id) {
                removed.append(chordsets.remove(at: index))
                listChanged(.removed(index: index, count: 1))
            } else if items.count == chordsets.count, ids == Set(chordsets.map(\.id)) {
                removed = chordsets
                chordsets.removeAll()
                listChanged(.removed(index: 0, count: previousCount))
            } else {
                let taken = Self.takeOut(ids, from: &chordsets)
                removed = taken.removed
                announce(taken.indices, removed: true, previousCount: previousCount)
            }
            for chordset in removed {
                pending.deleted(chordset.id)
                lumiCache.forget(chordset.id)
            }
            // Entries of ids that were not in the list are never looked up by the insert.
            return .insert(removed, lumis: lumis, places: places)

        case let .rename(id, from, to):
            if let index = index(of: id) {
                chordsets[index].title = to
                chordsets[index].updatedAt = now
                pending.rowChanged(chordsets[index], changing: .title)
                listChanged(.updated(index: index))
            }
            return .rename(id, from: to, to: from)

        case let .move(id, from, to):
            if let index = index(of: id) {
                var chordset = chordsets.remove(at: index)
                chordset.position = to
                chordset.updatedAt = now
                let target = insertionIndex(for: chordset.listOrderKey)
                chordsets.insert(chordset, at: target)
                rememberIndex(target, of: id)
                pending.rowChanged(chordset, changing: .position, placedExplicitly: true)
                listChanged(.moved(from: index, to: target))
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

        case let .setLumis(id, slot, from, to):
            if let index = index(of: id) {
                var lumis = self.lumis(of: id)
                let current = lumis[slot]
                lumis[slot] = to
                lumiCache.pin(lumis, of: id)
                chordsets[index].updatedAt = now
                pending.lumisChanged(chordsets[index], slot: slot, from: current, to: to)
                listChanged(.updated(index: index))
            }
            return .setLumis(id, slot: slot, from: to, to: from)

        case let .reposition(positions):
            // The order stays, so the view has nothing to redraw.
            var previous: [UUID: Double] = [:]
            for index in chordsets.indices {
                guard let position = positions[chordsets[index].id] else { continue }
                previous[chordsets[index].id] = chordsets[index].position
                chordsets[index].position = position
                pending.rowChanged(chordsets[index], changing: .position, placedExplicitly: true)
            }
            return .reposition(previous)

        case let .batch(edits):
            return .batch(edits.map(apply).reversed())
        }
    }

    /// Puts chordsets into the list in list order and tells the view.
    private func show(_ items: [Chordset]) {
        let sorted = items.sorted(by: Chordset.listOrder)
        if sorted.count == 1 {
            let index = insertionIndex(for: sorted[0].listOrderKey)
            chordsets.insert(sorted[0], at: index)
            rememberIndex(index, of: sorted[0].id)
            listChanged(.inserted(index: index, count: 1))
        } else if let first = sorted.first, chordsets.last.map({ Chordset.listOrder($0, first) }) ?? true {
            // Appending (an import, or undoing "Delete All"): one contiguous block.
            let index = chordsets.count
            chordsets.append(contentsOf: sorted)
            listChanged(.inserted(index: index, count: sorted.count))
        } else if !sorted.isEmpty {
            // Interleaved: by the blocks that land together, or in one merge pass when they land
            // all over; never one array insert per chordset.
            let previousCount = chordsets.count
            let insertedIndices = Self.insertInBlocks(sorted, into: &chordsets) ?? Self.merge(sorted, into: &chordsets)
            announce(insertedIndices, removed: false, previousCount: previousCount)
        }
    }

    /// Tells the view which rows came or went, as runs of neighbouring rows: removals from
    /// the bottom up and insertions from the top down, so each run's index is right when it
    /// is told. Past `maxRunsToTell` runs (chordsets picked one by one all over the list) it
    /// says the list was reloaded, which the view redraws once rather than once per run.
    /// `indices` are ascending: for removals, where the chordsets were; for insertions, where
    /// they are now.
    private func announce(_ indices: [Int], removed: Bool, previousCount: Int) {
        let runs = Self.runs(of: indices)
        guard runs.count <= Self.maxRunsToTell else {
            listChanged(.reloaded(previousCount: previousCount))
            return
        }
        if removed {
            for run in runs.reversed() { listChanged(.removed(index: run.lowerBound, count: run.count)) }
        } else {
            for run in runs { listChanged(.inserted(index: run.lowerBound, count: run.count)) }
        }
    }

    /// A run costs the view a pass over the rows it has made (about 200); a reload costs one
    /// pass, and a search shown in the list is run again.
    static let maxRunsToTell = 16

    /// Ascending indices as ranges of consecutive ones: [3, 4, 5, 9] → [3..<6, 9..<10].
    static func runs(of indices: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for index in indices {
            if let last = runs.last, last.upperBound == index {
                runs[runs.count - 1] = last.lowerBound..<(index + 1)
            } else {
                runs.append(index..<(index + 1))
            }
        }
        return runs
    }

    // The list is changed where it lies: building a new array of 100,000 chordsets and
    // dropping the old one would copy every chordset into fresh pages, and would leave the
    // array exactly full, so the next add would copy it all again to grow it.

    /// Takes the chordsets whose ids are in `ids` out of `list`, keeping the others in order;
    /// returns them and the indices they had, ascending. A few runs of neighbours (a
    /// Shift+click range) go with one block move of the rest of the list each; chordsets
    /// picked all over, by moving each kept chordset down once.
    static func takeOut(_ ids: Set<UUID>, from list: inout [Chordset]) -> (removed: [Chordset], indices: [Int]) {
        var removed: [Chordset] = []
        var indices: [Int] = []
        for index in list.indices where ids.contains(list[index].id) {
            removed.append(list[index])
            indices.append(index)
            // All found: the rest of the list need not be hashed (a Shift+click range at the
            // top of 100,000 spares 99,000 lookups).
            if indices.count == ids.count { break }
        }
        let runs = runs(of: indices)
        if runs.count <= maxRunsToTell {
            for run in runs.reversed() { list.removeSubrange(run) }
            return (removed, indices)
        }
        var kept = 0
        var next = 0
        for index in list.indices {
            if next < indices.count, indices[next] == index {
                next += 1
            } else {
                if kept != index { list.swapAt(kept, index) }
                kept += 1
            }
        }
        list.removeSubrange(kept...)
        return (removed, indices)
    }

    /// Puts `sorted` (in list order) into `list` by the runs that land together, each with one
    /// block move of the list after it (the undo of a Shift+click delete is one run), and
    /// returns where they landed, ascending; nil, with the list untouched, when they land in
    /// more than `maxRunsToTell` places, for `merge` to do in one pass.
    static func insertInBlocks(_ sorted: [Chordset], into list: inout [Chordset]) -> [Int]? {
        var blocks: [(at: Int, items: Range<Int>)] = []
        for (offset, chordset) in sorted.enumerated() {
            let at = insertionIndex(for: chordset.listOrderKey, in: list)
            if let last = blocks.last, last.at == at {
                blocks[blocks.count - 1].items = last.items.lowerBound..<(offset + 1)
            } else {
                blocks.append((at, offset..<(offset + 1)))
                if blocks.count > maxRunsToTell { return nil }
            }
        }
        for block in blocks.reversed() { list.insert(contentsOf: sorted[block.items], at: block.at) }
        // Each lands after the ones before it in `sorted`, all of which land no later.
        return blocks.flatMap { block in block.items.map { block.at + $0 } }
    }

    /// Merges `sorted` into `list` (both in list order; on a tie the list's chordset comes
    /// first) from the back, and returns where `sorted`'s chordsets landed, ascending.
    static func merge(_ sorted: [Chordset], into list: inout [Chordset]) -> [Int] {
        var old = list.count - 1
        list.append(contentsOf: sorted)
        var landed = [Int](repeating: 0, count: sorted.count)
        var next = sorted.count - 1
        var write = list.count - 1
        while next >= 0 {
            if old >= 0, Chordset.listOrder(sorted[next], list[old]) {
                list[write] = list[old]
                old -= 1
            } else {
                list[write] = sorted[next]
                landed[next] = write
                next -= 1
            }
            write -= 1
        }
        return landed
    }

    /// First index that comes after `key` in list order (binary search: the list is sorted).
    func insertionIndex(for key: ListOrderKey) -> Int {
        Self.insertionIndex(for: key, in: chordsets)
    }

    static func insertionIndex(for key: ListOrderKey, in list: [Chordset]) -> Int {
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) / 2
            if !(key < list[mid].listOrderKey) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
