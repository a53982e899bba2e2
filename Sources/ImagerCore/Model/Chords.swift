/// A chordset's eight chords, held inside the chordset itself.
///
/// A list of 100,000 chordsets holds 800,000 chords. Kept in an `Array`, each chordset's
/// eight would be a heap block of their own: 100,000 allocations for a load, a reference
/// count to touch on every copy of a chordset, and about 80 bytes each with the allocator's
/// share. Inline they are 32 bytes of the chordset, and always exactly eight.
public struct Chords: RandomAccessCollection, MutableCollection, Hashable, Sendable, CustomStringConvertible {
    private var storage: InlineArray<8, Chord>

    /// Eight chords of one colour.
    public init(repeating chord: Chord) {
        storage = InlineArray(repeating: chord)
    }

    /// `chords` if there are exactly eight of them, else nil.
    public init?<Source: Collection>(_ chords: Source) where Source.Element == Chord {
        guard chords.count == InlineArray<8, Chord>.count else { return nil }
        var iterator = chords.makeIterator()
        storage = InlineArray { _ in iterator.next()! }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    public subscript(position: Int) -> Chord {
        get { storage[position] }
        set { storage[position] = newValue }
    }

    public static func == (lhs: Chords, rhs: Chords) -> Bool {
        lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        for chord in self { hasher.combine(chord) }
    }

    public var description: String { Array(self).description }
}
