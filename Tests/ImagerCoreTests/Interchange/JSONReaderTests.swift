import Foundation
import Testing
@testable import ImagerCore

/// The reader accepts exactly RFC 8259 JSON. Cases are named in the style of JSONTestSuite:
/// y_ must be accepted, n_ refused, i_ where RFC 8259 leaves the choice to the reader (the
/// expected outcome is this reader's documented choice).
@Suite struct JSONReaderTests {
    /// The decoded value of a one-string text, or the error's message.
    static func read(_ bytes: [UInt8]) -> Result<JSONScalar, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in try JSONReader.read(Data(bytes)) { reader throws(JSONSyntaxError) in try reader.read() } }
    }

    static func read(_ text: String) -> Result<JSONScalar, JSONSyntaxError> { read(Array(text.utf8)) }

    static let cases: [(name: String, bytes: [UInt8], valid: Bool)] =
        textCases.map { ($0.name, Array($0.text.utf8), $0.valid) } + byteCases

    static let textCases: [(name: String, text: String, valid: Bool)] = [
        // Structure
        ("y_object_empty", "{}", true), ("y_array_empty", "[]", true), ("y_object_nested", #"{"a":{"b":[1,{}]}}"#, true),
        ("y_array_whitespace_all_four", " \t\r\n[ \t\r\n1 \t\r\n, \t\r\n2 \t\r\n] \t\r\n", true),
        ("y_object_duplicate_keys", #"{"a":1,"a":2}"#, true), ("y_object_empty_key", #"{"":0}"#, true),
        ("n_array_trailing_comma", "[1,]", false), ("n_object_trailing_comma", #"{"a": 1,}"#, false),
        ("n_array_only_comma", "[,]", false), ("n_object_only_comma", "{,}", false), ("n_array_double_comma", "[1,,2]", false),
        ("n_array_leading_comma", "[,1]", false), ("n_object_missing_colon", #"{"a" 1}"#, false),
        ("n_object_unquoted_key", "{a: 1}", false), ("n_object_single_quotes", "{'a': 1}", false),
        ("n_object_number_key", "{1: 1}", false), ("n_object_double_colon", #"{"a"::1}"#, false),
        ("n_array_colon_instead_of_comma", #"["a": 1]"#, false), ("n_array_unclosed", "[1,2", false),
        ("n_object_unclosed", #"{"a": 1"#, false), ("n_object_key_only", #"{"a""#, false), ("n_array_extra_close", "[1]]", false),
        ("n_array_mismatch", "[1}", false), ("n_object_mismatch", #"{"a":1]"#, false), ("n_two_values", "1 2", false),
        ("n_array_then_garbage", "[1] x", false), ("n_object_comment", #"{"a":1 /* c */}"#, false),
        ("n_line_comment", "[1] // c", false), ("n_structure_lone_open", "[", false), ("n_structure_lone_close", "]", false),
        ("n_non_breaking_space", "[\u{A0}1]", false), ("n_form_feed_whitespace", "[\u{0C}1]", false),
        // Top level (RFC 8259 allows any value)
        ("y_top_string", #""x""#, true), ("y_top_number", "1", true), ("y_top_null", " null ", true), ("y_top_false", "false", true),
        ("n_empty", "", false), ("n_only_whitespace", " \n", false),
        // Literals
        ("n_true_truncated", "[tru]", false), ("n_true_extra", "[trux]", false), ("n_null_extra", "[nulll]", false),
        ("n_false_misspelt", "[falsy]", false), ("n_capital_true", "[True]", false), ("n_nan", "[NaN]", false),
        ("n_infinity", "[Infinity]", false), ("n_minus_infinity", "[-Infinity]", false), ("n_undefined", "[undefined]", false),
        // Numbers
        ("y_number_zero", "[0]", true), ("y_number_minus_zero", "[-0]", true), ("y_number_fraction", "[-0.5]", true),
        ("y_number_exponents", "[1E+5, 1e-5, 1e5, -0.0e-0, 0E0]", true), ("y_number_huge_exponent", "[1e400, -1e400, 1e-400]", true),
        ("y_number_many_digits", "[" + String(repeating: "9", count: 400) + "]", true),
        ("n_number_leading_zero", "[01]", false), ("n_number_minus_leading_zero", "[-01]", false), ("n_number_minus", "[-]", false),
        ("n_number_point_end", "[1.]", false), ("n_number_point_exponent", "[1.e5]", false), ("n_number_e_end", "[1e]", false),
        ("n_number_e_sign_end", "[1e+]", false), ("n_number_leading_point", "[.5]", false), ("n_number_two_points", "[1.5.5]", false),
        ("n_number_hex", "[0x5]", false), ("n_number_plus", "[+1]", false), ("n_number_minus_space", "[- 1]", false),
        ("n_number_e_sign_twice", "[0e+-1]", false), ("n_number_letter_after", "[1a]", false), ("n_number_00", "[00]", false),
        // Strings and escapes
        ("y_string_escapes", #"["\"\\\/\b\f\n\r\t"]"#, true), ("y_string_unicode_escape", #"["\u0041\u00e9\uFFFF"]"#, true),
        ("y_string_surrogate_pair", #"["\uD83D\uDE00"]"#, true), ("y_string_escaped_nul", #"["\u0000"]"#, true),
        ("y_string_del_and_separators", "[\"a\u{7F}b\u{2028}\u{2029}\"]", true), ("y_string_raw_bom_inside", "[\"\u{FEFF}x\"]", true),
        ("y_string_noncharacter", "[\"\u{FFFF}\u{10FFFF}\"]", true),
        ("n_string_unescaped_tab", "[\"a\tb\"]", false), ("n_string_unescaped_newline", "[\"a\nb\"]", false),
        ("n_string_unescaped_nul", "[\"a\u{0}b\"]", false), ("n_string_escape_x", #"["\x15"]"#, false),
        ("n_string_escape_octal", #"["\017"]"#, false), ("n_string_escape_q", #"["\q"]"#, false),
        ("n_string_escape_non_ascii", #"["\é"]"#, false), ("n_string_short_unicode", #"["\u12"]"#, false),
        ("n_string_unicode_bad_hex", #"["\u12G4"]"#, false), ("n_string_unicode_capital_U", #"["\U0041"]"#, false),
        ("n_string_unterminated", #"["abc"#, false), ("n_string_backslash_at_end", #"["\"#, false),
        ("n_string_single_quotes", "['a']", false), ("n_string_escaped_newline", "[\"a\\\nb\"]", false),
        // Surrogates: refused (a choice: RFC 8259 §8.2 leaves it open)
        ("i_string_lone_high_surrogate", #"["\uD800"]"#, false), ("i_string_lone_low_surrogate", #"["\uDC00"]"#, false),
        ("i_string_high_then_letter", #"["\uD800\u0041"]"#, false), ("i_string_high_then_high", #"["\uD800\uD800"]"#, false),
        ("i_string_high_at_end", #"["\uD800"#, false), ("i_string_reversed_pair", #"["\uDE00\uD83D"]"#, false),
        // Nesting: at most 512 levels (RFC 8259 §9 allows a limit)
        ("y_nested_512", nested(512), true), ("i_nested_513", nested(513), false),
        ("i_nested_100000_unclosed", String(repeating: "[", count: 100_000), false),
        ("y_objects_512", String(repeating: #"{"a":"#, count: 512) + "1" + String(repeating: "}", count: 512), true),
        ("i_objects_513", String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513), false),
        // A byte order mark: one before the text is skipped (RFC 8259 §8.1 allows it)
        ("i_bom_then_object", "\u{FEFF}{}", true), ("n_two_boms", "\u{FEFF}\u{FEFF}{}", false), ("n_bom_only", "\u{FEFF}", false),
        ("n_bom_inside_whitespace", "[\u{FEFF}1]", false),
    ]

    static let byteCases: [(name: String, bytes: [UInt8], valid: Bool)] = [
        // Bytes that are not UTF-8, and other encodings
        ("n_string_invalid_byte", [0x5B, 0x22, 0xFF, 0x22, 0x5D], false),
        ("n_string_encoded_surrogate", [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], false),
        ("n_string_overlong_slash", [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], false),
        ("n_string_overlong_three_bytes", [0x5B, 0x22, 0xE0, 0x80, 0xAF, 0x22, 0x5D], false),
        ("n_string_above_10FFFF", [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], false),
        ("n_string_truncated_sequence", [0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D], false),
        ("n_string_lone_continuation", [0x5B, 0x22, 0x80, 0x22, 0x5D], false),
        ("y_string_four_byte_utf8", [0x5B, 0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22, 0x5D], true),
        ("n_invalid_byte_outside_string", [0x5B, 0xFF, 0x5D], false),
        ("n_utf16le_with_bom", [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], false),
        ("n_utf16be_with_bom", [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D], false),
        ("n_utf16le_without_bom", [0x5B, 0x00, 0x5D, 0x00], false),
        ("n_utf32le", [0x5B, 0x00, 0x00, 0x00, 0x5D, 0x00, 0x00, 0x00], false),
        ("n_utf8_bom_alone", [0xEF, 0xBB, 0xBF], false),
    ]

    static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    /// By name, so that a failure does not print 100,000 bytes.
    @Test(arguments: cases.map(\.name))
    func theReaderAcceptsExactlyRFC8259(name: String) throws {
        let (_, bytes, valid) = try #require(Self.cases.first { $0.name == name })
        switch Self.read(bytes) {
        case .success: #expect(valid, "\(name): accepted")
        case let .failure(error):
            #expect(!valid, "\(name): refused: \(error.message)")
            #expect(error.message.count < 300, "\(name): \(error.message.count) characters of message")
        }
    }

    @Test func trailingCommasAreRefusedWithAMessageThatSaysSo() {
        for text in ["[1,]", #"{"a": 1,}"#, "[1 , \n ]"] {
            guard case let .failure(error) = Self.read(text) else { Issue.record("accepted \(text)"); continue }
            #expect(error.message.contains("trailing comma"), "\(error.message)")
        }
    }

    @Test func errorsSayWhereByLineAndColumn() {
        guard case let .failure(error) = Self.read("[1,\n  2,\n  tru]") else { Issue.record("accepted"); return }
        #expect(error.message == "unexpected “tru” at line 3, column 3: expected a value")
    }

    @Test func otherEncodingsAreRefusedByName() {
        for bytes: [UInt8] in [[0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], [0x5B, 0x00, 0x5D, 0x00]] {
            guard case let .failure(error) = Self.read(bytes) else { Issue.record("accepted"); continue }
            #expect(error.message.contains("UTF-16") && error.message.contains("must be UTF-8"), "\(error.message)")
        }
    }

    @Test func aByteOrderMarkBeforeTheTextIsSkipped() throws {
        #expect(try Self.read("\u{FEFF}\"x\"").get() == .text("x"))
    }

    /// A 5,000,000-digit number quoted whole would make 5 MB of message.
    @Test func errorMessagesQuoteAtMostFortyCharactersOfTheInput() {
        let digits = String(repeating: "7", count: 5_000_000)
        let long = String(repeating: "x", count: 100_000)
        for text in ["[0" + digits + "]", "[1" + digits + "x]", "[" + long + "]", #"["\"# + long + #""]"#, #"{"a" "# + long + "}",
                     "[" + digits + ".]", "[-" + long + "]"] {
            guard case let .failure(error) = Self.read(text) else { Issue.record("accepted"); continue }
            #expect(error.message.count < 200, "\(error.message.prefix(300))")
        }
        guard case let .failure(error) = Self.read("[0" + digits + "]") else { return }
        #expect(error.message.contains("“0" + String(repeating: "7", count: 39) + "…”"), "\(error.message)")
    }

    @Test func hugeNumbersAreReadAsWrittenWithoutAHang() throws {
        let digits = String(repeating: "7", count: 5_000_000)
        #expect(try Self.read("[1e400, " + digits + "]").get() == .list)
        #expect(try Self.read(digits).get() == .number(digits))
    }

    @Test func escapesDecodeToTheirCharacters() throws {
        #expect(try Self.read(#""a\"b\\c\/d\b\f\n\r\t\u0041\u00E9\uD83D\uDE00""#).get()
            == .text("a\"b\\c/d\u{08}\u{0C}\n\r\tAé😀"))
    }

    /// A million escapes in one string: the decoded string must come out whole. Each escape
    /// must not rebuild the string decoded so far; the benchmark measures the speed.
    @Test func aMillionEscapesInOneStringDecodeWhole() throws {
        let text = "\"" + String(repeating: #"\n"#, count: 1_000_000) + "x\""
        guard case let .text(decoded) = try Self.read(text).get() else { Issue.record("not a string"); return }
        #expect(decoded.utf8.count == 1_000_001)
        #expect(decoded.utf8.allSatisfy { $0 == 0x0A || $0 == UInt8(ascii: "x") })
    }

    @Test func aMillionEscapesAcrossManyStringsDecodeWhole() throws {
        let title = #""\u00e9\n\"\t""#   // four escapes, decoded to "é\n\"\t"
        let text = "[" + Array(repeating: title, count: 250_000).joined(separator: ",") + "]"
        var strings = 0
        let root = try JSONReader.read(Data(text.utf8)) { reader throws(JSONSyntaxError) in
            try reader.read(list: { reader, _ throws(JSONSyntaxError) in
                if try reader.read() == .text("é\n\"\t") { strings += 1 }
            })
        }
        #expect(root == .list)
        #expect(strings == 250_000)
    }

    @Test func repeatedNamesAreAllPassedOnInOrder() throws {
        var seen: [String] = []
        _ = try JSONReader.read(Data(#"{"a": 1, "b": 2, "a": 3}"#.utf8)) { reader throws(JSONSyntaxError) in
            try reader.read(object: { reader, key throws(JSONSyntaxError) in
                if case let .number(value) = try reader.read() { seen.append("\(key)=\(value)") }
            })
        }
        #expect(seen == ["a=1", "b=2", "a=3"])
    }
}
