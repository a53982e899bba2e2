import Foundation
import ImagerCore

/// `--export-palette ID FILE [--format gpl|css|svg]`, and the words for a palette import.
extension CommandLineTool {
    /// The arguments after `--export-palette`. The format is checked here, before the store is
    /// opened: FILE's extension, or `--format` (needed for `-`, which has none).
    static func parseExportPalette(_ rest: inout [String]) -> Result<Command, UsageError> {
        guard rest.count >= 2 else {
            return .failure(UsageError(message: "--export-palette needs a chordset ID and a FILE"))
        }
        let idText = rest.removeFirst(), path = rest.removeFirst()
        guard let id = UUID(uuidString: idText) else {
            return .failure(UsageError(message: "“\(idText)” is not a chordset id; ids are the UUIDs that “imager --export -” prints"))
        }
        var format: PaletteFormat?
        if rest.first == "--format" || rest.first?.hasPrefix("--format=") == true {
            let option = rest.removeFirst()
            let value: String
            if let inline = option.split(separator: "=", maxSplits: 1).dropFirst().first {
                value = String(inline)
            } else if !rest.isEmpty {
                value = rest.removeFirst()
            } else {
                return .failure(UsageError(message: "--format needs gpl, css or svg"))
            }
            guard let chosen = PaletteFormat(rawValue: value.lowercased()) else {
                return .failure(UsageError(message: "unknown palette format “\(value)”; use gpl, css or svg"))
            }
            format = chosen
        }
        guard let format = format ?? PaletteFormat(fileName: path) else {
            if path == "-" {
                return .failure(UsageError(message: "standard output has no extension: add --format gpl, css or svg"))
            }
            return .failure(UsageError(message: "cannot tell the palette format of “\(path)”: "
                + "the file name must end in \(PaletteFormat.acceptedExtensions)"))
        }
        return .success(.exportPalette(id: id, path: path, format: format))
    }

    static func exportPalette(id: UUID, to path: String, format: PaletteFormat) -> Int32 {
        withStore { store in
            let loaded = try store.load()
            reportUnreadable(loaded.unreadable)
            let chordset = try chordset(id, in: loaded.chordsets)
            let data = format.encode(chordset)
            if path == "-" {
                try writeToStandardOutput(data)
                return
            }
            do {
                try AtomicFile.write(data, to: path)
            } catch {
                throw CommandError("\(error)")
            }
            printError("Exported “\(TerminalText.escaped(chordset.title))” to \(path)")
        }
    }

    /// "a palette of 13 colours; the last chordset was padded with 3 copies of its final colour"
    static func paletteNote(_ summary: PaletteImportSummary) -> String {
        let colors = "a palette of \(summary.colorCount) \(summary.colorCount == 1 ? "colour" : "colours")"
        guard summary.wasPadded else { return colors }
        let which = summary.chordsetCount == 1 ? "the chordset" : "the last chordset"
        let copies = summary.paddedChords == 1 ? "1 copy" : "\(summary.paddedChords) copies"
        return "\(colors); \(which) was padded with \(copies) of its final colour"
    }
}
