import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// Export Palette…: one chordset written as a GIMP palette, CSS or SVG, the format chosen by
/// the file name's extension (see `PaletteFormat`).
extension MainWindow {
    /// Opens the chooser with `<title>.gpl` filled in.
    func choosePaletteFile(for chordset: Chordset) {
        let id = chordset.id
        FileTransfer.choosePaletteExport(over: window, with: fileChooser, suggestedName: Self.paletteFileName(for: chordset.title)) {
            [weak self] path in self?.exportPalette(of: id, to: path)
        }
    }

    /// The title as a file name: a `/` (which would name a folder) becomes `-`.
    static func paletteFileName(for title: String) -> String {
        let name = title.replacingOccurrences(of: "/", with: "-")
        return (name.hasPrefix(".") ? "-" + name.dropFirst() : name) + "." + PaletteFormat.gimp.fileExtension
    }

    /// Writes the chordset as it is now (unsaved edits included) on another thread: the write
    /// syncs the disk, which must not stall the window. The toast or a dialog says how it went.
    func exportPalette(of id: UUID, to path: String) {
        guard let chordset = controller.chordset(id: id) else { return }
        let name = (path as NSString).lastPathComponent
        guard let format = PaletteFormat(fileName: path) else {
            MessageDialog.inform(over: window, tr("Could not export the palette"),
                                 detail: "“\(name)” does not say which format to write: "
                                     + "use a name ending in \(PaletteFormat.acceptedExtensions).")
            return
        }
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let result = Result { () throws(AtomicFile.WriteError) in
                try AtomicFile.write(format.encode(chordset), to: path)
            }
            MainLoop.idleFromAnyThread { [weak self] in
                guard let self else { return }
                switch result {
                case .success:
                    self.toast.show(tr("Exported “{title}” to “{file}”", ["title": chordset.title, "file": name]), offersUndo: false)
                case let .failure(error):
                    MessageDialog.inform(over: self.window, tr("Could not export the palette"), detail: "\(error)")
                }
            }
        }
    }
}
