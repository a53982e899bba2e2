import CGtk
import ImagerCore
import ImagerDrawing

/// A chord as the output would show it, at a size that fits the control surface: the live
/// chord, and the next one smaller. Drawn from its colour and lumis on each draw (a preview is
/// small; nothing here runs per frame of a fade).
final class PerformChordPreview {
    /// Borrowed: owned by the control surface's widget tree; the drawing area owns this object
    /// through its draw function's user data.
    let widget: Widget
    private var picture: (RGBAColor, [Lumi])?
    /// What screen readers hear for it: "Live: Warm, chord 3 of 8".
    private(set) var name = ""

    init(width: Int32, height: Int32) {
        widget = cgtk_drawing_area_new_with_role(GTK_ACCESSIBLE_ROLE_IMG)
        gtk_drawing_area_set_content_width(cgtk_drawing_area(widget), width)
        gtk_drawing_area_set_content_height(cgtk_drawing_area(widget), height)
        gtk_widget_set_halign(widget, GTK_ALIGN_START)
        widget.addCSSClasses("perform-preview")
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        let draw: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
            MainActor.assumeIsolated {
                Unmanaged<PerformChordPreview>.fromOpaque(data!).takeUnretainedValue()
                    .draw(cairo!, width: Double(width), height: Double(height))
            }
        }
        let release: GDestroyNotify = { data in Unmanaged<PerformChordPreview>.fromOpaque(data!).release() }
        gtk_drawing_area_set_draw_func(cgtk_drawing_area(widget), draw, Unmanaged.passRetained(self).toOpaque(), release)
    }

    /// Shows a chord (nil: black, as the output shows a blackout or the end of a set list),
    /// named for screen readers.
    func show(_ picture: (RGBAColor, [Lumi])?, named name: String) {
        self.picture = picture
        self.name = name
        widget.setAccessibleLabel(name)
        gtk_widget_queue_draw(widget)
    }

    private func draw(_ cairo: OpaquePointer, width: Double, height: Double) {
        cairo_set_source_rgb(cairo, 0, 0, 0)
        cairo_paint(cairo)
        guard let (background, lumis) = picture else { return }
        ChordsetPicture.paintFilling(cairo, background: background, lumis: lumis, width: width, height: height)
    }
}
