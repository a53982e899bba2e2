/// Titles are single-line text. User input and imported files pass through here so a
/// control character (a NUL among them) never reaches the database or the screen.
///
/// The one rule for every title that enters (rename, add, import, seed, store): cleaned by
/// `sanitized`, then `accepted` says whether it may enter. It lives here and only here.
public enum ChordsetTitle {
    /// The longest title, in Unicode scalars (what GTK's entry counts as characters). Long
    /// enough for any name a person types or pastes; short enough that a hostile file cannot
    /// put megabytes into a row the list must lay out.
    public static let maximumLength = 1_000

    /// Why a title may not enter.
    public enum Refusal: Error, Equatable, Sendable {
        /// Nothing is left once control characters and surrounding spaces are gone.
        case empty
        /// Longer than `maximumLength`; `length` is the cleaned title's length in scalars.
        case tooLong(length: Int)
    }

    /// The cleaned title, or why it may not enter. `allowingUpTo` lets a title that an older
    /// Imager stored at more than `maximumLength` be edited without growing: a rename that
    /// changes one character of it must not be refused (or cut).
    public static func accepted(_ raw: String, allowingUpTo longest: Int = maximumLength) -> Result<String, Refusal> {
        // A 50 MB title is refused by its byte count, before it is copied or scanned.
        let limit = max(longest, maximumLength)
        if raw.utf8.count > 4 * limit + 4096 {
            return .failure(.tooLong(length: raw.unicodeScalars.count))
        }
        let title = sanitized(raw)
        if title.isEmpty { return .failure(.empty) }
        let length = title.unicodeScalars.count
        if length > limit { return .failure(.tooLong(length: length)) }
        return .success(title)
    }

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

extension ChordsetTitle {
    /// The words a copy's title is made from: `%@` stands for the original title. The GTK
    /// layer passes the translated pattern; the core keeps the English one for the command line.
    public static let copyPattern = "%@ (Copy)"
    /// The words of a second, third… copy of the same title: `%d` stands for its number.
    public static let numberedCopyPattern = "%@ (Copy %d)"

    /// "Warm (Copy)": the title of a duplicate, kept within `maximumLength` by shortening the
    /// original title (never the words around it), so the copy passes `accepted` like any title.
    /// When `besides` holds that title already: "Warm (Copy 2)", "Warm (Copy 3)"…, as GNOME
    /// Files names copies; a copy's title ("Warm (Copy 2)") counts on from its original's.
    public static func copy(of title: String, pattern: String = copyPattern, numberedPattern: String = numberedCopyPattern,
                            besides taken: (String) -> Bool = { _ in false }) -> String {
        let pattern = pattern.contains("%@") ? pattern : copyPattern
        let numberedPattern = numberedPattern.contains("%@") && numberedPattern.contains("%d") ? numberedPattern : numberedCopyPattern
        let original = originalTitle(of: sanitized(title), pattern: pattern, numberedPattern: numberedPattern)
        let first = filled(pattern, with: original, number: nil)
        if !taken(first) { return first }
        var number = 2
        while true {
            let numbered = filled(numberedPattern, with: original, number: number)
            if !taken(numbered) || numbered == first { return numbered }
            number += 1
        }
    }

    /// The pattern with `original` (shortened to fit) and `number` in it.
    private static func filled(_ pattern: String, with original: String, number: Int?) -> String {
        let words = number.map { pattern.replacingOccurrences(of: "%d", with: String($0)) } ?? pattern
        let wordsLength = words.unicodeScalars.count - 2
        let room = max(0, maximumLength - wordsLength)
        var original = original
        if original.unicodeScalars.count > room {
            var kept = String.UnicodeScalarView()
            kept.append(contentsOf: original.unicodeScalars.prefix(room))
            original = sanitized(String(kept))
        }
        let copy = sanitized(words.replacingOccurrences(of: "%@", with: original))
        return copy.isEmpty ? Chordset.defaultTitle : copy
    }

    /// "Warm" for "Warm (Copy)" or "Warm (Copy 2)"; any other title as it is.
    private static func originalTitle(of title: String, pattern: String, numberedPattern: String) -> String {
        if let original = match(title, pattern.components(separatedBy: "%@")) { return original }
        // "%@ (Copy %d)": the words before the title, between it and the number, after the number.
        let aroundTitle = numberedPattern.components(separatedBy: "%@")
        guard aroundTitle.count == 2 else { return title }
        if let numberAt = aroundTitle[1].range(of: "%d") {
            // The number after the title.
            let between = String(aroundTitle[1][..<numberAt.lowerBound]), after = String(aroundTitle[1][numberAt.upperBound...])
            guard title.hasPrefix(aroundTitle[0]), title.hasSuffix(after) else { return title }
            var rest = String(title.dropFirst(aroundTitle[0].count).dropLast(after.count))
            let digits = rest.reversed().prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return title }
            rest = String(rest.dropLast(digits.count))
            guard rest.hasSuffix(between) else { return title }
            let original = String(rest.dropLast(between.count))
            return original.isEmpty ? title : original
        } else if let numberAt = aroundTitle[0].range(of: "%d") {
            // The number before the title ("Kopie %d von %@").
            let before = String(aroundTitle[0][..<numberAt.lowerBound]), between = String(aroundTitle[0][numberAt.upperBound...])
            guard title.hasPrefix(before), title.hasSuffix(aroundTitle[1]) else { return title }
            var rest = String(title.dropFirst(before.count).dropLast(aroundTitle[1].count))
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return title }
            rest = String(rest.dropFirst(digits.count))
            guard rest.hasPrefix(between) else { return title }
            let original = String(rest.dropFirst(between.count))
            return original.isEmpty ? title : original
        }
        return title
    }

    /// The title between the words before and after it, when it has both and is not empty.
    private static func match(_ title: String, _ around: [String]) -> String? {
        guard around.count == 2, title.count > around[0].count + around[1].count,
              title.hasPrefix(around[0]), title.hasSuffix(around[1]) else { return nil }
        return String(title.dropFirst(around[0].count).dropLast(around[1].count))
    }
}
