import Foundation

/// What the window's search matches: a chordset whose title contains the typed text,
/// ignoring case and accents. Both sides are folded the same way: Unicode canonical
/// decomposition, combining marks dropped (é → e, Å → A), then lower case (so "CAFÉ", "café"
/// and "Cafe" all match "cafe"). Letters that are not a base letter plus marks (ø, ß, ł)
/// match only themselves, in either case.
///
/// Folding a title costs microseconds, so each title is folded once and kept, in a list
/// that lines up with the chordsets (checked entry by entry: same id, same title, which
/// for an unchanged chordset is one comparison of shared storage); a keystroke is then one
/// byte search per title. An entry that no longer lines up (a rename, an insert above it)
/// is folded again. The list's changes are followed (`follow`), so an add or a delete costs
/// the next keystroke one fold, not 100,000.
public final class TitleSearch {
    private struct Entry {
        let id: UUID
        let title: String
        let bytes: [UInt8]
    }

    /// Lines up with the chordsets; nil for one inserted since the last search.
    private var folded: [Entry?] = []
    /// How many titles have been folded, for tests of what a keystroke costs.
    private(set) var foldCount = 0

    public init() {}

    /// Follows one change of the list the next search will be given, so the folded titles
    /// keep lining up with it. A change that cannot be followed (a reload, or one that does
    /// not fit the titles kept) lets the next search fold every title again.
    public func follow(_ change: ListChange) {
        switch change {
        case let .inserted(index, count) where index >= 0 && index <= folded.count && count >= 0:
            folded.insert(contentsOf: repeatElement(nil, count: count), at: index)
        case let .removed(index, count) where index >= 0 && count >= 0 && index + count <= folded.count:
            folded.removeSubrange(index..<(index + count))
        case let .moved(from, to) where folded.indices.contains(from) && folded.indices.contains(to):
            folded.insert(folded.remove(at: from), at: to)
        case .updated:
            // A renamed title no longer lines up with its entry, which is folded again.
            break
        default:
            folded = []
        }
    }

    /// Indices (in `chordsets`' order) of the chordsets whose titles contain `query`. An empty
    /// query (after folding) matches everything.
    public func matches(_ query: String, in chordsets: [Chordset]) -> [Int] {
        let needle = Self.fold(query)
        guard !needle.isEmpty else { return Array(chordsets.indices) }
        if folded.count != chordsets.count {
            folded = Array(repeating: nil, count: chordsets.count)
        }
        var result: [Int] = []
        var folds = 0
        folded.withUnsafeMutableBufferPointer { cache in
            for index in chordsets.indices {
                let chordset = chordsets[index]
                let bytes: [UInt8]
                if let entry = cache[index], entry.id == chordset.id, entry.title == chordset.title {
                    bytes = entry.bytes
                } else {
                    bytes = Self.fold(chordset.title)
                    cache[index] = Entry(id: chordset.id, title: chordset.title, bytes: bytes)
                    folds += 1
                }
                if Self.contains(bytes, needle) { result.append(index) }
            }
        }
        foldCount += folds
        return result
    }

    /// Whether one title matches `query` (for a row that changed while the search is shown).
    public func title(of chordset: Chordset, matches query: String) -> Bool {
        let needle = Self.fold(query)
        return needle.isEmpty || Self.contains(Self.fold(chordset.title), needle)
    }

    /// The folded UTF-8 of `text`: decomposed, combining marks dropped, lower case.
    public static func fold(_ text: String) -> [UInt8] {
        // Most titles are plain ASCII: lower-case them byte by byte.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        }
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: continue
            default: scalars.append(scalar)
            }
        }
        return Array(String(scalars).lowercased().utf8)
    }

    /// Whether `haystack` contains `needle`, byte for byte (UTF-8 keeps whole characters apart).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        if needle.isEmpty { return true }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                let first = pin[0], last = hay.count - pin.count
                var start = 0
                while start <= last {
                    if hay[start] == first {
                        var offset = 1
                        while offset < pin.count, hay[start + offset] == pin[offset] { offset += 1 }
                        if offset == pin.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }
}
