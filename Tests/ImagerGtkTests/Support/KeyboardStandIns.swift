import CGtk
@testable import ImagerGtk

// What the keyboard would do, for tests that type without one: the text goes into the real
// field, whose own signals then run as they do for a person typing.

@MainActor
extension SearchBar {
    /// Types `text` into the search field, over what it held.
    func setText(_ text: String) {
        gtk_editable_set_text(cgtk_editable(entry), text)
    }
}

@MainActor
extension TitleEditor {
    /// Types over the title field's text (nothing when the title is not being edited).
    func replaceEnteredText(_ text: String) {
        guard let entry else { return }
        gtk_editable_set_text(cgtk_editable(entry), text)
    }
}

@MainActor
extension ChordsetList {
    /// Selects rows `range` only, as a Shift+click from its first row to its last does.
    func selectRows(_ range: Range<Int>) {
        let rows = range.clamped(to: 0..<rowCount)
        guard !rows.isEmpty else { return unselectAll() }
        gtk_selection_model_select_range(selection, guint(rows.lowerBound), guint(rows.count), 1)
    }
}
