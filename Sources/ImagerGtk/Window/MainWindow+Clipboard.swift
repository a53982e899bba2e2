import CGtk
import Foundation
import ImagerCore

/// Copy and paste in the list. On a chord cell: its colour as `#RRGGBB` (`#RRGGBBAA` when
/// translucent, so nothing is lost), and a pasted colour in any form `PastedColor` reads.
extension MainWindow {
    func copyFromList() {
        guard let (id, slot) = list.focusedCell, let chordset = controller.chordset(id: id) else { return }
        let hex = chordset.color(at: slot).hex
        Clipboard.setText(hex, for: window)
        toast.show("Copied \(hex)", offersUndo: false)
    }

    func pasteIntoList() {
        guard let (id, slot) = list.focusedCell else { return }
        Clipboard.readText(for: window) { [weak self] text in
            self?.paste(text, onto: id, slot: slot)
        }
    }

    /// Sets the chord's colour from pasted text, or says in a toast why it cannot.
    func paste(_ text: String?, onto id: UUID, slot: Int) {
        guard !controller.isReadOnly, controller.chordset(id: id) != nil else { return }
        switch PastedColor.parse(text ?? "") {
        case let .success(color):
            controller.setColor(color, slot: slot, of: id)
            toast.show("Chord \(slot + 1) set to \(color.hex)")
        case let .failure(refusal):
            toast.show(Self.sentence(for: refusal), offersUndo: false)
        }
    }

    static func sentence(for refusal: PastedColor.Refusal) -> String {
        switch refusal {
        case .empty:
            "Nothing to paste: the clipboard holds no text"
        case let .badHex(text):
            "“\(text)” is not a colour: use #RGB, #RRGGBB or #RRGGBBAA"
        case let .notAColor(text):
            "“\(text)” is not a colour: paste #RRGGBB or a CSS colour name"
        }
    }
}
