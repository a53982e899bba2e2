/// Why a `.gpl` file was refused, with the line (counted from 1) where it went wrong. Nothing
/// from a refused file is stored: the whole file is checked before any of it is used.
public struct GimpPaletteError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Component: String, Equatable, Sendable {
        case red, green, blue
    }

    public enum Problem: Equatable, Sendable {
        /// The first line is not `GIMP Palette`.
        case notAPalette
        /// The line is not UTF-8 text.
        case notUTF8
        /// `Columns:` is not followed by a whole number from 0 to 256.
        case badColumns(String)
        /// A colour line ends before this component.
        case missingComponent(Component)
        /// A component is not a whole number written with digits 0-9.
        case notANumber(Component, String)
        /// A component is a number outside 0...255.
        case outOfRange(Component, String)
        /// The file has no colour lines.
        case noColors
        /// The palette's name, as a chordset title, is too long (in Unicode scalars).
        case nameTooLong(length: Int)
    }

    public var file: String
    /// nil for a problem of the whole file (no colours at all).
    public var line: Int?
    public var problem: Problem

    public init(file: String, line: Int?, problem: Problem) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    public var description: String {
        let place = line.map { "\(file): line \($0)" } ?? file
        return "\(place): \(reason)"
    }

    private var reason: String {
        switch problem {
        case .notAPalette: "is not a GIMP palette (the first line must be “GIMP Palette”)"
        case .notUTF8: "is not UTF-8 text"
        case let .badColumns(text): "“Columns:” must be a whole number from 0 to 256, not “\(Self.short(text))”"
        case let .missingComponent(component): "the \(component.rawValue) value is missing; a colour line is “R G B” and an optional name"
        case let .notANumber(component, text): "the \(component.rawValue) value “\(Self.short(text))” is not a whole number"
        case let .outOfRange(component, text): "the \(component.rawValue) value \(Self.short(text)) is outside 0 to 255"
        case .noColors: "has no colours"
        case let .nameTooLong(length):
            "the name is \(length) characters long; a chordset title has at most \(ChordsetTitle.maximumLength)"
        }
    }

    private static func short(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
