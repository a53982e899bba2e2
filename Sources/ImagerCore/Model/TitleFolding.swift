import Foundation

/// How a title and the typed text are made comparable for the search: Unicode canonical
/// decomposition, combining marks dropped (é → e, Å → A), then lower case (so "CAFÉ",
/// "café" and "Cafe" all become "cafe"). Letters that are not a base letter plus marks
/// (ø, ß, ł) stay themselves, in lower case.
enum TitleFolding {
    /// The folded UTF-8 of `text`.
    static func fold(_ text: String) -> [UInt8] {
        var folded: [UInt8] = []
        append(text, to: &folded)
        return folded
    }

    /// Appends the folded UTF-8 of `text` to `folded`.
    static func append(_ text: String, to folded: inout [UInt8]) {
        // Most titles are plain ASCII: lower-case them byte by byte.
        let wasASCII = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.reduce(0, |) < 0x80 else { return false }
            let start = folded.count
            folded.append(contentsOf: bytes)
            folded.withUnsafeMutableBufferPointer { folded in
                for index in start..<folded.count where folded[index] &- 65 < 26 { folded[index] += 32 }
            }
            return true
        }
        if wasASCII == true { return }
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: continue
            default: scalars.append(scalar)
            }
        }
        folded.append(contentsOf: String(scalars).lowercased().utf8)
    }

    /// Where `needle` (not empty) first occurs in `text` at or after `from`: `memchr` finds
    /// each place its first byte is, `memcmp` compares the rest there.
    @inline(__always)
    static func firstOffset(of needle: UnsafeRawBufferPointer, in text: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard let base = text.baseAddress, let rest = needle.baseAddress.map({ $0 + 1 }) else { return nil }
        let first = Int32(needle[0])
        let last = text.count - needle.count
        var from = from
        while from <= last {
            guard let candidate = memchr(base + from, first, last - from + 1) else { return nil }
            let offset = base.distance(to: UnsafeRawPointer(candidate))
            if needle.count == 1 || memcmp(candidate + 1, rest, needle.count - 1) == 0 { return offset }
            from = offset + 1
        }
        return nil
    }
}
