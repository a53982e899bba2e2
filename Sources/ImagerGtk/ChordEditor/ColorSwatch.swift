import CGtk
import ImagerCore

/// A small square of one colour with a grey outline. Without a colour it draws nothing, so a
/// control with nothing to colour shows no colour at all rather than a made-up black.
final class ColorSwatch {
    /// Borrowed: owned by the widget tree it is put in.
    let widget: Widget
    var color: RGBAColor? {
        didSet { if color != oldValue { gtk_widget_queue_draw(widget) } }
    }

    init(side: Int32 = 16) {
        widget = gtk_drawing_area_new()
        gtk_drawing_area_set_content_width(cgtk_drawing_area(widget), side)
        gtk_drawing_area_set_content_height(cgtk_drawing_area(widget), side)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        let draw: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
            MainActor.assumeIsolated {
                let swatch = Unmanaged<ColorSwatch>.fromOpaque(data!).takeUnretainedValue()
                guard let color = swatch.color else { return }
                cairo_rectangle(cairo, 0.5, 0.5, Double(width) - 1, Double(height) - 1)
                cairo_set_source_rgba(cairo, Double(color.red) / 255, Double(color.green) / 255,
                                      Double(color.blue) / 255, Double(color.alpha) / 255)
                cairo_fill_preserve(cairo)
                cairo_set_source_rgba(cairo, 0.5, 0.5, 0.5, 0.8)
                cairo_set_line_width(cairo, 1)
                cairo_stroke(cairo)
            }
        }
        let release: GDestroyNotify = { data in Unmanaged<ColorSwatch>.fromOpaque(data!).release() }
        gtk_drawing_area_set_draw_func(cgtk_drawing_area(widget), draw, Unmanaged.passRetained(self).toOpaque(), release)
    }
}
