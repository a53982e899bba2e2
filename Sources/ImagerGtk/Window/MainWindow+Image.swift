import CGtk
import Foundation
import ImagerCore
import ImagerDrawing
import ImagerGLib

/// Export Image…: a chordset's eight chords as one PNG strip, drawn by the same routine as
/// the list and the Perform view (`ChordsetPicture.strip`), at a size chosen in the chooser.
extension MainWindow {
    /// The sizes offered, in pixels per chord; the default is `ChordsetPicture.defaultSide`.
    static let imageSides = [64, 128, 256, 512, 1024]

    func chooseImageFile(for chordset: Chordset) {
        let id = chordset.id
        let name = Self.paletteFileName(for: chordset.title).replacingOccurrences(of: ".gpl", with: ".png",
                                                                                    options: .anchored.union(.backwards))
        let chooser = cgtk_file_chooser_native_new(tr("Export Image"), cgtk_window(window), GTK_FILE_CHOOSER_ACTION_SAVE,
                                                   "_Export")!
        gtk_native_dialog_set_modal(chooser, 1)
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, "PNG images")
        gtk_file_filter_add_suffix(filter, "png")
        cgtk_file_chooser_add_filter(chooser, filter)
        g_object_unref(UnsafeMutableRawPointer(filter))
        cgtk_file_chooser_set_current_name(chooser, name)
        let options = Self.imageSides.map(String.init)
        let labels = Self.imageSides.map { "\($0) px per chord" }
        withCStringArray(options) { optionsPointer in
            withCStringArray(labels) { labelsPointer in
                cgtk_file_chooser_add_choice(chooser, "size", tr("Size"),
                                             UnsafeMutablePointer(mutating: optionsPointer),
                                             UnsafeMutablePointer(mutating: labelsPointer))
            }
        }
        cgtk_file_chooser_set_choice(chooser, "size", String(ChordsetPicture.defaultSide))
        Signal.connectInt(chooser, "response") { [weak self] response in
            let path = response == GTK_RESPONSE_ACCEPT.rawValue ? takeGString(cgtk_file_chooser_get_path(chooser)) : nil
            let side = cgtk_file_chooser_get_choice(chooser, "size").flatMap { Int(String(cString: $0)) }
            gtk_native_dialog_destroy(chooser)
            g_object_unref(chooser)
            if let path { self?.exportImage(of: id, to: path, side: side ?? ChordsetPicture.defaultSide) }
        }
        gtk_native_dialog_show(chooser)
    }

    /// Draws and writes on another thread (a large strip takes a moment, and the write syncs
    /// the disk); the toast or a dialog says how it went; `done` runs after that.
    func exportImage(of id: UUID, to path: String, side: Int, done: @escaping @Sendable @MainActor () -> Void = {}) {
        guard let chordset = controller.chordset(id: id) else { return }
        let lumis = controller.lumis(of: id)
        let name = (path as NSString).lastPathComponent
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let result = Result { () throws(ImageExportError) in
                let data: Data
                do throws(ChordImage.PNGError) {
                    data = try ChordsetPicture.strip(chordset, lumis: lumis, side: side).pngData()
                } catch {
                    throw .draw(error)
                }
                do throws(AtomicFile.WriteError) {
                    try AtomicFile.write(data, to: path)
                } catch {
                    throw .write(error)
                }
            }
            MainLoop.idleFromAnyThread { [weak self] in
                defer { done() }
                guard let self else { return }
                switch result {
                case .success:
                    self.toast.show(tr("Exported “{title}” to “{file}”", ["title": chordset.title, "file": name]), offersUndo: false)
                case let .failure(error):
                    MessageDialog.inform(over: self.window, tr("Could not export the image"), detail: error.description)
                }
            }
        }
    }
}

/// Why Export Image… failed, in words for the dialog.
enum ImageExportError: Error, CustomStringConvertible {
    case draw(ChordImage.PNGError)
    case write(AtomicFile.WriteError)

    var description: String {
        switch self {
        case let .draw(.unwritable(_, reason)), let .draw(.unreadable(_, reason)): tr("The picture could not be made: {reason}.", ["reason": reason])
        case let .write(error): "\(error)"
        }
    }
}
