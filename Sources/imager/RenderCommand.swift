import Foundation
import ImagerCore
import ImagerDrawing

/// `--render ID FILE.png [--size PX]`: the chordset's eight chords as one PNG strip, drawn by
/// `ChordsetPicture.strip` (the routine behind the window's Export Image…), written atomically.
extension CommandLineTool {
    static func parseRender(_ rest: inout [String]) -> Result<Command, UsageError> {
        guard rest.count >= 2 else { return .failure(UsageError(message: "--render needs a chordset ID and a FILE.png")) }
        let idText = rest.removeFirst(), path = rest.removeFirst()
        guard let id = UUID(uuidString: idText) else {
            return .failure(UsageError(message: "“\(idText)” is not a chordset id; ids are the UUIDs that “imager --export -” prints"))
        }
        var side = ChordsetPicture.defaultSide
        if let option = rest.first, option == "--size" || option.hasPrefix("--size=") {
            rest.removeFirst()
            let value: String
            if let inline = option.split(separator: "=", maxSplits: 1).dropFirst().first {
                value = String(inline)
            } else if !rest.isEmpty {
                value = rest.removeFirst()
            } else {
                return .failure(UsageError(message: "--size needs a number of pixels"))
            }
            let range = ChordsetPicture.sideRange
            guard let chosen = Int(value), range.contains(chosen) else {
                return .failure(UsageError(message: "--size must be a whole number of pixels from \(range.lowerBound) to \(range.upperBound), not “\(value)”"))
            }
            side = chosen
        }
        guard path != "-" else { return .failure(UsageError(message: "--render writes a file; standard output is not supported")) }
        // The strip is a PNG; a name that promises JPEG (or nothing) would hold the wrong bytes.
        guard (path as NSString).pathExtension.lowercased() == "png" else {
            return .failure(UsageError(message: "--render writes a PNG picture; FILE must end in .png, not “\((path as NSString).lastPathComponent)”"))
        }
        return .success(.render(id: id, path: path, side: side))
    }

    static func render(id: UUID, to path: String, side: Int) -> Int32 {
        withStore { store in
            let loaded = try store.load()
            reportUnreadable(loaded.unreadable)
            let chordset = try chordset(id, in: loaded.chordsets)
            let lumis = try store.lumis(of: id)
            let data: Data
            do {
                data = try ChordsetPicture.strip(chordset, lumis: lumis.lumis, side: side).pngData()
            } catch {
                throw CommandError("could not draw “\(TerminalText.escaped(chordset.title))”: \(error)")
            }
            do {
                try AtomicFile.write(data, to: path)
            } catch {
                throw CommandError("\(error)")
            }
            printError("Rendered “\(TerminalText.escaped(chordset.title))” to \(path) (\(side * Chordset.chordCount) × \(side) pixels)")
        }
    }
}
