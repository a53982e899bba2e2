import CGtk
import Foundation
import ImagerCore
import ImagerGLib
import ImagerPicture

/// New Chordset from Image… (and an image dropped on the window): the picture is decoded and
/// clustered on another thread, with progress and Cancel, then added as one undo step,
/// selected and scrolled to. A picture that cannot be read changes nothing and says why.
extension MainWindow {
    /// `aside`, when given, is added to the notice (a drop of several files says that only
    /// the first was opened).
    func addChordset(fromPicture path: String, aside: String? = nil) {
        guard transfer == nil, !controller.isReadOnly else { return }
        let name = (path as NSString).lastPathComponent
        let title = PictureChordset.defaultTitle(forFile: path)
        let running = progress.start(tr("Reading “{file}”…", ["file": name]))
        transfer = running
        updateActionStates()
        let cancellation = running.cancellation
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            // A 100 MB file arrives in 1,600 pieces: the bar is told only of whole percents.
            var shownPercent = 0
            let result = Result { () throws(PictureDecoder.Failure) in
                try ChordsetFromPicture.make(path: path, title: title, cancellation: cancellation) { fraction in
                    let percent = Int(fraction * 100)
                    guard percent > shownPercent else { return }
                    shownPercent = percent
                    MainLoop.idleFromAnyThread { [weak self] in self?.progress.update(Double(percent) / 100) }
                }
            }
            MainLoop.idleFromAnyThread { [weak self] in self?.finishPicture(result, name: name, aside: aside) }
        }
    }

    private func finishPicture(_ result: Result<Chordset, PictureDecoder.Failure>, name: String, aside: String?) {
        let aside = aside.map { " (\($0))" } ?? ""
        transfer = nil
        progress.finish()
        updateActionStates()
        switch result {
        case let .success(made):
            guard let added = controller.add(made), let position = controller.index(of: added.id) else { return }
            list.select(position: position)
            list.scrollTo(position: position)
            // The row shows the title; the toast names where it came from, short enough not to be cut.
            toast.show(tr("New chordset from “{file}”", ["file": name]) + aside)
        case .failure(.cancelled):
            toast.show(tr("Cancelled; nothing was added") + aside, offersUndo: false)
        case let .failure(failure):
            MessageDialog.inform(over: window, tr("Could not make a chordset from “{file}”", ["file": name]),
                                 detail: failure.naming(name).description + aside)
        }
    }
}
