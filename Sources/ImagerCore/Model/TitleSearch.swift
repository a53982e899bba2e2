import Foundation

/// What the window's search matches: a chordset whose title contains the typed text,
/// ignoring case and accents. Both sides are folded the same way: Unicode canonical
/// decomposition, combining marks dropped (é → e, Å → A), then lower case (so "CAFÉ", "café"
/// and "Cafe" all match "cafe"). Letters that are not a base letter plus marks (ø, ß, ł)
/// match only themselves, in either case.
///
/// Folding a title costs microseconds, so each title is folded once and kept (by id, with
/// the title it was folded from, so a rename is noticed); a keystroke is then a byte search
/// per title, and a longer query searches only the titles the shorter one matched.
public final class TitleSearch {
    private var folded: [UUID: (title: String, bytes: [UInt8])] = [:]
    /// The last query and what it matched, by chordset id, for narrowing.
    private var last: (query: [UInt8], matched: Set<UUID>)?

    public init() {}

    /// Indices (in `chordsets`' order) of the chordsets whose titles contain `query`. An empty
    /// query (after folding) matches everything.
    public func matches(_ query: String, in chordsets: [Chordset]) -> [Int] {
        let needle = Self.fold(query)
        guard !needle.isEmpty else {
            last = nil
            return Array(chordsets.indices)
        }
        // Typing on only narrows: a title that did not contain "ca" cannot contain "caf".
        let narrowing = last.flatMap { previous in Self.contains(needle, previous.query) ? previous.matched : nil }
        var result: [Int] = []
        var matched = Set<UUID>()
        for (index, chordset) in chordsets.enumerated() {
            if let narrowing, !narrowing.contains(chordset.id) { continue }
            if Self.contains(foldedTitle(of: chordset), needle) {
                result.append(index)
                matched.insert(chordset.id)
            }
        }
        last = (needle, matched)
        return result
    }

    /// Whether one title matches `query` (for a row that changed while the search is shown).
    public func title(of chordset: Chordset, matches query: String) -> Bool {
        let needle = Self.fold(query)
        return needle.isEmpty || Self.contains(foldedTitle(of: chordset), needle)
    }

    /// Titles changed since their folding: forget the narrowing, which may be stale.
    public func forgetNarrowing() { last = nil }

    private func foldedTitle(of chordset: Chordset) -> [UInt8] {
        if let known = folded[chordset.id], known.title == chordset.title { return known.bytes }
        let bytes = Self.fold(chordset.title)
        folded[chordset.id] = (chordset.title, bytes)
        return bytes
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
        let first = needle[0]
        let last = haystack.count - needle.count
        var start = 0
        while start <= last {
            if haystack[start] == first {
                var matchedAll = true
                for offset in 1..<needle.count where haystack[start + offset] != needle[offset] {
                    matchedAll = false
                    break
                }
                if matchedAll { return true }
            }
            start += 1
        }
        return false
    }
}
