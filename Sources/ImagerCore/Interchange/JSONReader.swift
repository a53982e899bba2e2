import Foundation

/// Why a text is not JSON, worded as Foundation's `JSONSerialization` words it.
struct JSONSyntaxError: Error, Equatable {
    var message: String
}

/// Reads JSON as Foundation's `JSONSerialization` on Linux does (the same grammar and quirks:
/// UTF-16/32 input, trailing commas, the last of duplicate keys wins, at most 512 levels, numbers
/// checked against what Swift can hold) and refuses what it refuses with its messages, but builds
/// no tree: the caller reads the values it wants as it goes, and everything else is checked and
/// dropped. `JSONSerialization` needed 2.8 GB for a 44 MB export; this needs the input and what
/// the caller keeps. Unlike it, a raw U+FEFF that starts a string is kept (Foundation drops it).
struct JSONReader {
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// The first number read that no Swift number holds (`1e400`). `JSONSerialization` refuses it
    /// only once the whole text has parsed, and not at all when a later duplicate key replaced
    /// it, so it waits here until then.
    private var unrepresentable: String?

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads one JSON text; `root` reads its top-level value with `read`, `read(object:)` or
    /// `read(list:)`. As with `JSONSerialization`, the top level must be a list or an object.
    static func read(_ data: Data, root: (inout JSONReader) throws(JSONSyntaxError) -> JSONScalar)
        throws(JSONSyntaxError) -> JSONScalar {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(JSONSyntaxError) -> JSONScalar in
                let all = raw.bindMemory(to: UInt8.self)
                let (encoding, byteOrderMark) = detectEncoding(all)
                let body = UnsafeBufferPointer(rebasing: all[byteOrderMark...])
                if encoding == .utf8 {
                    return try read(utf8: body, root: root)
                }
                guard let text = String(bytes: body, encoding: encoding) else {
                    throw JSONSyntaxError(message: "Cannot convert input string to valid utf8 input.")
                }
                return try Array(text.utf8).withUnsafeBufferPointer { utf8 throws(JSONSyntaxError) in
                    try read(utf8: utf8, root: root)
                }
            }
        }
        return try result.get()
    }

    private static func read(utf8: UnsafeBufferPointer<UInt8>, root: (inout JSONReader) throws(JSONSyntaxError) -> JSONScalar)
        throws(JSONSyntaxError) -> JSONScalar {
        var reader = JSONReader(bytes: utf8)
        let value = try root(&reader)
        while reader.index < utf8.count {
            guard isWhitespace(utf8[reader.index]) else { throw unexpectedCharacter(at: reader.index) }
            reader.index += 1
        }
        switch value {
        case .list, .object: break
        default: throw JSONSyntaxError(message: "JSON text did not start with array or object and option to allow fragments not set.")
        }
        if let number = reader.unrepresentable {
            throw JSONSyntaxError(message: "Number \(number) is not representable in Swift.")
        }
        return value
    }

    /// UTF-8 unless a byte order mark or the pattern of zero bytes says UTF-16 or UTF-32;
    /// returns the encoding and the length of the mark to skip. As `JSONSerialization` does it.
    private static func detectEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> (String.Encoding, Int) {
        if bytes.count >= 4 {
            switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
            case (0xEF, 0xBB, 0xBF, _): return (.utf8, 3)
            case (0x00, 0x00, 0xFE, 0xFF): return (.utf32BigEndian, 4)
            case (0xFF, 0xFE, 0x00, 0x00): return (.utf32LittleEndian, 4)
            case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
            case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
            case (0, 0, 0, _): return (.utf32BigEndian, 0)
            case (_, 0, 0, 0): return (.utf32LittleEndian, 0)
            case (0, _, 0, _): return (.utf16BigEndian, 0)
            case (_, 0, _, 0): return (.utf16LittleEndian, 0)
            default: return (.utf8, 0)
            }
        }
        if bytes.count >= 2 {
            if bytes[0] == 0 { return (.utf16BigEndian, 0) }
            if bytes[1] == 0 { return (.utf16LittleEndian, 0) }
        }
        return (.utf8, 0)
    }

    // MARK: Values

    /// Reads the next value. A list or an object is checked and skipped.
    @discardableResult
    mutating func read() throws(JSONSyntaxError) -> JSONScalar {
        try readValue(object: Self.skipMember, list: Self.skipElement)
    }

    /// Reads the next value; if it is an object, `member` gets each key and must read its value.
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
        switch try skipWhitespace() {
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
            throw Self.unexpectedCharacter(at: index)
        }
    }

    private mutating func readObject(_ member: (inout JSONReader, String) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        try enterContainer()
        defer { depth -= 1 }
        if try skipWhitespace() == UInt8(ascii: "}") {
            index += 1
            return
        }
        // Keys whose value held an unrepresentable number; a later value for the key replaces it.
        var unrepresentableByKey: [(key: String, number: String)] = []
        let outer = unrepresentable
        defer {
            unrepresentable = outer ?? unrepresentableByKey.first?.number
        }
        while true {
            guard bytes[index] == UInt8(ascii: "\"") else { throw Self.unexpectedCharacter(at: index) }
            let key = try readString()
            guard try skipWhitespace() == UInt8(ascii: ":") else { throw Self.unexpectedCharacter(at: index) }
            index += 1
            unrepresentable = nil
            try member(&self, key)
            if let number = unrepresentable {
                unrepresentableByKey.removeAll { $0.key == key }
                unrepresentableByKey.append((key, number))
            } else if !unrepresentableByKey.isEmpty {
                unrepresentableByKey.removeAll { $0.key == key }
            }
            switch try skipWhitespace() {
            case UInt8(ascii: "}"):
                index += 1
                return
            case UInt8(ascii: ","):
                index += 1
                if try skipWhitespace() == UInt8(ascii: "}") {
                    index += 1
                    return
                }
            default:
                throw Self.unexpectedCharacter(at: index)
            }
        }
    }

    private mutating func readList(_ element: (inout JSONReader, Int) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        try enterContainer()
        defer { depth -= 1 }
        if try skipWhitespace() == UInt8(ascii: "]") {
            index += 1
            return
        }
        var count = 0
        while true {
            try element(&self, count)
            count += 1
            switch try skipWhitespace() {
            case UInt8(ascii: "]"):
                index += 1
                return
            case UInt8(ascii: ","):
                index += 1
                if try skipWhitespace() == UInt8(ascii: "]") {
                    index += 1
                    return
                }
            default:
                throw Self.unexpectedCharacter(at: index)
            }
        }
    }

    /// Steps over `{` or `[`; refuses a 513th level before looking further.
    private mutating func enterContainer() throws(JSONSyntaxError) {
        index += 1
        guard depth < Self.maximumDepth else {
            throw JSONSyntaxError(message: "Too many nested arrays or dictionaries around character \(index).")
        }
        depth += 1
    }

    /// `true`, `false` or `null`, whose first letter has been seen.
    private mutating func readWord(_ word: StaticString) throws(JSONSyntaxError) {
        let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for letter in letters {
            guard index < bytes.count else { throw Self.endOfFile }
            index += 1
            guard bytes[index - 1] == letter else {
                // Foundation reports a wrong last byte as the end of the file.
                throw index == bytes.count ? Self.endOfFile : Self.unexpectedCharacter(at: index - 1)
            }
        }
    }

    // MARK: Strings

    private mutating func readString() throws(JSONSyntaxError) -> String {
        index += 1
        var chunkStart = index
        var escaped: String?
        var end = index
        while end < bytes.count {
            switch bytes[end] {
            case UInt8(ascii: "\""):
                let tail = try makeString(chunkStart..<end)
                index = end + 1
                return escaped.map { $0 + tail } ?? tail
            case 0...31:
                _ = try makeString(chunkStart..<end + 1)
                throw JSONSyntaxError(message: "Unescaped control character around character \(end).")
            case UInt8(ascii: "\\"):
                var text = (escaped ?? "") + (try makeString(chunkStart..<end))
                index = end
                text.unicodeScalars.append(try readEscape())
                escaped = text
                chunkStart = index
                end = index
            default:
                end += 1
            }
        }
        throw Self.endOfFile
    }

    /// A backslash sequence, from the backslash on.
    private mutating func readEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let start = index
        index += 1
        guard index < bytes.count else { throw Self.endOfFile }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): break
        default:
            throw try escapeProblem(from: start, "Invalid escape sequence around character \(index - 2).")
        }
        let unit = try readHex()
        if unit & 0xFC00 == 0xD800 {
            guard index + 2 <= bytes.count else {
                index = bytes.count
                throw Self.endOfFile
            }
            index += 2
            guard bytes[index - 2] == UInt8(ascii: "\\"), bytes[index - 1] == UInt8(ascii: "u") else {
                throw try escapeProblem(from: start, Self.missingLowSurrogate)
            }
            let low = try readHex()
            guard low & 0xFC00 == 0xDC00 else {
                throw try escapeProblem(from: start, Self.missingLowSurrogate)
            }
            // A high and a low surrogate always make a valid scalar.
            return Unicode.Scalar((UInt32(unit) - 0xD800) * 0x400 + (UInt32(low) - 0xDC00) + 0x10000) ?? "\u{FFFD}"
        }
        guard let scalar = Unicode.Scalar(unit) else {
            throw try escapeProblem(from: start, "Unable to convert hex escape sequence (no high character) to UTF8-encoded character.")
        }
        return scalar
    }

    private static let missingLowSurrogate =
        "Unexpected end of file during string parse (expected low-surrogate code point but did not find one)."

    /// Foundation first turns the bytes of a bad escape into text, so bytes that are not UTF-8
    /// there are what it reports.
    private func escapeProblem(from start: Int, _ message: String) throws(JSONSyntaxError) -> JSONSyntaxError {
        _ = try makeString(start..<index)
        return JSONSyntaxError(message: message)
    }

    private mutating func readHex() throws(JSONSyntaxError) -> UInt16 {
        let start = index
        guard index + 4 <= bytes.count else {
            index = bytes.count
            throw Self.endOfFile
        }
        index += 4
        var unit: UInt16 = 0
        for byte in bytes[start..<index] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default:
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                throw JSONSyntaxError(message: "Invalid hex encoded sequence in \"\(text)\" at \(start).")
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    private func makeString(_ range: Range<Int>) throws(JSONSyntaxError) -> String {
        guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
            throw JSONSyntaxError(message: "Invalid UTF-8 sequence \(range.count) bytes starting from character \(range.lowerBound).")
        }
        return text
    }

    // MARK: Numbers

    /// The number's text; its grammar is checked here, its size once the text has parsed.
    private mutating func readNumber() throws(JSONSyntaxError) -> String {
        enum Part { case digits, point, exponent, exponentSign }
        let start = index
        var part = Part.digits
        var digitsInPart = bytes[start] == UInt8(ascii: "-") ? 0 : 1
        var leadingZero = bytes[start] == UInt8(ascii: "0")
        var end = start + 1
        while end < bytes.count {
            let byte = bytes[end]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if leadingZero {
                    throw JSONSyntaxError(message: "Number with leading zero around character \(end).")
                }
                if byte == UInt8(ascii: "0"), digitsInPart == 0, part == .digits {
                    leadingZero = true
                }
                digitsInPart += 1
            case UInt8(ascii: "."):
                guard digitsInPart > 0, part == .digits else { throw Self.unexpectedCharacter(at: end) }
                leadingZero = false
                part = .point
                digitsInPart = 0
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard digitsInPart > 0, part == .digits || part == .point else { throw Self.unexpectedCharacter(at: end) }
                leadingZero = false
                part = .exponent
                digitsInPart = 0
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard digitsInPart == 0, part == .exponent else { throw Self.unexpectedCharacter(at: end) }
                part = .exponentSign
                digitsInPart = 0
            case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "\t"),
                 UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard digitsInPart > 0 else { throw Self.unexpectedCharacter(at: end) }
                return finishNumber(start..<end)
            default:
                throw Self.unexpectedCharacter(at: end)
            }
            end += 1
        }
        guard digitsInPart > 0 else { throw Self.endOfFile }
        return finishNumber(start..<end)
    }

    private mutating func finishNumber(_ range: Range<Int>) -> String {
        index = range.upperBound
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        // Without an exponent and with at most 300 digits, a number fits a Double; others are
        // converted as JSONSerialization converts them.
        let plain = !bytes[range].contains { $0 | 0x20 == UInt8(ascii: "e") }
        if unrepresentable == nil, !(plain && range.count <= 300), JSONScalar.foundationNumber(text) == nil {
            unrepresentable = text
        }
        return text
    }

    // MARK: Whitespace and errors

    /// Skips whitespace and returns the byte after it.
    private mutating func skipWhitespace() throws(JSONSyntaxError) -> UInt8 {
        while index < bytes.count {
            let byte = bytes[index]
            guard Self.isWhitespace(byte) else { return byte }
            index += 1
        }
        throw Self.endOfFile
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    private static let endOfFile = JSONSyntaxError(message: "Unexpected end of file during JSON parse.")

    private static func unexpectedCharacter(at index: Int) -> JSONSyntaxError {
        JSONSyntaxError(message: "Invalid value around character \(index).")
    }
}
