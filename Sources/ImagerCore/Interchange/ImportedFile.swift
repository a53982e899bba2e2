import Foundation

/// What an import reads, by the file's extension: `.gpl` (any case) is a GIMP palette, any
/// other file is Imager's JSON. The window's Import…, a drop and `imager --import` all read
/// through here, and then store the chordsets through `ChordsetStore.append`.
public enum ImportedFileKind: Equatable, Sendable {
    case chordsetDocument
    case gimpPalette

    public init(path: String) {
        self = (path as NSString).pathExtension.lowercased() == PaletteFormat.gimp.fileExtension
            ? .gimpPalette : .chordsetDocument
    }
}

/// The chordsets a file holds, checked whole, not yet stored; `palette` says how a palette
/// was cut into chordsets (nil for JSON).
public struct ImportedFile: Equatable, Sendable {
    public var chordsets: ChordsetsWithLumis
    public var palette: PaletteImportSummary?

    public init(chordsets: ChordsetsWithLumis, palette: PaletteImportSummary? = nil) {
        self.chordsets = chordsets
        self.palette = palette
    }
}

/// Why an import file was refused; nothing from it is stored.
public enum ImportFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not readable, not a regular file, too large, or a JSON file with a bad entry.
    case file(InterchangeError)
    /// A palette with a bad line (the error carries its number).
    case palette(GimpPaletteError)

    public var description: String {
        switch self {
        case let .file(error): "\(error)"
        case let .palette(error): "\(error)"
        }
    }
}

extension ImportedFile {
    /// A palette of 1,000,000 colours is about 12 MB; anything larger is not a palette.
    public static let maximumPaletteFileSize = 16 * 1024 * 1024

    /// Reads and checks `url` whole, in the format its extension says.
    public static func read(contentsOf url: URL, now: Date = Date()) throws(ImportFileError) -> ImportedFile {
        switch ImportedFileKind(path: url.path) {
        case .chordsetDocument:
            do {
                return ImportedFile(chordsets: try ChordsetDocument.read(contentsOf: url))
            } catch {
                throw .file(error)
            }
        case .gimpPalette:
            let data: Data
            do {
                data = try InterchangeFile.read(url, maximumSize: maximumPaletteFileSize)
            } catch {
                throw .file(error)
            }
            do {
                let palette = try GimpPaletteReader.decode([UInt8](data), file: url.path)
                let (chordsets, summary) = try PaletteImport.chordsets(from: palette, file: url.path, now: now)
                return ImportedFile(chordsets: ChordsetsWithLumis(chordsets), palette: summary)
            } catch {
                throw .palette(error)
            }
        }
    }
}
