import CGtk

/// One screen-sized picture: an opaque image surface at the widget's scale, painted on black
/// (so a translucent chord looks the same in a fade as after it).
final class CanvasLayer {
    /// Owned.
    let surface: OpaquePointer
    let width: Int32, height: Int32, scale: Int32
    /// The picture as a GPU renderer takes it, made from `surface` when first asked for
    /// after each painting; owned.
    private var madeTexture: OpaquePointer?

    init(width: Int32, height: Int32, scale: Int32, makeSurface: (Int32, Int32) -> OpaquePointer) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        self.scale = scale
        surface = makeSurface(self.width * scale, self.height * scale)
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
    }

    isolated deinit {
        if let madeTexture { g_object_unref(UnsafeMutableRawPointer(madeTexture)) }
        cairo_surface_destroy(surface)
    }

    /// The picture as a texture (borrowed: valid until the next painting). The layer's own
    /// pixels lack an alpha channel (RGB24) and are painted again for later chords, so the
    /// texture's are a copy, made opaque by cairo's SOURCE copy into ARGB32 (GDK's default
    /// memory format), that the texture owns.
    var texture: OpaquePointer {
        if let madeTexture { return madeTexture }
        let pixelWidth = cairo_image_surface_get_width(surface), pixelHeight = cairo_image_surface_get_height(surface)
        let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelWidth, pixelHeight)!
        let cairo = cairo_create(copy)!
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        // The device scale does not apply to a source painted at the origin pixel for pixel.
        cairo_surface_set_device_scale(surface, 1, 1)
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_paint(cairo)
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        cairo_destroy(cairo)
        cairo_surface_flush(copy)
        let stride = cairo_image_surface_get_stride(copy)
        let bytes = g_bytes_new_with_free_func(cairo_image_surface_get_data(copy), gsize(stride) * gsize(pixelHeight),
                                               { cairo_surface_destroy(OpaquePointer($0)) }, UnsafeMutableRawPointer(copy))
        let texture = gdk_memory_texture_new(pixelWidth, pixelHeight, cgtk_memory_format_cairo_argb32(), bytes, gsize(stride))!
        g_bytes_unref(bytes)
        madeTexture = texture
        return madeTexture!
    }

    /// Clears to black (unless `onBlack` is false: `draw` covers every pixel), then `draw`
    /// in logical pixels.
    func paint(onBlack: Bool = true, _ draw: (OpaquePointer, Double, Double) -> Void) {
        if let madeTexture {
            g_object_unref(UnsafeMutableRawPointer(madeTexture))
            self.madeTexture = nil
        }
        let cairo = cairo_create(surface)!
        if onBlack {
            cairo_set_source_rgb(cairo, 0, 0, 0)
            cairo_paint(cairo)
        }
        draw(cairo, Double(width), Double(height))
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
    }

    /// What the canvas shows at this moment: `under` (or black), `over` at `opacity` on top.
    func compose(under: CanvasLayer?, over: CanvasLayer, opacity: Double) {
        paint { cairo, _, _ in
            if let under {
                cairo_set_source_surface(cairo, under.surface, 0, 0)
                cairo_paint(cairo)
            }
            cairo_set_source_surface(cairo, over.surface, 0, 0)
            cairo_paint_with_alpha(cairo, under == nil ? 1 : opacity)
        }
    }
}
