import CGtk
import ImagerCore
import ImagerGLib

/// The controls beside the canvas: the background colour, the tool (select, or the shape a
/// click adds), and for the selected lumi its colour, glow, order and removal; a colour is
/// chosen in a dialog or, as one of the chordset's eight, with one click. Each reports
/// what was asked; the editor changes the chord and then calls `show` with the result.
final class LumiControls {
    /// Borrowed: owned by the editor's widget tree.
    let toolPicker: Widget
    let backgroundButton: Widget
    let selectionBox: Widget
    let colorButton: Widget
    let glowScale: Widget
    let raiseButton: Widget
    let lowerButton: Widget
    let deleteButton: Widget
    /// The chordset's colours, for the background and for the selected lumi.
    let backgroundColors = ChordsetColorRow(naming: tr("Background as chord {number}: {colour}"))
    let lumiColors = ChordsetColorRow(naming: tr("Lumi colour as chord {number}: {colour}"))
    private var toolButtons: [(ChordEditorState.Tool, Widget)] = []
    private let backgroundSwatch = ColorSwatch()
    private let colorSwatch = ColorSwatch()
    /// Set while controls are updated from code, so they do not report their own changes.
    private var updating = false

    var onTool: (ChordEditorState.Tool) -> Void = { _ in }
    var onBackground: () -> Void = {}
    var onColor: () -> Void = {}
    /// A chord's colour chosen for the background, or for the selected lumi, in one click.
    var onBackgroundColor: (RGBAColor) -> Void = { _ in }
    var onLumiColor: (RGBAColor) -> Void = { _ in }
    var onGlow: (Double) -> Void = { _ in }
    var onRaise: () -> Void = {}
    var onLower: () -> Void = {}
    var onDelete: () -> Void = {}

    init() {
        toolPicker = Widgets.box(GTK_ORIENTATION_HORIZONTAL)
        toolPicker.addCSSClasses("linked")
        toolPicker.setAccessibleLabel(tr("Tool"))
        var group: Widget?
        let tools: [(ChordEditorState.Tool, String, String, String)] =
            [(.select, LumiIcons.select, tr("Select"), tr("Select lumis and move them"))]
            + LumiShape.allCases.map { shape in
                (.add(shape), LumiIcons.shape(shape), LumiList.shapeName(shape),
                 tr("Click the canvas to add a {shape}", ["shape": LumiList.shapeName(shape).lowercased()]))
            }
        for (tool, icon, name, tooltip) in tools {
            let button = gtk_toggle_button_new()!
            gtk_button_set_child(Self.gtkButton(button), gtk_image_new_from_icon_name(icon))
            gtk_widget_set_hexpand(button, 1)
            button.setAccessibleLabel(name)
            button.setTooltip(tooltip)
            if let group { gtk_toggle_button_set_group(cgtk_toggle_button(button), cgtk_toggle_button(group)) }
            group = group ?? button
            toolButtons.append((tool, button))
            Widgets.append(button, to: toolPicker)
        }

        backgroundButton = Self.swatchButton(backgroundSwatch, tr("Background…"), tooltip: tr("Choose the chord’s background colour"))
        colorButton = Self.swatchButton(colorSwatch, tr("Colour…"), tooltip: tr("Choose the selected lumi’s colour"))

        glowScale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 100, 1)
        gtk_scale_set_draw_value(cgtk_scale(glowScale), 1)
        gtk_scale_set_value_pos(cgtk_scale(glowScale), GTK_POS_RIGHT)
        gtk_widget_set_hexpand(glowScale, 1)
        glowScale.setAccessibleLabel(tr("Glow"))
        glowScale.setTooltip(tr("0 is a hard edge; 100 fades from the centre out"))

