import CGtk
import Foundation
import ImagerCore

/// The chord's lumis as a list beside the canvas, top of the drawing order first, each row
/// showing the lumi's colour and shape and saying in words what the canvas shows ("Star,
/// #FFE9A8, glow 60%, at 50%, 40%"). Arrow
/// keys and Tab choose a lumi here as clicks do on the canvas.
final class LumiList {
    /// Borrowed: owned by the editor's widget tree. The scrolled window around the list.
    let widget: Widget
    /// Borrowed: the GtkListBox.
    let listBox: Widget
    var onSelect: (UUID?) -> Void = { _ in }

    /// The lumis shown, in the list's order (topmost first), and their rows.
    private var shown: [Lumi] = []
    private var rows: [Widget] = []
    private var labels: [Widget] = []
    private var swatches: [ColorSwatch] = []
    private var icons: [Widget] = []
    /// Set while the list is changed from code, so it does not report its own selection.
    private var updating = false

    init() {
        listBox = gtk_list_box_new()
        gtk_list_box_set_selection_mode(cgtk_list_box(listBox), GTK_SELECTION_SINGLE)
        listBox.addCSSClasses("boxed-list", "lumi-list")
        listBox.setAccessibleLabel(tr("Lumis"))
        let placeholder = Widgets.label(tr("No lumis yet. Choose a shape, then click the canvas to add one."), classes: "dim-label")
        gtk_label_set_wrap(cgtk_label(placeholder), 1)
        gtk_label_set_max_width_chars(cgtk_label(placeholder), 30)
        placeholder.setMargins(12)
        gtk_list_box_set_placeholder(cgtk_list_box(listBox), placeholder)

        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(cgtk_scrolled_window(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cgtk_scrolled_window(widget), listBox)
        gtk_scrolled_window_set_propagate_natural_height(cgtk_scrolled_window(widget), 1)
        gtk_widget_set_vexpand(widget, 1)

        Signal.connectPointer(listBox, "row-selected") { [weak self] row in
            guard let self, !self.updating else { return }
            self.onSelect(self.lumiID(of: row))
        }
    }

    /// Shows `lumis` (in drawing order) with `selected` selected. Rows are reused, so the
    /// focus stays on the row it was on while a lumi is dragged or nudged.
    func show(_ lumis: [Lumi], selected: UUID?) {
        updating = true
        defer { updating = false }
        let topFirst = Array(lumis.reversed())
        if topFirst.map(\.id) != shown.map(\.id) {
            let hadFocus = gtk_widget_get_focus_child(listBox) != nil
            for row in rows { gtk_list_box_remove(cgtk_list_box(listBox), row) }
            rows = []
            labels = []
            swatches = []
            icons = []
            for _ in topFirst { appendRow() }
            shown = topFirst
            relabel()
            select(selected)
            if hadFocus, let index = selectedIndex(selected) { gtk_widget_grab_focus(rows[index]) }
            return
        }
        shown = topFirst
        relabel()
        select(selected)
    }

    private func appendRow() {
        let label = Widgets.label("")
        gtk_label_set_xalign(cgtk_label(label), 0)
        gtk_label_set_wrap(cgtk_label(label), 1)
        // Room for "Triangle, #FFE9A8, glow 50%, at 95%, 48%" on one line, and no more.
        gtk_label_set_max_width_chars(cgtk_label(label), 34)
        gtk_widget_set_hexpand(label, 1)
        let swatch = ColorSwatch()
        let icon = gtk_image_new()!
        let content = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        content.setMargins(8)
        Widgets.append(swatch.widget, to: content)
        Widgets.append(icon, to: content)
        Widgets.append(label, to: content)
        let row = gtk_list_box_row_new()!
        gtk_list_box_row_set_child(cgtk_list_box_row(row), content)
        gtk_list_box_append(cgtk_list_box(listBox), row)
        rows.append(row)
        labels.append(label)
        swatches.append(swatch)
        icons.append(icon)
    }

    private func relabel() {
        for (index, lumi) in shown.enumerated() {
            let text = Self.describe(lumi)
            gtk_label_set_text(cgtk_label(labels[index]), text)
            rows[index].setAccessibleLabel(text)
            swatches[index].color = lumi.color
            gtk_image_set_from_icon_name(cgtk_image(icons[index]),
                                         LumiIcons.shape(lumi.shape))
        }
    }

    private func selectedIndex(_ id: UUID?) -> Int? {
        id.flatMap { id in shown.firstIndex { $0.id == id } }
    }

    private func select(_ id: UUID?) {
        if let index = selectedIndex(id) {
            gtk_list_box_select_row(cgtk_list_box(listBox), cgtk_list_box_row(rows[index]))
        } else {
            gtk_list_box_unselect_all(cgtk_list_box(listBox))
        }
    }

    private func lumiID(of row: gpointer?) -> UUID? {
        guard let row, let index = rows.firstIndex(where: { UnsafeMutableRawPointer($0) == row }) else { return nil }
        return shown[index].id
    }

    /// "Star, #FFE9A8, glow 60%, at 50%, 40%": shape, colour, glow and where its centre is,
    /// as percentages across and down the chord.
    static func describe(_ lumi: Lumi) -> String {
        let opaque = RGBAColor(red: lumi.color.red, green: lumi.color.green, blue: lumi.color.blue)
        return tr("{shape}, {hex}, glow {glow}, at {x}, {y}", ["shape": shapeName(lumi.shape), "hex": opaque.hex,
                                                             "glow": percent(lumi.glow), "x": percent(lumi.x), "y": percent(lumi.y)])
    }

    static func shapeName(_ shape: LumiShape) -> String {
        switch shape {
        case .circle: tr("Circle")
        case .square: tr("Square")
        case .triangle: tr("Triangle")
        case .star: tr("Star")
        }
    }

    private static func percent(_ fraction: Double) -> String {
        "\(Int((fraction * 100).rounded()))%"
    }
}
