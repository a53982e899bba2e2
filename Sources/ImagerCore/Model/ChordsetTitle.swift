/// Titles are single-line text. User input and imported files pass through here so a
/// control character (a NUL among them) never reaches the database or the screen.
public enum ChordsetTitle {
    /// Line breaks and tabs become spaces, other control characters are dropped, and the
    /// result is trimmed of spaces (Unicode's space separators). Everything else, quotes,
    /// SQL, emoji, right-to-left text, is kept.
    public static func sanitized(_ raw: String) -> String {
        // Most titles need nothing: check first, so an import of 100,000 copies nothing.
        let scalars = raw.unicodeScalars
        if !scalars.contains(where: isControl),
           !(scalars.first.map(isSpace) ?? false), !(scalars.last.map(isSpace) ?? false) {
            return raw
        }
        var cleaned: [Unicode.Scalar] = []
        cleaned.reserveCapacity(scalars.count)
        for scalar in scalars {
            if isLineBreakOrTab(scalar) {
                cleaned.append(" ")
            } else if !isControl(scalar) {
                cleaned.append(scalar)
            }
        }
        let start = cleaned.firstIndex { !isSpace($0) } ?? cleaned.endIndex
        let end = (cleaned.lastIndex { !isSpace($0) }).map { $0 + 1 } ?? start
        var result = String.UnicodeScalarView()
        result.append(contentsOf: cleaned[start..<max(start, end)])
        return String(result)
    }

    private static func isLineBreakOrTab(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Controls, and the line and paragraph separators, which are not controls but break lines.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar.properties.generalCategory == .spaceSeparator
    }
}