        raiseButton = Widgets.iconButton(icon: "go-up-symbolic", tooltip: tr("Raise: draw it above the next lumi"),
                                         accessibleName: tr("Raise"))
        lowerButton = Widgets.iconButton(icon: "go-down-symbolic", tooltip: tr("Lower: draw it below the previous lumi"),
                                         accessibleName: tr("Lower"))
        deleteButton = Widgets.iconButton(icon: "user-trash-symbolic", tooltip: tr("Remove the selected lumi (Delete)"),
                                          accessibleName: tr("Delete Lumi"))

        selectionBox = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        let glowRow = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        Widgets.append(Widgets.label(tr("Glow")), to: glowRow)
        Widgets.append(glowScale, to: glowRow)
        let orderRow = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        Widgets.append(colorButton, to: orderRow)
        gtk_widget_set_hexpand(colorButton, 1)
        Widgets.append(raiseButton, to: orderRow)
        Widgets.append(lowerButton, to: orderRow)
        Widgets.append(deleteButton, to: orderRow)
        Widgets.append(orderRow, to: selectionBox)
        Widgets.append(lumiColors.widget, to: selectionBox)
        Widgets.append(glowRow, to: selectionBox)

        for (tool, button) in toolButtons {
            Signal.connect(button, "toggled") { [weak self] in
                guard let self, !self.updating,
                      gtk_toggle_button_get_active(cgtk_toggle_button(button)) != 0 else { return }
                self.onTool(tool)
            }
        }
        Signal.connect(backgroundButton, "clicked") { [weak self] in self?.onBackground() }
        Signal.connect(colorButton, "clicked") { [weak self] in self?.onColor() }
        backgroundColors.onPick = { [weak self] color in self?.onBackgroundColor(color) }
        lumiColors.onPick = { [weak self] color in self?.onLumiColor(color) }
        Signal.connect(raiseButton, "clicked") { [weak self] in self?.onRaise() }
        Signal.connect(lowerButton, "clicked") { [weak self] in self?.onLower() }
        Signal.connect(deleteButton, "clicked") { [weak self] in self?.onDelete() }
        Signal.connect(glowScale, "value-changed") { [weak self] in
            guard let self, !self.updating else { return }
            self.onGlow(gtk_range_get_value(cgtk_range(self.glowScale)) / 100)
        }
    }

    /// Brings every control in line with the chord and the selection.
    func show(tool: ChordEditorState.Tool, background: RGBAColor, chordColors: [RGBAColor], selected: Lumi?, index: Int?,
              count: Int) {
        updating = true
        defer { updating = false }
        for (candidate, button) in toolButtons {
            gtk_toggle_button_set_active(cgtk_toggle_button(button), candidate == tool ? 1 : 0)
        }
        backgroundSwatch.color = background
        backgroundColors.show(chordColors)
        lumiColors.show(chordColors)
        // Without a selection there is no colour to show or change.
        colorSwatch.color = selected?.color
        gtk_widget_set_sensitive(selectionBox, selected == nil ? 0 : 1)
        gtk_widget_set_sensitive(colorButton, selected == nil ? 0 : 1)
        if let selected {
            gtk_range_set_value(cgtk_range(glowScale), (selected.glow * 100).rounded())
            gtk_widget_set_sensitive(raiseButton, (index ?? 0) + 1 < count ? 1 : 0)
            gtk_widget_set_sensitive(lowerButton, (index ?? 0) > 0 ? 1 : 0)
        }
    }

    /// A button with a small square of colour and a label.
    private static func swatchButton(_ swatch: ColorSwatch, _ label: String, tooltip: String) -> Widget {
        let content = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        Widgets.append(swatch.widget, to: content)
        let text = Widgets.label(label)
        gtk_label_set_ellipsize(cgtk_label(text), PANGO_ELLIPSIZE_END)
        Widgets.append(text, to: content)
        let button = gtk_button_new()!
        gtk_button_set_child(gtkButton(button), content)
        button.setTooltip(tooltip)
        button.setAccessibleLabel(label.replacingOccurrences(of: "…", with: ""))
        return button
    }

    private static func gtkButton(_ widget: Widget) -> UnsafeMutablePointer<GtkButton> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkButton.self)
    }
}
