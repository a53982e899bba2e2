import Foundation
import ImagerCore
import ImagerPicture

/// `--from-image FILE [--title TITLE]`: decode (gdk-pixbuf, no display needed), cluster, append
/// through the store's import rule, and print the new chordset as `--list` prints a line.
extension CommandLineTool {
    static func parseFromImage(_ rest: inout [String]) -> Result<Command, UsageError> {
        guard !rest.isEmpty else { return .failure(UsageError(message: "--from-image needs a FILE")) }
        let path = rest.removeFirst()
        var title: String?
        if let option = rest.first, option == "--title" || option.hasPrefix("--title=") {
            rest.removeFirst()
            if let inline = option.split(separator: "=", maxSplits: 1).dropFirst().first {
                title = String(inline)
            } else if !rest.isEmpty {
                title = rest.removeFirst()
            } else {
                return .failure(UsageError(message: "--title needs a TITLE"))
            }
        }
        return .success(.fromImage(path: path, title: title))
    }

    static func chordsetFromImage(_ path: String, title: String?) -> Int32 {
        let chosenTitle = title ?? PictureChordset.defaultTitle(forFile: path)
        if case let .failure(refusal) = ChordsetTitle.accepted(chosenTitle) {
            printError("imager: nothing added: the title " + (refusal == .empty ? "is empty"
                : "is longer than \(ChordsetTitle.maximumLength) characters"))
            return 1
        }
        let chordset: Chordset
        do {
            chordset = try ChordsetFromPicture.make(path: path, title: chosenTitle)
        } catch {
            printError("imager: nothing added: \(error)")
            return 1
        }
        return withStore { store in
            let stored = try store.append([chordset])
            guard let added = stored.first else { return }
            let line = TerminalText.escaped(added.title) + "\t" + added.chords.map(\.color.hex).joined(separator: " ") + "\n"
            try writeToStandardOutput(Data(line.utf8))
        }
    }
}
