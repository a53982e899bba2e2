import CGtk
import ImagerCore
import ImagerGLib

/// The chordset's eight colours as a row of small buttons, one per chord: a click gives the
/// background, or the selected lumi, that chord's colour, so that matching another chord takes
/// one click. GtkColorDialog takes no colours of the app's own, so the editor offers them
/// itself, on every GTK (one layout and one keyboard path everywhere).
final class ChordsetColorRow {
    /// Borrowed: owned by the editor's widget tree.
    let widget: Widget
    private var buttons: [Widget] = []
    private let swatches: [ColorSwatch]
    private let naming: TextTemplate
    private var colors: [RGBAColor] = []

    var onPick: (RGBAColor) -> Void = { _ in }

    /// `naming` names each button for a screen reader, from {number} (the chord's, from 1)
    /// and {colour} ("orange, #E99057").
    init(naming: String) {
        self.naming = TextTemplate(naming)
        widget = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 2)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        swatches = (0..<Chordset.chordCount).map { _ in ColorSwatch(side: 18) }
        for (slot, swatch) in swatches.enumerated() {
            let button = gtk_button_new()!
            gtk_button_set_child(UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self), swatch.widget)
            button.addCSSClasses("flat", "chordset-colour")
            Signal.connect(button, "clicked") { [weak self] in
                guard let self, slot < self.colors.count else { return }
                self.onPick(self.colors[slot])
            }
            buttons.append(button)
            Widgets.append(button, to: widget)
        }
    }

    /// Shows `colors`, the chordset's, in chord order.
    func show(_ colors: [RGBAColor]) {
        guard colors != self.colors else { return }
        self.colors = colors
        for (slot, (button, swatch)) in zip(buttons, swatches).enumerated() {
            let color = slot < colors.count ? colors[slot] : nil
            swatch.color = color
            gtk_widget_set_visible(button, color == nil ? 0 : 1)
            guard let color else { continue }
            let described = ChordCell.tooltip(color)
            button.setAccessibleLabel(naming(["number": String(slot + 1), "colour": described]))
            button.setTooltip(described)
        }
    }
}
