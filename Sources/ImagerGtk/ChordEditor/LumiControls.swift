import CGtk
import ImagerCore

/// The controls beside the canvas: the background colour, the shape a click adds, and for
/// the selected lumi its colour, glow, order and removal. Each reports what was asked; the
/// editor changes the chord and then calls `show` with the result.
final class LumiControls {
    /// Borrowed: owned by the editor's widget tree.
    let shapePicker: Widget
    let backgroundButton: Widget
    let selectionBox: Widget
    let colorButton: Widget
    let glowScale: Widget
    let raiseButton: Widget
    let lowerButton: Widget
    let deleteButton: Widget
    private var shapeButtons: [LumiShape: Widget] = [:]
    private let backgroundSwatch: Widget
    private let colorSwatch: Widget
    private var backgroundShown = RGBAColor(red: 0, green: 0, blue: 0)
    private var colorShown = RGBAColor(red: 0, green: 0, blue: 0)
    /// Set while controls are updated from code, so they do not report their own changes.
    private var updating = false

    var onShape: (LumiShape) -> Void = { _ in }
    var onBackground: () -> Void = {}
    var onColor: () -> Void = {}
    var onGlow: (Double) -> Void = { _ in }
    var onRaise: () -> Void = {}
    var onLower: () -> Void = {}
    var onDelete: () -> Void = {}

    init() {
        shapePicker = Widgets.box(GTK_ORIENTATION_HORIZONTAL)
        shapePicker.addCSSClasses("linked")
        shapePicker.setAccessibleLabel(tr("Shape to add"))
        var group: Widget?
        for shape in LumiShape.allCases {
            let button = gtk_toggle_button_new_with_label(LumiList.shapeName(shape))!
            gtk_widget_set_hexpand(button, 1)
            button.setAccessibleLabel(LumiList.shapeName(shape))
            button.setTooltip(tr("Click the canvas to add a {shape}", ["shape": LumiList.shapeName(shape).lowercased()]))
            if let group { gtk_toggle_button_set_group(cgtk_toggle_button(button), cgtk_toggle_button(group)) }
            group = group ?? button
            shapeButtons[shape] = button
            Widgets.append(button, to: shapePicker)
        }

        (backgroundButton, backgroundSwatch) = Self.swatchButton(tr("Background…"), tooltip: tr("Choose the chord’s background colour"))
        (colorButton, colorSwatch) = Self.swatchButton(tr("Colour…"), tooltip: tr("Choose the selected lumi’s colour"))

        glowScale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 100, 1)
        gtk_scale_set_draw_value(cgtk_scale(glowScale), 1)
        gtk_scale_set_value_pos(cgtk_scale(glowScale), GTK_POS_RIGHT)
        gtk_widget_set_hexpand(glowScale, 1)
        glowScale.setAccessibleLabel(tr("Glow"))
        glowScale.setTooltip("0 is a hard edge; 100 fades from the centre out")

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
        Widgets.append(glowRow, to: selectionBox)

        for (shape, button) in shapeButtons {
            Signal.connect(button, "toggled") { [weak self] in
                guard let self, !self.updating,
                      gtk_toggle_button_get_active(cgtk_toggle_button(button)) != 0 else { return }
                self.onShape(shape)
            }
        }
        Signal.connect(backgroundButton, "clicked") { [weak self] in self?.onBackground() }
        Signal.connect(colorButton, "clicked") { [weak self] in self?.onColor() }
        Signal.connect(raiseButton, "clicked") { [weak self] in self?.onRaise() }
        Signal.connect(lowerButton, "clicked") { [weak self] in self?.onLower() }
        Signal.connect(deleteButton, "clicked") { [weak self] in self?.onDelete() }
        Signal.connect(glowScale, "value-changed") { [weak self] in
            guard let self, !self.updating else { return }
            self.onGlow(gtk_range_get_value(cgtk_range(self.glowScale)) / 100)
        }
    }

    /// Brings every control in line with the chord and the selection.
    func show(shape: LumiShape, background: RGBAColor, selected: Lumi?, index: Int?, count: Int) {
        updating = true
        defer { updating = false }
        for (candidate, button) in shapeButtons {
            gtk_toggle_button_set_active(cgtk_toggle_button(button), candidate == shape ? 1 : 0)
        }
        if background != backgroundShown {
            backgroundShown = background
            gtk_widget_queue_draw(backgroundSwatch)
        }
        gtk_widget_set_sensitive(selectionBox, selected == nil ? 0 : 1)
        if let selected {
            if selected.color != colorShown {
                colorShown = selected.color
                gtk_widget_queue_draw(colorSwatch)
            }
            gtk_range_set_value(cgtk_range(glowScale), (selected.glow * 100).rounded())
            gtk_widget_set_sensitive(raiseButton, (index ?? 0) + 1 < count ? 1 : 0)
            gtk_widget_set_sensitive(lowerButton, (index ?? 0) > 0 ? 1 : 0)
        }
    }

    /// A button with a small square of colour and a label; the swatch is drawn from
    /// whichever colour `show` last set.
    private static func swatchButton(_ label: String, tooltip: String) -> (Widget, Widget) {
        let content = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        let swatch = gtk_drawing_area_new()!
        gtk_drawing_area_set_content_width(cgtk_drawing_area(swatch), 16)
        gtk_drawing_area_set_content_height(cgtk_drawing_area(swatch), 16)
        gtk_widget_set_valign(swatch, GTK_ALIGN_CENTER)
        Widgets.append(swatch, to: content)
        Widgets.append(Widgets.label(label), to: content)
        let button = gtk_button_new()!
        gtk_button_set_child(UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self), content)
        button.setTooltip(tooltip)
        button.setAccessibleLabel(label.replacingOccurrences(of: "…", with: ""))
        return (button, swatch)
    }

    /// Hooks the swatches' drawing to the colours shown; called once the object exists.
    func connectSwatches() {
        for (swatch, which) in [(backgroundSwatch, true), (colorSwatch, false)] {
            let draw: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
                MainActor.assumeIsolated {
                    let box = Unmanaged<SwatchSource>.fromOpaque(data!).takeUnretainedValue()
                    guard let color = box.color() else { return }
                    cairo_rectangle(cairo, 0.5, 0.5, Double(width) - 1, Double(height) - 1)
                    cairo_set_source_rgba(cairo, Double(color.red) / 255, Double(color.green) / 255,
                                          Double(color.blue) / 255, Double(color.alpha) / 255)
                    cairo_fill_preserve(cairo)
                    cairo_set_source_rgba(cairo, 0.5, 0.5, 0.5, 0.8)
                    cairo_set_line_width(cairo, 1)
                    cairo_stroke(cairo)
                }
            }
            let source = SwatchSource { [weak self] in which ? self?.backgroundShown : self?.colorShown }
            let release: GDestroyNotify = { data in Unmanaged<SwatchSource>.fromOpaque(data!).release() }
            gtk_drawing_area_set_draw_func(cgtk_drawing_area(swatch), draw, Unmanaged.passRetained(source).toOpaque(), release)
        }
    }
}

/// What a swatch draws, owned by its drawing area.
private final class SwatchSource {
    let color: () -> RGBAColor?
    init(_ color: @escaping () -> RGBAColor?) { self.color = color }
}
