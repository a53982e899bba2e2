import Foundation

/// A chordset title turned into the stem of CSS custom property names (`--warm-1`), so the
/// result is safe wherever an identifier goes: CSS, Sass or Less variables, class names.
///
/// The rule: accents are folded away ("Été" -> "ete"); letters are lowercased; ASCII letters
/// and digits are kept and every other character (spaces, punctuation, and any letter that
/// has no ASCII form, such as CJK or Cyrillic) becomes `-`; runs of `-` collapse to one and
/// none is left at either end. A stem that starts with a digit gets `chordset-` in front (a
/// plain identifier may not start with one), and a stem that comes out empty is `chordset`.
public enum CSSIdentifier {
    public static let fallback = "chordset"

    public static func stem(for title: String) -> String {
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive],
                                   locale: Locale(identifier: "en_US_POSIX"))
        var out = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            let value = scalar.value
            let kept: Character? = switch value {
            case 0x61...0x7A, 0x30...0x39: Character(scalar)
            case 0x41...0x5A: Character(Unicode.Scalar(value + 0x20)!)
            default: nil
            }
            if let kept {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                out.append(kept)
            } else {
                pendingDash = true
            }
        }
        if out.isEmpty { return fallback }
        if out.first!.isNumber { return fallback + "-" + out }
        return out
    }
}
