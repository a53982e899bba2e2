/// Titles are single-line text. User input and imported files pass through here so a
/// control character (a NUL among them) never reaches the database or the screen.
public enum ChordsetTitle {
    /// Line breaks and tabs become spaces, other control characters are dropped, and the
    /// result is trimmed. Everything else, quotes, SQL, emoji, right-to-left text, is kept.
    public static func sanitized(_ raw: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in raw.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                scalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            default:
                scalars.append(scalar)
            }
        }
        return String(scalars).trimmingCharacters(in: .whitespaces)
    }
}

import Foundation
