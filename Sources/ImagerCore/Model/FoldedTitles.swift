import Foundation

/// The folded titles `TitleSearch` keeps (see `TitleFolding`), one per chordset in the list's
/// order, all in one buffer: each title's folded UTF-8 followed by a byte UTF-8 never uses,
/// so a search runs through the buffer once and a match never runs from one title into the
/// next. Beside each, the title it was folded from, to tell whether it still holds. The
/// folded bytes depend on the title alone, so an entry whose title is the one at its index
/// holds, whichever chordset carries it; no id is kept (16 bytes a title, 1.6 MB at 100,000).
///
/// A value type with the loops in its own methods, so Swift checks exclusive access once
/// per call rather than once per title.
struct FoldedTitles {
    /// Per chordset: the title folded into `text` (it shares the chordset's storage), and
    /// whether one was (not yet for a chordset inserted since the last search).
    private var titles: [String] = []
    private var isFolded: [Bool] = []
    /// Title i with its separator is `text[starts[i] ..< starts[i + 1]]`, empty until folded.
    private var text: [UInt8] = []
    private var starts: [Int] = [0]
    /// How many titles have been folded: the work a keystroke cost.
    var foldCount = 0

    /// Never a byte of UTF-8, so neither a title nor the typed text contains it.
    private static let separator: UInt8 = 0xFF
    var count: Int { titles.count }

    /// `count` titles, none folded.
    mutating func forgetAll(count: Int) {
        titles = Array(repeating: "", count: count)
        isFolded = Array(repeating: false, count: count)
        text = []
        starts = Array(repeating: 0, count: count + 1)
    }

    mutating func insertUnfolded(_ inserted: Int, at index: Int) {
        titles.insert(contentsOf: repeatElement("", count: inserted), at: index)
        isFolded.insert(contentsOf: repeatElement(false, count: inserted), at: index)
        starts.insert(contentsOf: repeatElement(starts[index], count: inserted), at: index)
    }

    mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let bytes = starts[range.lowerBound]..<starts[range.upperBound]
        text.removeSubrange(bytes)
        titles.removeSubrange(range)
        isFolded.removeSubrange(range)
        starts.removeSubrange(range)
        shiftStarts(from: range.lowerBound, by: -bytes.count)
    }

    /// The title at `from` moves to `to` (an index after the move), folded bytes and all.
    mutating func move(from: Int, to: Int) {
        let title = titles[from], folded = isFolded[from]
        let bytes = Array(text[starts[from]..<starts[from + 1]])
        remove(from..<(from + 1))
        let start = starts[to]
        text.insert(contentsOf: bytes, at: start)
        titles.insert(title, at: to)
        isFolded.insert(folded, at: to)
        starts.insert(start, at: to)
        shiftStarts(from: to + 1, by: bytes.count)
    }

    private mutating func shiftStarts(from index: Int, by offset: Int) {
        guard offset != 0 else { return }
        starts.withUnsafeMutableBufferPointer { starts in
            for position in index..<starts.count { starts[position] += offset }
        }
    }

    /// Folds again the title of every chordset whose entry does not hold it (`chordsets`
    /// has `count` of them): a few runs of changed titles where they stand, or else one
    /// pass that folds the changed titles and copies the unchanged ones across, run by run.
    mutating func refoldChanged(_ chordsets: [Chordset]) {
        chordsets.withUnsafeBufferPointer { list in
            guard let firstChanged = nextChanged(in: list, from: 0) else { return }
            if let runs = changedRuns(in: list, from: firstChanged, atMost: Self.runsRefoldedInPlace) {
                for run in runs { refold(run, of: list) }
                return
            }
            var folded = Array(text[..<starts[firstChanged]])
            folded.reserveCapacity(text.count + 16 * (list.count - firstChanged))
            var newStarts = Array(starts[...firstChanged])
            newStarts.reserveCapacity(starts.count)
            var index = firstChanged
            while index < list.count {
                repeat {
                    let chordset = list.baseAddress! + index
                    TitleFolding.append(chordset.pointee.title, to: &folded)
                    folded.append(Self.separator)
                    newStarts.append(folded.count)
                    titles[index] = chordset.pointee.title
                    isFolded[index] = true
                    foldCount += 1
                    index += 1
                } while index < list.count && !holds(list[index], at: index)
                // The unchanged titles up to the next changed one, copied as they are.
                let unchanged = index..<(nextChanged(in: list, from: index) ?? list.count)
                guard !unchanged.isEmpty else { continue }
                let shift = folded.count - starts[unchanged.lowerBound]
                folded.append(contentsOf: text[starts[unchanged.lowerBound]..<starts[unchanged.upperBound]])
                newStarts.append(contentsOf: starts[(unchanged.lowerBound + 1)...unchanged.upperBound].lazy.map { $0 + shift })
                index = unchanged.upperBound
            }
            text = folded
            starts = newStarts
        }
    }

    /// Up to this many runs of changed titles (an undo's inserts, a few renames) are folded
    /// where they stand, moving the titles after each; more, and the buffer is rebuilt.
    private static let runsRefoldedInPlace = 8

    /// The runs of changed titles from `start` (changed) on, or nil for more than `limit`.
    private func changedRuns(in list: UnsafeBufferPointer<Chordset>, from start: Int, atMost limit: Int) -> [Range<Int>]? {
        var runs: [Range<Int>] = []
        var next: Int? = start
        while let changed = next {
            guard runs.count < limit else { return nil }
            var end = changed + 1
            while end < list.count, !holds(list[end], at: end) { end += 1 }
            runs.append(changed..<end)
            next = nextChanged(in: list, from: end)
        }
        return runs
    }

    /// Folds the titles of `run` and puts them in place of what the buffer held for it.
    private mutating func refold(_ run: Range<Int>, of list: UnsafeBufferPointer<Chordset>) {
        var bytes: [UInt8] = []
        let start = starts[run.lowerBound], end = starts[run.upperBound]
        for index in run {
            TitleFolding.append(list[index].title, to: &bytes)
            bytes.append(Self.separator)
            starts[index + 1] = start + bytes.count
            titles[index] = list[index].title
            isFolded[index] = true
            foldCount += 1
        }
        text.replaceSubrange(start..<end, with: bytes)
        shiftStarts(from: run.upperBound + 1, by: bytes.count - (end - start))
    }

    /// Whether the entry at `index` holds `chordset`'s title folded.
    @inline(__always)
    private func holds(_ chordset: Chordset, at index: Int) -> Bool {
        isFolded[index] && titles[index] == chordset.title
    }

    /// The first chordset from `start` on whose title is not the one folded at its index.
    private func nextChanged(in list: UnsafeBufferPointer<Chordset>, from start: Int) -> Int? {
        titles.withUnsafeBufferPointer { titles in
            isFolded.withUnsafeBufferPointer { isFolded in
                (start..<list.count).first { index in
                    !isFolded[index] || titles[index] != list[index].title
                }
            }
        }
    }

    /// The indices of the titles that contain `needle` (folded, not empty), all of them
    /// folded by `refoldChanged` first.
    func indices(containing needle: [UInt8]) -> [Int] {
        var result: [Int] = []
        text.withUnsafeBytes { text in
            needle.withUnsafeBytes { needle in
                starts.withUnsafeBufferPointer { starts in
                    var from = 0
                    var title = 0
                    while let hit = TitleFolding.firstOffset(of: needle, in: text, from: from) {
                        title = Self.lastIndex(in: starts, atOrBefore: hit, from: title)
                        result.append(title)
                        // On to the next title: one match is enough.
                        from = starts[title + 1]
                        title += 1
                    }
                }
            }
        }
        return result
    }

    /// The title holding the byte at `offset`: the last index from `lower` on whose start
    /// is at most `offset`. A step while the matches are dense, a binary search once not.
    private static func lastIndex(in starts: UnsafeBufferPointer<Int>, atOrBefore offset: Int, from lower: Int) -> Int {
        var low = lower
        if starts[low + 1] > offset { return low }
        var high = starts.count - 1  // the end of the text, past every match
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }
}
