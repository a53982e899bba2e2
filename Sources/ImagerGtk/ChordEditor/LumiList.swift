import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// The chord's lumis as a list beside the canvas, top of the drawing order first, each row
/// showing the lumi's colour and shape and saying in words what the canvas shows ("Star ·
/// light yellow · soft glow · centre"), with the exact values in its tooltip ("Star, #FFE9A8,
/// glow 60%, at 50%, 40%"). Arrow keys and Tab choose a lumi here as clicks do on the canvas.
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
        // Room for "Triangle · very light yellow · strong glow · bottom centre" on one line, and no more.
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
            let words = Self.inWords(lumi), exact = Self.describe(lumi)
            gtk_label_set_text(cgtk_label(labels[index]), words)
            rows[index].setAccessibleLabel(words)
            rows[index].setTooltip(exact)
            cgtk_accessible_set_description(cgtk_accessible(rows[index]), exact)
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

    /// "Star · light yellow · soft glow · top left": shape, colour, glow and where its centre
    /// is, in the words a person uses.
    static func inWords(_ lumi: Lumi) -> String {
        let opaque = RGBAColor(red: lumi.color.red, green: lumi.color.green, blue: lumi.color.blue)
        // Translators: a lumi in words, e.g. "Star · light yellow · soft glow · top left".
        return tr("{shape} · {colour} · {glow} · {place}", ["shape": shapeName(lumi.shape), "colour": ColorName(opaque).text,
                                                            "glow": glowName(lumi.glow), "place": placeName(x: lumi.x, y: lumi.y)])
    }

    /// The glow by how it looks, in steps of about a third, as the exact percentage is in
    /// the tooltip.
    static func glowName(_ glow: Double) -> String {
        switch Int((glow * 100).rounded()) {
        case ...0: tr("hard edge")
        case ..<34: tr("faint glow")
        case ..<67: tr("soft glow")
        default: tr("strong glow")
        }
    }

    /// Which third of the chord, across and down, the lumi's centre is in.
    static func placeName(x: Double, y: Double) -> String {
        let column = min(2, max(0, Int(x * 3))), row = min(2, max(0, Int(y * 3)))
        switch (row, column) {
        case (0, 0): return tr("top left")
        case (0, 1): return tr("top centre")
        case (0, 2): return tr("top right")
        case (1, 0): return tr("centre left")
        case (1, 1): return tr("centre")
        case (1, 2): return tr("centre right")
        case (2, 0): return tr("bottom left")
        case (2, 1): return tr("bottom centre")
        default: return tr("bottom right")
        }
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
