/// Why a lumi in a file was refused, and where: the zero-based path as a JSON path would
/// name it. Typed, so the window can say it in its own words; `description` is the command
/// line's wording: `chordsets[3].chords[5].lumis[2]: shape "hexagon" is not one of circle,
/// square, triangle, star`.
public struct LumiProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The lumi's members, as the file names them.
    public enum Key: String, CaseIterable, Sendable {
        case shape, x, y, size, rotation, color, glow
    }

    public enum Reason: Error, Equatable, Sendable {
        /// The chord's "lumis" is not a list (the path names the list, `lumi` is nil).
        case notAList
        /// More than `Lumi.maximumPerChord` (the path names the list).
        case tooMany(count: Int)
        case notAnObject
        case missing(Key)
        /// The value is of the wrong kind: `found` is how the file wrote it, shortened.
        case wrongType(Key, found: String)
        /// A number too large for any Double (`1e400`), as written.
        case unrepresentable(Key, written: String)
        case unknownShape(String)
        case outOfRange(Lumi.Field, value: Double)
        case badColor(String)
    }

    public var chordset: Int
    public var chord: Int
    /// nil when the problem is the chord's list as a whole.
    public var lumi: Int?
    public var reason: Reason

    public init(chordset: Int, chord: Int, lumi: Int?, reason: Reason) {
        self.chordset = chordset
        self.chord = chord
        self.lumi = lumi
        self.reason = reason
    }

    /// `chordsets[3].chords[5].lumis[2]`, or `chordsets[3].chords[5].lumis` for the list.
    public var path: String {
        "chordsets[\(chordset)].chords[\(chord)].lumis" + (lumi.map { "[\($0)]" } ?? "")
    }

    public var description: String {
        let what: String = switch reason {
        case .notAList: "must be a list"
        case let .tooMany(count): "has \(count) lumis; a chord holds at most \(Lumi.maximumPerChord)"
        case .notAnObject: "must be an object"
        case let .missing(key): "\"\(key.rawValue)\" is missing"
        case let .wrongType(key, found):
            "\(key.rawValue) \(found) is not \(key == .shape || key == .color ? "text" : "a number")"
        case let .unrepresentable(key, written): "\(key.rawValue) \(written) is too large a number"
        case let .unknownShape(word):
            "shape \"\(word)\" is not one of \(LumiShape.allCases.map(\.rawValue).joined(separator: ", "))"
        case let .outOfRange(field, value): LumiRange.describe(field, value: value)
        case let .badColor(text): "color \"\(text)\" is not a colour; use #RRGGBB or #RRGGBBAA"
        }
        return "\(path): \(TerminalText.escaped(what))"
    }
}

/// The ranges of `Lumi.allows`, in words.
public enum LumiRange {
    /// "x 1.5 is not between 0 and 1".
    public static func describe(_ field: Lumi.Field, value: Double) -> String {
        "\(field.rawValue) \(JSONNumber.text(value)) is not \(words(field))"
    }

    public static func words(_ field: Lumi.Field) -> String {
        switch field {
        case .x, .y, .glow: "between 0 and 1"
        case .size: "greater than 0 and at most 1"
        case .rotation: "from 0 to less than 360"
        }
    }
}

/// Doubles as the JSON file writes them: the shortest text that reads back as the same
/// double (Swift's `description`), with whole numbers written without ".0". Every form is
/// JSON: Swift writes exponents as `1e-05` or `1e+16`, which RFC 8259's grammar allows.
enum JSONNumber {
    static func text(_ value: Double) -> String {
        if value == 0 { return value.sign == .minus ? "-0.0" : "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }
}
