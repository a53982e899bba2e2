import CGtk
import Foundation
import ImagerCore

/// Copy and paste in the list. On a chord cell: its colour as `#RRGGBB` (`#RRGGBBAA` when
/// translucent, so nothing is lost), and a pasted colour in any form `PastedColor` reads.
/// Elsewhere in the list: the selected chordsets as the JSON interchange format (with their
/// titles and colours as plain text beside it, a line each), and pasted chordsets imported by
/// the same checks as a file.
extension MainWindow {
    func copyFromList() {
        if let (id, slot) = list.focusedCell, let chordset = controller.chordset(id: id) {
            let hex = chordset.color(at: slot).hex
            Clipboard.setText(hex, for: window)
            toast.show(tr("Copied {colour}", ["colour": hex]), offersUndo: false)
            return
        }
        let count = list.selectedCount
        guard count <= ChordsetList.carryLimit else {
            toast.show(trn("{count} chordset selected: a copy takes up to {limit}, Export Selected… takes them all",
                           "{count} chordsets selected: a copy takes up to {limit}, Export Selected… takes them all",
                           count, ["limit": groupedNumber(ChordsetList.carryLimit)]), offersUndo: false)
            return
        }
        // Several selected rows: all of them, in list order, as Delete and Export Selected… take.
        let chordsets = count > 1 ? list.selectedChordsets : (list.selectedChordset.map { [$0] } ?? [])
        guard let first = chordsets.first else { return }
        let lumis = chordsets.map { controller.lumis(of: $0.id) }
        let json = String(decoding: ChordsetDocument.encode(ChordsetsWithLumis(chordsets, lumis: lumis)!), as: UTF8.self)
        Clipboard.setChordsets(json: json, text: chordsets.map(Self.plainText(of:)).joined(separator: "\n"), for: window)
        toast.show(chordsets.count == 1 ? tr("Copied “{title}”", ["title": first.title])
                                        : trn("Copied {count} chordset", "Copied {count} chordsets", chordsets.count),
                   offersUndo: false)
    }

    func pasteIntoList() {
        if let (id, slot) = list.focusedCell {
            Clipboard.readText(for: window) { [weak self] text in
                self?.paste(text, onto: id, slot: slot)
            }
        } else {
            Clipboard.readChordsetText(for: window) { [weak self] text in
                self?.pasteChordsets(text)
            }
        }
    }

    /// "Warm: #F6D14E #F5B04A …": what a chordset reads as outside Imager.
    static func plainText(of chordset: Chordset) -> String {
        "\(chordset.title): " + chordset.chords.map(\.color.hex).joined(separator: " ")
    }

    /// Imports the chordsets of pasted JSON, checked exactly as an imported file is (the
    /// document's rules, then the store's one import rule), at the end of the list.
    func pasteChordsets(_ text: String?) {
        guard !controller.isReadOnly, transfer == nil else { return }
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            toast.show(tr("Nothing to paste: the clipboard holds no text"), offersUndo: false)
            return
        }
        let document: ChordsetsWithLumis
        do {
            document = try ChordsetDocument.decode(Data(text.utf8), file: tr("The clipboard"))
        } catch {
            toast.show(Self.refusal(of: text, error), offersUndo: false)
            return
        }
        do {
            let stored = try controller.importChordsets(Self.namedAsCopies(document, besides: controller.chordsets))
            guard let first = stored.first, let position = controller.index(of: first.id) else {
                toast.show(tr("The clipboard holds no chordsets"), offersUndo: false)
                return
            }
            list.focus(position: position)
            toast.show(stored.count == 1 ? tr("Pasted “{title}”", ["title": first.title]) : trn("Pasted {count} chordset", "Pasted {count} chordsets", stored.count))
        } catch {
            MessageDialog.inform(over: window, tr("Could not paste the chordsets"), detail: "\(error)")
        }
    }

    /// Why pasted text is not chordsets, in people's words: text that is not a JSON document at
    /// all (a title copied from its field, a row's colours from another program) says so
    /// plainly; a document's refused chordset or lumi is told as an import tells it.
    static func refusal(of text: String, _ error: InterchangeError) -> String {
        let start = text.first { !$0.isWhitespace }
        if start != "{" && start != "[" { return tr("The clipboard holds text, not chordsets") }
        let reason = if let problem = error.chordsetProblem {
            ImportRefusal.words(problem)
        } else if let problem = error.lumiProblem {
            ImportRefusal.words(problem)
        } else {
            error.reason
        }
        return tr("The clipboard holds no chordsets: {reason}", ["reason": TerminalText.escaped(reason)])
    }

    /// Pasted chordsets whose titles the list holds already are named as Duplicate names a
    /// copy ("Warm (Copy)", then "Warm (Copy 2)"…), so a row copied and pasted is told apart
    /// from its original and from the copies pasted before.
    static func namedAsCopies(_ pasted: ChordsetsWithLumis, besides list: [Chordset]) -> ChordsetsWithLumis {
        var titles = Set(list.map(\.title))
        let named = pasted.chordsets.map { chordset in
            var copy = chordset
            if titles.contains(chordset.title) {
                copy.title = ChordsetTitle.copy(of: chordset.title, pattern: copyTitlePattern,
                                                numberedPattern: numberedCopyTitlePattern) { titles.contains($0) }
            }
            titles.insert(copy.title)
            return copy
        }
        return ChordsetsWithLumis(named, lumis: pasted.lumis) ?? pasted
    }

    /// Sets the chord's colour from pasted text, or says in a toast why it cannot.
    func paste(_ text: String?, onto id: UUID, slot: Int) {
        guard !controller.isReadOnly, controller.chordset(id: id) != nil else { return }
        switch PastedColor.parse(text ?? "") {
        case let .success(color):
            controller.setColor(color, slot: slot, of: id)
            toast.show(tr("Chord {number} set to {colour}", ["number": String(slot + 1), "colour": color.hex]))
        case let .failure(refusal):
            toast.show(Self.sentence(for: refusal), offersUndo: false)
        }
    }

    static func sentence(for refusal: PastedColor.Refusal) -> String {
        switch refusal {
        case .empty:
            tr("Nothing to paste: the clipboard holds no text")
        case let .badHex(text):
            tr("“{text}” is not a colour: use #RGB, #RRGGBB or #RRGGBBAA", ["text": text])
        case let .notAColor(text):
            tr("“{text}” is not a colour: paste #RRGGBB or a CSS colour name", ["text": text])
        }
    }
}
