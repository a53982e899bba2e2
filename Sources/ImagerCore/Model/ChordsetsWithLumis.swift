/// Chordsets together with the lumis of each, as a file, the seed or an import carries them,
/// and the file's set lists. Two parallel lists rather than a list of pairs, so that a file
/// of chordsets without lumis costs no more than one with: every `ChordsetLumis.none` shares
/// one buffer.
public struct ChordsetsWithLumis: Sendable, Equatable {
    public private(set) var chordsets: [Chordset]
    /// `lumis[i]` belongs to `chordsets[i]`; always as long as `chordsets`.
    public private(set) var lumis: [ChordsetLumis]
    /// Set lists as the file names them: their chordset ids are the ids written in the file
    /// (of its own chordsets, or of chordsets already stored); the store's import resolves them.
    public var setLists: [SetList] = []

    public init() {
        chordsets = []
        lumis = []
    }

    /// Chordsets without lumis.
    public init(_ chordsets: [Chordset]) {
        self.chordsets = chordsets
        lumis = Array(repeating: .none, count: chordsets.count)
    }

    /// Nil unless the two lists are equally long.
    public init?(_ chordsets: [Chordset], lumis: [ChordsetLumis]) {
        guard chordsets.count == lumis.count else { return nil }
        self.chordsets = chordsets
        self.lumis = lumis
    }

    public var count: Int { chordsets.count }
    public var isEmpty: Bool { chordsets.isEmpty }
    /// How many lumis all the chordsets hold together.
    public var lumiCount: Int { lumis.reduce(0) { $0 + $1.count } }

    public mutating func reserveCapacity(_ count: Int) {
        chordsets.reserveCapacity(count)
        lumis.reserveCapacity(count)
    }

    public mutating func append(_ chordset: Chordset, lumis chordsetLumis: ChordsetLumis = .none) {
        chordsets.append(chordset)
        lumis.append(chordsetLumis)
    }
}
