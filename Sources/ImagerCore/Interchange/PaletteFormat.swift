import Foundation

/// The files a chordset can be exported to for other programs: a GIMP palette (read by GIMP,
/// Inkscape, Krita and Aseprite), CSS custom properties, and an SVG strip. Chosen by the
/// target file's extension, so the name a person types says what they get.
public enum PaletteFormat: String, CaseIterable, Sendable {
    case gimp = "gpl"
    case css
    case svg

    /// The extension, without the dot, as the format's files end.
    public var fileExtension: String { rawValue }

    /// The format a file name asks for by its extension (any case), or nil.
    public init?(fileName: String) {
        let ext = (fileName as NSString).pathExtension.lowercased()
        guard let format = PaletteFormat(rawValue: ext) else { return nil }
        self = format
    }

    /// The file's contents for `chordset`, as UTF-8.
    public func encode(_ chordset: Chordset) -> Data {
        let text = switch self {
        case .gimp: GimpPaletteWriter.text(for: chordset)
        case .css: CSSPaletteWriter.text(for: chordset)
        case .svg: SVGPaletteWriter.text(for: chordset)
        }
        return Data(text.utf8)
    }

    /// ".gpl, .css or .svg", for messages that say what is accepted.
    public static var acceptedExtensions: String {
        let names = allCases.map { "." + $0.fileExtension }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
