import Foundation

/// Putting the list in order and copying chordsets: each a single undo step that writes one
/// chordset's row (a duplicate also its eight chords and its lumis), never the rows around it.
extension ChordsetController {
    /// Moves the chordset so that it ends up at `index` (clamped to the list). Does nothing
    /// when it is there already: moving the first row up or the last row down is not a step.
    /// Returns true when the list changed. The command line and the window both move by id.
    @discardableResult
    public func move(id: UUID, to index: Int) -> Bool {
        guard !isReadOnly else { return false }
        // Only the first page is in memory: a move towards its end must see the stored rows
        // beyond it, or it would land among them.
        if isLoadingRest, let from = self.index(of: id), max(from, index) >= count - 1 { finishLoadingNow() }
        guard let from = self.index(of: id) else { return false }
        let target = min(max(index, 0), count - 1)
        guard target != from else { return false }
        move(from: from, to: target)
        return true
    }

    /// Moves several chordsets (a selection dragged together) so that they stand together, in
    /// their list order, right after `anchor` (nil: at the top). One undo step, one row
    /// written per chordset moved. False when nothing moves (already there, unknown ids, or
    /// the anchor is one of them).
    @discardableResult
    public func move(ids: [UUID], after anchor: UUID?) -> Bool {
        guard !isReadOnly else { return false }
        if isLoadingRest { finishLoadingNow() }
        let moving = Set(ids)
        if let anchor, moving.contains(anchor) { return false }
        let block = chordsets.filter { moving.contains($0.id) }
        guard !block.isEmpty else { return false }
        let others = chordsets.filter { !moving.contains($0.id) }
        var insertAt = 0
        if let anchor {
            guard let anchorIndex = others.firstIndex(where: { $0.id == anchor }) else { return false }
            insertAt = anchorIndex + 1
        }
        var order = others.map(\.id)
        order.insert(contentsOf: block.map(\.id), at: insertAt)
        guard order != chordsets.map(\.id) else { return false }

        var edits: [Edit] = []
        var targets = Self.positions(count: block.count, after: insertAt > 0 ? others[insertAt - 1].position : nil,
                                     before: insertAt < others.count ? others[insertAt].position : nil)
        if targets == nil {
            // No room between the neighbours' positions: renumber the list first, in this step.
            edits.append(apply(.reposition(Dictionary(uniqueKeysWithValues: chordsets.enumerated().map { ($1.id, Double($0)) }))))
            let renumbered = Dictionary(uniqueKeysWithValues: chordsets.map { ($0.id, $0.position) })
            targets = Self.positions(count: block.count, after: insertAt > 0 ? renumbered[others[insertAt - 1].id] : nil,
                                     before: insertAt < others.count ? renumbered[others[insertAt].id] : nil)
        }
        guard let targets else { return false }
        for (chordset, target) in zip(block, targets) {
            guard let current = self.chordset(id: chordset.id) else { continue }
            edits.append(apply(.move(chordset.id, from: current.position, to: target)))
        }
        record(name: .move, edit: .batch(edits.reversed()))
        return true
    }

    /// `count` increasing positions strictly between `after` and `before` (either may be
    /// missing: the top or the end of the list); nil when Doubles run out between them.
    private static func positions(count: Int, after: Double?, before: Double?) -> [Double]? {
        let (low, high): (Double, Double) = switch (after, before) {
        case let (a?, b?): (a, b)
        case let (a?, nil): (a.rounded(.down), a.rounded(.down) + Double(count) + 1)
        case let (nil, b?): (b.rounded(.up) - Double(count) - 1, b.rounded(.up))
        case (nil, nil): (0, Double(count) + 1)
        }
        let step = (high - low) / Double(count + 1)
        let values = (1...count).map { low + step * Double($0) }
        var previous = after ?? -Double.infinity
        for value in values {
            guard value > previous, value < (before ?? .infinity) else { return nil }
            previous = value
        }
        return values
    }

