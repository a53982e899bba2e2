import Foundation

/// Why a text is not JSON: what was found, where (line and column), and what was expected.
/// It quotes at most a few dozen characters of the input, however long the offending token.
struct JSONSyntaxError: Error, Equatable {
    var message: String
}

/// Reads exactly the JSON of RFC 8259 and nothing else, in one pass over UTF-8 bytes, building
/// no tree: the caller reads the values it wants as it goes, and everything else is checked and
/// dropped. (`JSONSerialization` needed 2.8 GB for a 44 MB export; this needs the input and
/// what the caller keeps.) Choices where RFC 8259 leaves room, or where readers differ:
/// - Any value may be the top-level value (RFC 8259 §2); the caller says what it wants there.
/// - Input must be UTF-8 (§8.1). One UTF-8 byte order mark before the text is skipped, as §8.1
///   allows (some Windows editors write one); a second is an error. UTF-16 and UTF-32 texts are
///   refused with a message that says so. Invalid UTF-8, in a string or anywhere, is refused.
/// - No trailing commas, no leading zeros, no `NaN` or `Infinity`, no comments, no unescaped
///   control characters in strings, no single quotes.
/// - A `\u` escape of a lone surrogate (`"\uD800"`, `"\uDC00"`) is refused: it stands for no
///   character, and no Swift `String` can hold it (RFC 8259 §8.2 leaves the behaviour open).
/// - A number is checked against the grammar, not against what some type can hold: `1e400` is
///   JSON (§6 lets readers limit range; this one leaves that to whoever reads the number).
/// - Repeated names in an object are all passed to the caller in order; readers that keep one
///   value keep the last, as most JSON readers do (§4: names SHOULD be unique).
/// - At most 512 nested lists and objects (§9 allows a limit), so no input exhausts the stack.
/// Strings are decoded in linear time, however many escapes they hold.
struct JSONReader {
    static let maximumDepth = 512
    /// The most characters of the input an error message quotes.
    static let longestQuote = 40

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// A string with escapes is decoded into this buffer, reused from one string to the next.
    private var decoded: [UInt8] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads one JSON text; `root` reads its top-level value with `read`, `read(object:)` or
    /// `read(list:)`. Only whitespace may follow that value.
    static func read(_ data: Data, root: (inout JSONReader) throws(JSONSyntaxError) -> JSONScalar)
        throws(JSONSyntaxError) -> JSONScalar {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(JSONSyntaxError) -> JSONScalar in
                try read(utf8: raw.bindMemory(to: UInt8.self), root: root)
            }
        }
        return try result.get()
    }

    private static func read(utf8: UnsafeBufferPointer<UInt8>, root: (inout JSONReader) throws(JSONSyntaxError) -> JSONScalar)
        throws(JSONSyntaxError) -> JSONScalar {
        if let encoding = otherEncoding(utf8) {
            throw JSONSyntaxError(message: "the text is \(encoding), but JSON must be UTF-8")
        }
        var reader = JSONReader(bytes: utf8)
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        guard reader.skipWhitespace() != nil else {
            throw JSONSyntaxError(message: reader.index == 0 ? "the text is empty" : "the text holds only whitespace")
        }
        let value = try root(&reader)
        if reader.skipWhitespace() != nil {
            throw reader.unexpected(at: reader.index, expected: "nothing after the value")
        }
        return value
    }

    /// "UTF-16" or "UTF-32" when a byte order mark or the zero bytes of the first character say
    /// so; nil for anything else, which is then read (and checked) as UTF-8.
    private static func otherEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let head = Array(bytes.prefix(4)) + [1, 1, 1, 1]
        switch (head[0], head[1], head[2], head[3]) {
        case (0x00, 0x00, 0xFE, 0xFF), (0xFF, 0xFE, 0x00, 0x00), (0x00, 0x00, 0x00, _), (_, 0x00, 0x00, 0x00):
            return bytes.count >= 4 ? "UTF-32" : "UTF-16"
        case (0xFE, 0xFF, _, _), (0xFF, 0xFE, _, _), (0x00, _, _, _), (_, 0x00, _, _):
            // A first or second byte of zero is never JSON in UTF-8 either; the message is kinder.
            return "UTF-16"
        default:
            return nil
        }
    }

    // MARK: Values

    /// Reads the next value. A list or an object is checked and skipped.
    @discardableResult
    mutating func read() throws(JSONSyntaxError) -> JSONScalar {
        try readValue(object: Self.skipMember, list: Self.skipElement)
    }

    /// Reads the next value; if it is an object, `member` gets each name and must read its value.
    @discardableResult
    mutating func read(object member: (inout JSONReader, String) throws(JSONSyntaxError) -> Void)
        throws(JSONSyntaxError) -> JSONScalar {
        try readValue(object: member, list: Self.skipElement)
    }

    /// Reads the next value; if it is a list, `element` gets each index and must read its value.
    @discardableResult
    mutating func read(list element: (inout JSONReader, Int) throws(JSONSyntaxError) -> Void)
        throws(JSONSyntaxError) -> JSONScalar {
        try readValue(object: Self.skipMember, list: element)
    }

    private static func skipMember(_ reader: inout JSONReader, _ key: String) throws(JSONSyntaxError) {
        try reader.read()
    }

    private static func skipElement(_ reader: inout JSONReader, _ index: Int) throws(JSONSyntaxError) {
        try reader.read()
    }

    private mutating func readValue(object member: (inout JSONReader, String) throws(JSONSyntaxError) -> Void,
                                    list element: (inout JSONReader, Int) throws(JSONSyntaxError) -> Void)
        throws(JSONSyntaxError) -> JSONScalar {
        guard let byte = skipWhitespace() else { throw endOfText(expected: "a value") }
        switch byte {
        case UInt8(ascii: "\""):
            return .text(try readString())
        case UInt8(ascii: "{"):
            try readObject(member)
            return .object
        case UInt8(ascii: "["):
            try readList(element)
            return .list
        case UInt8(ascii: "t"):
            try readWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        default:
            throw unexpected(at: index, expected: "a value")
        }
    }

    private mutating func readObject(_ member: (inout JSONReader, String) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        let open = index
        try enterContainer()
        defer { depth -= 1 }
        if skipWhitespace() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            guard let byte = skipWhitespace() else { throw endOfText(expected: "a name in double quotes (the object at \(place(open)) is not closed)") }
            guard byte == UInt8(ascii: "\"") else {
                throw unexpected(at: index, expected: "a name in double quotes")
            }
            let key = try readString()
            guard let colon = skipWhitespace() else { throw endOfText(expected: "“:”") }
            guard colon == UInt8(ascii: ":") else { throw unexpected(at: index, expected: "“:” after the name") }
            index += 1
            try member(&self, key)
            switch skipWhitespace() {
            case UInt8(ascii: "}"):
                index += 1
                return
            case UInt8(ascii: ","):
                let comma = index
                index += 1
                if skipWhitespace() == UInt8(ascii: "}") { throw trailingComma(at: comma, before: "}") }
            case nil:
                throw endOfText(expected: "“,” or “}” (the object at \(place(open)) is not closed)")
            default:
                throw unexpected(at: index, expected: "“,” or “}”")
            }
        }
    }

    private mutating func readList(_ element: (inout JSONReader, Int) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        let open = index
        try enterContainer()
        defer { depth -= 1 }
        if skipWhitespace() == UInt8(ascii: "]") {
            index += 1
            return
        }
        var count = 0
        while true {
            try element(&self, count)
            count += 1
            switch skipWhitespace() {
            case UInt8(ascii: "]"):
                index += 1
                return
            case UInt8(ascii: ","):
                let comma = index
                index += 1
                if skipWhitespace() == UInt8(ascii: "]") { throw trailingComma(at: comma, before: "]") }
            case nil:
                throw endOfText(expected: "“,” or “]” (the list at \(place(open)) is not closed)")
            default:
                throw unexpected(at: index, expected: "“,” or “]”")
            }
        }
    }

    /// Steps over `{` or `[`; refuses a 513th level before looking further.
    private mutating func enterContainer() throws(JSONSyntaxError) {
        guard depth < Self.maximumDepth else {
            throw JSONSyntaxError(message: "more than \(Self.maximumDepth) nested lists and objects at \(place(index))")
        }
        index += 1
        depth += 1
    }

    /// `true`, `false` or `null`, whose first letter has been seen.
    private mutating func readWord(_ word: StaticString) throws(JSONSyntaxError) {
        let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        let start = index
        let end = start + letters.count
        guard end <= bytes.count, bytes[start..<end].elementsEqual(letters), end == bytes.count || Self.endsToken(bytes[end]) else {
            throw unexpected(at: start, expected: "a value")
        }
        index = end
    }

    // MARK: Strings

    /// A string, from its opening quote. Text without escapes is copied once; text with escapes
    /// is decoded into one buffer, chunk by chunk, so the work grows with the length only.
    private mutating func readString() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1
        var chunkStart = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let chunk = UnsafeBufferPointer(rebasing: bytes[chunkStart..<index])
                index += 1
                guard escaped else { return String(decoding: chunk, as: UTF8.self) }
                decoded.append(contentsOf: chunk)
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                if !escaped {
                    decoded.removeAll(keepingCapacity: true)
                    escaped = true
                }
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<index]))
                try readEscape()
                chunkStart = index
            case 0..<0x20:
                throw JSONSyntaxError(message: "an unescaped control character (U+\(Self.hex(UInt32(byte)))) in a string at \(place(index)); write it as an escape such as \\n or \\u001F")
            case 0x20..<0x80:
                index += 1
            default:
                guard let length = Self.utf8Length(bytes, at: index) else {
                    throw JSONSyntaxError(message: "invalid UTF-8 in a string at \(place(index))")
                }
                index += length
            }
        }
        throw endOfText(expected: "the closing quote of the string at \(place(open))")
    }

    /// A backslash sequence, from the backslash on; appends what it stands for to `decoded`.
    private mutating func readEscape() throws(JSONSyntaxError) {
        let start = index
        guard index + 1 < bytes.count else { throw endOfText(expected: "an escape after “\\”") }
        let letter = bytes[index + 1]
        index += 2
        let simple: UInt8
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = letter
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            try readUnicodeEscape(from: start)
            return
        default:
            throw JSONSyntaxError(message: "an invalid escape \(quote(from: start, count: 2)) in a string at \(place(start)); JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
        decoded.append(simple)
    }

    /// `\uXXXX`, or a surrogate pair of two; `index` is past the `u`.
    private mutating func readUnicodeEscape(from start: Int) throws(JSONSyntaxError) {
        let unit = try readHex()
        var value = UInt32(unit)
        if (0xDC00...0xDFFF).contains(unit) {
            throw loneSurrogate(from: start)
        }
        if (0xD800...0xDBFF).contains(unit) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw loneSurrogate(from: start)
            }
            index += 2
            let low = try readHex()
            guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(from: start) }
            value = (value - 0xD800) << 10 + (UInt32(low) - 0xDC00) + 0x10000
        }
        // Not a surrogate, or a whole pair: always a scalar.
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        decoded.append(contentsOf: scalar.utf8)
    }

    private func loneSurrogate(from start: Int) -> JSONSyntaxError {
        JSONSyntaxError(message: "an unpaired surrogate \(quote(from: start, count: 6)) in a string at \(place(start)); it stands for no character")
    }

    private mutating func readHex() throws(JSONSyntaxError) -> UInt16 {
        let start = index - 2
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw endOfText(expected: "four hex digits after “\\u”") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default:
                throw JSONSyntaxError(message: "an invalid escape \(quote(from: start, count: 6)) in a string at \(place(start)); \\u takes four hex digits")
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    /// The length of the UTF-8 sequence that starts at `offset`, if it is a valid one (RFC 3629:
    /// no overlong forms, no surrogates, nothing above U+10FFFF).
    private static func utf8Length(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; second = 0x80...0x8F
        default: return nil
        }
        guard offset + length <= bytes.count, second.contains(bytes[offset + 1]) else { return nil }
        for next in offset + 2 ..< offset + length where bytes[next] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    // MARK: Numbers

    /// The number's text, checked against RFC 8259's grammar:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, followed by the end of the token.
    private mutating func readNumber() throws(JSONSyntaxError) -> String {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        func invalid(_ why: String) -> JSONSyntaxError {
            JSONSyntaxError(message: "an invalid number \(quoteToken(from: start)) at \(place(start)): \(why)")
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw invalid("a digit must follow “-”") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { throw invalid("no leading zeros") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw invalid("a digit must follow “.”") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw invalid("the exponent needs digits") }
        }
        guard index == bytes.count || Self.endsToken(bytes[index]) else {
            throw invalid("JSON numbers are decimal, such as 12, -0.5 or 1e3")
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    // MARK: Whitespace

    /// Skips whitespace; returns the byte after it, or nil at the end of the text.
    private mutating func skipWhitespace() -> UInt8? {
        while index < bytes.count {
            let byte = bytes[index]
            guard Self.isWhitespace(byte) else { return byte }
            index += 1
        }
        return nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    /// What may follow a number or a word: whitespace or a structural character.
    private static func endsToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"),
             UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "]"), UInt8(ascii: "}"),
             UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""): true
        default: false
        }
    }

    // MARK: Errors

    private func endOfText(expected: String) -> JSONSyntaxError {
        JSONSyntaxError(message: "the text ends early: expected \(expected)")
    }

    private func trailingComma(at comma: Int, before close: String) -> JSONSyntaxError {
        JSONSyntaxError(message: "a comma before “\(close)” at \(place(comma)); JSON allows no trailing commas")
    }

    /// "unexpected “truth” at line 1, column 2: expected a value".
    private func unexpected(at offset: Int, expected: String) -> JSONSyntaxError {
        let found: String
        if bytes[offset] >= 0x80, Self.utf8Length(bytes, at: offset) == nil {
            found = "the byte 0x\(String(bytes[offset], radix: 16, uppercase: true)), which is not UTF-8,"
        } else {
            found = quoteToken(from: offset)
        }
        return JSONSyntaxError(message: "unexpected \(found) at \(place(offset)): expected \(expected)")
    }

    /// The token that starts at `offset` (up to whitespace or punctuation, or its first
    /// character when it is punctuation), quoted and shortened.
    private func quoteToken(from offset: Int) -> String {
        var end = offset + 1
        if !Self.endsToken(bytes[offset]) {
            while end < bytes.count, end - offset <= 4 * Self.longestQuote, !Self.endsToken(bytes[end]) { end += 1 }
        }
        return quote(from: offset, count: end - offset, more: end < bytes.count && !Self.endsToken(bytes[end]))
    }

    /// At most `longestQuote` characters of the input from `offset`, control characters
    /// escaped, then "…" when there was more.
    private func quote(from offset: Int, count: Int, more: Bool = false) -> String {
        let end = min(bytes.count, offset + count, offset + 4 * Self.longestQuote)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        var shown = ""
        for (position, scalar) in text.unicodeScalars.enumerated() {
            if position == Self.longestQuote { return "“" + shown + "…”" }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                shown += "\\u" + Self.hex(scalar.value)
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return "“" + shown + (more || end < offset + count ? "…" : "") + "”"
    }

    /// "line 3, column 14", counting characters; worked out only for a message.
    private func place(_ offset: Int) -> String {
        var line = 1, column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
