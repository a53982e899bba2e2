import Foundation

/// The lumis of the chordsets a window has asked for lately. With 100,000 chordsets the
/// store holds millions of lumis; the list shows a few dozen rows, so only those are read,
/// each with one indexed query, and kept here while they are likely to be asked for again.
///
/// Two kinds of entry:
/// - *clean*: what the store holds, dropped (least recently used first) beyond `capacity`
///   and read again when next asked for;
/// - *pinned*: lumis the store does not hold yet (edited, or of a chordset not saved yet).
///   They are the only copy, so they stay until a save has written them (`settle`).
struct LumiCache {
    /// Every row a full-screen window shows at 3840 × 2160 (about 45), four times over. An
    /// entry costs about 120 bytes per lumi, some 3 KB for a chordset of 24; a thousand
    /// entries would hold about 2 MiB more after a scroll through 100,000 chordsets, and a miss
    /// costs one indexed query.
    static let defaultCapacity = 200

    let capacity: Int
    private var clean: [UUID: (lumis: ChordsetLumis, lastUse: UInt64)] = [:]
    private(set) var pinned: [UUID: ChordsetLumis] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int = defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// The lumis if known here; a clean hit counts as a use.
    mutating func lookUp(_ id: UUID) -> ChordsetLumis? {
        if let lumis = pinned[id] { return lumis }
        guard let entry = clean[id] else { return nil }
        clock += 1
        clean[id] = (entry.lumis, clock)
        return entry.lumis
    }

    /// The lumis if known here, without counting a use.
    func peek(_ id: UUID) -> ChordsetLumis? {
        pinned[id] ?? clean[id]?.lumis
    }

    /// What the store returned for `id`.
    mutating func remember(_ lumis: ChordsetLumis, of id: UUID) {
        guard pinned[id] == nil else { return }
        clock += 1
        clean[id] = (lumis, clock)
        if clean.count > capacity { dropLeastRecentlyUsed() }
    }

    /// Lumis the store does not hold (yet): kept until `unpin`.
    mutating func pin(_ lumis: ChordsetLumis, of id: UUID) {
        clean[id] = nil
        pinned[id] = lumis
    }

    /// The store now holds what was pinned: it becomes a clean entry like any other.
    mutating func unpin(_ id: UUID) {
        guard let lumis = pinned.removeValue(forKey: id) else { return }
        remember(lumis, of: id)
    }

    mutating func forget(_ id: UUID) {
        clean[id] = nil
        pinned[id] = nil
    }

    /// Another program may have changed the store: clean entries may be stale.
    mutating func forgetClean() {
        clean.removeAll(keepingCapacity: true)
    }

    var cleanCount: Int { clean.count }

    /// Drops the older half at once, so a run of misses costs one sort per
    /// `capacity / 2` reads rather than a search per read.
    private mutating func dropLeastRecentlyUsed() {
        let keep = capacity / 2
        let byUse = clean.map { ($0.key, $0.value.lastUse) }.sorted { $0.1 > $1.1 }
        for (id, _) in byUse.dropFirst(keep) { clean[id] = nil }
    }
}