    /// Inserts a copy of the chordset right after it: a new id, the same colours, a copy of
    /// every lumi (each with a new id, since lumi ids are unique across the store), titled by
    /// `ChordsetTitle.copy` with `titlePattern`. One undo step ("Duplicate “Warm”"). Returns
    /// the copy, or nil when read-only or the chordset is not in the list.
    @discardableResult
    public func duplicate(id: UUID, titlePattern: String = ChordsetTitle.copyPattern,
                          numberedPattern: String = ChordsetTitle.numberedCopyPattern) -> Chordset? {
        guard !isReadOnly else { return nil }
        if isLoadingRest, let index = self.index(of: id), index == count - 1 { finishLoadingNow() }
        // One copy: the list is looked through for each title tried (no set of every title),
        // comparing lengths first, which a Swift string knows without reading it. The closure
        // reads the list through `self`: a captured copy of the array would still hold its
        // buffer when the copy is inserted, and the insert would then copy all of it.
        let naming = CopyNaming(pattern: titlePattern, numberedPattern: numberedPattern) { title in
            let length = title.utf8.count
            return self.chordsets.contains { $0.title.utf8.count == length && $0.title == title }
        }
        guard let (copy, inverse) = insertCopy(of: id, naming: naming), let original = chordset(id: id) else { return nil }
        record(name: .duplicate(title: original.title), edit: inverse)
        return copy
    }

    /// Copies of several chordsets (a selection), each right after its original, as one undo
    /// step. One id is `duplicate(id:)`. Returns the copies in list order.
    @discardableResult
    public func duplicate(ids: [UUID], titlePattern: String = ChordsetTitle.copyPattern,
                          numberedPattern: String = ChordsetTitle.numberedCopyPattern) -> [Chordset] {
        guard !isReadOnly else { return [] }
        let present = ids.filter { self.index(of: $0) != nil }
        if present.count <= 1 { return present.first.flatMap { duplicate(id: $0, titlePattern: titlePattern, numberedPattern: numberedPattern) }.map { [$0] } ?? [] }
        if isLoadingRest { finishLoadingNow() }
        var copies: [Chordset] = []
        var inverses: [Edit] = []
        var titles = Set(chordsets.map(\.title))
        for id in present {
            let naming = CopyNaming(pattern: titlePattern, numberedPattern: numberedPattern) { titles.contains($0) }
            guard let (copy, inverse) = insertCopy(of: id, naming: naming) else { continue }
            titles.insert(copy.title)
            copies.append(copy)
            inverses.append(inverse)
        }
        guard !copies.isEmpty else { return [] }
        // A batch is applied in order, so its undo runs the inverses last one first.
        record(name: .duplicateSeveral(count: copies.count), edit: .batch(inverses.reversed()))
        return copies.sorted(by: Chordset.listOrder)
    }

    /// How a copy is titled: the patterns, and which titles the list holds already.
    private struct CopyNaming {
        var pattern: String
        var numberedPattern: String
        var isTaken: (String) -> Bool
    }

    /// Inserts the copy and returns it with the edit that takes it out again (and undoes a
    /// renumbering it needed), without recording an undo step.
    private func insertCopy(of id: UUID, naming: CopyNaming) -> (Chordset, Edit)? {
        guard let index = self.index(of: id) else { return nil }
        let original = chordsets[index]
        var renumbering: Edit?
        var position = positionBetween(index)
        if position == nil {
            // The gap after the original is used up (many moves into it): renumber first,
            // in the same undo step.
            renumbering = apply(.reposition(Dictionary(uniqueKeysWithValues: chordsets.enumerated().map { ($1.id, Double($0)) })))
            position = positionBetween(index)
        }
        let now = clock()
        let title = ChordsetTitle.copy(of: original.title, pattern: naming.pattern, numberedPattern: naming.numberedPattern,
                                       besides: naming.isTaken)
        let copy = Chordset(title: title, position: position ?? Double(index) + 0.5, createdAt: now,
                            chords: original.chords)
        let lumis = copiedWithNewIDs(lumis(of: id))
        let inverse = apply(.insert([copy], lumis: KeptLumis(lumis.isEmpty ? [:] : [copy.id: lumis])))
        if let renumbering { return (copy, .batch([inverse, renumbering])) }
        return (copy, inverse)
    }

    /// A position strictly between the chordset at `index` and the one after it (or one more
    /// than it when it is last), or nil when no Double lies between them.
    private func positionBetween(_ index: Int) -> Double? {
        let before = chordsets[index].position
        guard index + 1 < chordsets.count else {
            return max(before, storedMaxPosition ?? before).rounded(.down) + 1
        }
        let after = chordsets[index + 1].position
        let middle = (before + after) / 2
        return before < middle && middle < after ? middle : nil
    }

    private func copiedWithNewIDs(_ lumis: ChordsetLumis) -> ChordsetLumis {
        guard !lumis.isEmpty else { return lumis }
        var copy = lumis
        for slot in 0..<Chordset.chordCount {
            copy[slot] = lumis[slot].map { lumi in
                Lumi(shape: lumi.shape, x: lumi.x, y: lumi.y, size: lumi.size,
                     rotation: lumi.rotation, color: lumi.color, glow: lumi.glow)
            }
        }
        return copy
    }
}
