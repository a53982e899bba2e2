import CGtk
import ImagerCore

/// One chord of a row: a rounded rectangle in the chord's colour, drawn with cairo, that
/// screen readers announce as a button ("Chord 3: #E99057"). Clicks and keys are handled by
/// the `ChordStrip` that holds the eight cells, so a row carries two controllers, not sixteen.
final class ChordCell {
    static let size: Int32 = 36

    /// Borrowed: owned by the row's widget tree. The drawing area owns this object (through
    /// its draw function's user data), so the two live and die together.
    let widget: Widget
    let slot: Int
    /// The colour drawn; nil until the first bind.
    private(set) var color: RGBAColor?

    init(slot: Int) {
        self.slot = slot
        widget = cgtk_drawing_area_new_with_role(GTK_ACCESSIBLE_ROLE_BUTTON)
        let area = cgtk_drawing_area(widget)
        gtk_drawing_area_set_content_width(area, Self.size)
        gtk_drawing_area_set_content_height(area, Self.size)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_focusable(widget, 1)
        widget.addCSSClasses("chord-cell")
        gtk_widget_set_cursor_from_name(widget, "pointer")

        let draw: GtkDrawingAreaDrawFunc = { area, cairo, width, height, data in
            MainActor.assumeIsolated {
                Unmanaged<ChordCell>.fromOpaque(data!).takeUnretainedValue().draw(cairo!, width: width, height: height)
            }
        }
        let release: GDestroyNotify = { data in Unmanaged<ChordCell>.fromOpaque(data!).release() }
        gtk_drawing_area_set_draw_func(area, draw, Unmanaged.passRetained(self).toOpaque(), release)
    }

    /// Called on bind: O(1), nothing allocated but the accessible label, and nothing done
    /// when the colour is already the one shown.
    func show(_ color: RGBAColor) {
        guard color != self.color else { return }
        self.color = color
        widget.setAccessibleLabel(Self.accessibleLabel(slot: slot, color: color))
        gtk_widget_queue_draw(widget)
    }

    /// "Chord 3: #E99057": which chord (1-based) and its colour.
    static func accessibleLabel(slot: Int, color: RGBAColor) -> String {
        "Chord \(slot + 1): \(color.hex)"
    }

    /// GTK records these calls and replays them every time the cell is painted, which is
    /// every frame the list moves; two masks cost far less to replay than the path fill and
    /// stroke they were made from (issue 6).
    private func draw(_ cairo: OpaquePointer, width: Int32, height: Int32) {
        guard let color else { return }
        let shape = ChordCellShape.masks(width: width, height: height, scale: gtk_widget_get_scale_factor(widget))
        cairo_set_source_rgba(cairo, Double(color.red) / 255, Double(color.green) / 255,
                              Double(color.blue) / 255, Double(color.alpha) / 255)
        cairo_mask_surface(cairo, shape.fill, 0, 0)
        // The outline is the text colour, faint: dark on the light style, light on the dark
        // one, so a pale or transparent chord still shows its edge.
        var foreground = GdkRGBA()
        cgtk_widget_get_color(widget, &foreground)
        cairo_set_source_rgba(cairo, Double(foreground.red), Double(foreground.green),
                              Double(foreground.blue), 0.22)
        cairo_mask_surface(cairo, shape.outline, 0, 0)
    }
}

/// The shape of a chord cell as two alpha masks: the rounded rectangle's inside and its
/// one-pixel outline, rendered once per cell size and scale factor and kept for the life
/// of the process (in practice one pair, a few kilobytes).
private enum ChordCellShape {
    private static let radius = 8.0

    struct Masks {
        /// Owned by the cache, never freed.
        let fill: OpaquePointer
        let outline: OpaquePointer
    }

    private struct Key: Hashable {
        let width: Int32, height: Int32, scale: Int32
    }

    private static var cache: [Key: Masks] = [:]

    /// Called from draw functions, on the main thread.
    static func masks(width: Int32, height: Int32, scale: Int32) -> Masks {
        let key = Key(width: width, height: height, scale: max(scale, 1))
        if let masks = cache[key] { return masks }
        let masks = Masks(fill: render(key) { cairo in cairo_fill(cairo) },
                          outline: render(key) { cairo in
                              cairo_set_line_width(cairo, 1)
                              cairo_stroke(cairo)
                          })
        cache[key] = masks
        return masks
    }

    /// An A8 surface at the device scale, so the edges stay sharp on a HiDPI screen, with
    /// the rounded rectangle inset by half a pixel as its path.
    private static func render(_ key: Key, _ paint: (OpaquePointer) -> Void) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, key.width * key.scale, key.height * key.scale)!
        cairo_surface_set_device_scale(surface, Double(key.scale), Double(key.scale))
        let cairo = cairo_create(surface)!
        let inset = 0.5
        roundedRectangle(cairo, x: inset, y: inset,
                         width: Double(key.width) - 2 * inset, height: Double(key.height) - 2 * inset)
        paint(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        return surface
    }

    private static func roundedRectangle(_ cairo: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
        let r = min(radius, width / 2, height / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cairo, x + width - r, y + height - r, r, 0, .pi / 2)
        cairo_arc(cairo, x + r, y + height - r, r, .pi / 2, .pi)
        cairo_arc(cairo, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cairo)
    }
}
