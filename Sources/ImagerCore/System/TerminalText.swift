/// Text from outside (a title, a file name, a record or value read from a sync folder, a
/// word quoted from an imported file) made safe to print: a terminal acts on control
/// characters (`ESC ] 0 ; … BEL` sets its title, others move the cursor or clear the
/// screen), so every one is written out as visible text instead, `\x1B` or `\u{2028}`.
///
/// Every message that quotes outside text goes through `escaped` where it is made, and
/// `StandardStream.writeError` applies it once more to the whole message (keeping the
/// message's own line breaks), so nothing written to standard error is ever raw.
public enum TerminalText {
    /// `text` with each control character (C0, DEL, C1, and the line and paragraph
    /// separators) written as `\xHH` or `\u{HHHH}`. Everything else, backslashes, quotes,
    /// emoji and right-to-left text among it, is kept as it is. `keepingLineBreaks` keeps
    /// "\n", for a whole message of several lines.
    public static func escaped(_ text: some StringProtocol, keepingLineBreaks: Bool = false) -> String {
        // Most text needs nothing: check first, so a list of 100,000 titles copies nothing.
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks: keepingLineBreaks) }) else {
            return String(text)
        }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepingLineBreaks: keepingLineBreaks) else {
                out.append(scalar)
                continue
            }
            let digits = String(scalar.value, radix: 16, uppercase: true)
            let written = scalar.value < 0x100
                ? "\\x" + String(repeating: "0", count: 2 - digits.count) + digits
                : "\\u{" + digits + "}"
            out.append(contentsOf: written.unicodeScalars)
        }
        return String(out)
    }

    static func needsEscape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: !keepingLineBreaks
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }
}
