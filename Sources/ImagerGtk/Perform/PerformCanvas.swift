import CGtk
import ImagerCore
import ImagerDrawing

/// The Perform view's large picture: the current chord filling the view (`ChordsetPicture`,
/// through the one chord painter), cross-faded from what was on screen before, under as much
/// black as the blackout asks.
///
/// A fade repaints every frame at full screen, so nothing is drawn or allocated per frame in
/// proportion to the screen by the canvas itself: each chord is rendered once, when it is
/// played, into one of three screen-sized surfaces that live as long as the canvas keeps its
/// size. A frame is made of those layers in one of two ways, by the renderer that draws it:
/// - a GPU renderer (GL, Vulkan) gets each layer as a texture, made once per chord, in a
///   texture node; the fade is an opacity node over the layer underneath and the blackout a
///   colour node, so a frame uploads nothing and the GPU blends;
/// - the cairo renderer gets one cairo node painted from the layers (the old picture, the new
///   one over it at the fade's opacity, the black): it would copy every texture into a new
///   image each frame and paint an opacity node through an intermediate group, and measured
///   at 3840 × 2160 both cost more than the one painted node (docs/benchmark.md); that
///   node's frame-sized image is allocated every frame, and `FrameMemory` keeps it cheap.
package final class PerformCanvas {
    /// Borrowed: owned by the view's widget tree; the widget owns this object through its
    /// snapshot function's user data.
    package let widget: Widget
    /// What a chord looks like: its background and lumis (the view asks the controller).
    /// Asked once each time a chord is rendered into a layer, never per frame.
    package var pictureOf: (ChordRef) -> (RGBAColor, [Lumi]) = { _ in (RGBAColor(red: 0, green: 0, blue: 0), []) }
    /// Makes a layer's screen-sized surface (pixels wide, high); called when a layer is made,
    /// a few times for each size the canvas takes, never per frame.
    package var makeSurface: (Int32, Int32) -> OpaquePointer = { width, height in
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)
    }

    /// The chord playing, the picture under it during a fade, and spare room to compose the
    /// next "under" picture in. All three share one size; nil until the first draw.
    private var target: Layer?
    private var under: Layer?
    private var spare: Layer?
    private var targetChord: ChordRef?
    /// True during a fade: `under` shows beneath `target`. The layers themselves are kept
    /// between fades, so the next one draws into them instead of allocating.
    private var showsUnder = false
    /// The opacity of `target` over `under`; 1 when nothing fades.
    private(set) var opacity = 1.0
    /// The black over the chords: 0 none, 1 all black (the blackout).
    private(set) var blackness = 0.0

    init() {
        widget = cgtk_snapshot_area_new(GTK_ACCESSIBLE_ROLE_IMG)
        let snapshot: CgtkSnapshotFunc = { _, snapshot, width, height, data in
            MainActor.assumeIsolated {
                Unmanaged<PerformCanvas>.fromOpaque(data!).takeUnretainedValue()
                    .snapshot(snapshot!, width: width, height: height)
            }
        }
        let release: GDestroyNotify = { data in Unmanaged<PerformCanvas>.fromOpaque(data!).release() }
        cgtk_snapshot_area_set_func(widget, snapshot, Unmanaged.passRetained(self).toOpaque(), release)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_focus_on_click(widget, 1)
        widget.addCSSClasses("perform-canvas")
    }

    /// Shows `chord`. With `fading`, the picture on screen now (the old "under" picture with
    /// the old chord over it at `opacityOnScreen`) becomes the new "under" picture and the
    /// chord starts at opacity 0; otherwise it cuts.
    func play(_ chord: ChordRef, fading: Bool, opacityOnScreen: Double) {
        if fading, let current = target, targetChord != nil {
            if showsUnder, opacityOnScreen < 1, let under {
                // A fade interrupted: what is on screen is a mix, composed into the spare layer.
                let composed = spare ?? makeLayer(like: current)
                composed.compose(under: under, over: current, opacity: opacityOnScreen)
                spare = under
                self.under = composed
            } else {
                // What is on screen is the chord playing alone: its layer goes underneath as it
                // is (no full-screen copy in the key press), and the next chord is rendered
                // into the spare one.
                let next = spare ?? makeLayer(like: current)
                spare = under
                under = current
                target = next
            }
            showsUnder = true
            opacity = 0
        } else {
            showsUnder = false
            opacity = 1
        }
        targetChord = chord
        if let target { render(chord, into: target) }
        gtk_widget_queue_draw(widget)
    }

    /// One frame of a fade.
    func setOpacity(_ value: Double) {
        let value = min(1, max(0, value))
        guard value != opacity else { return }
        opacity = value
        if value >= 1 { showsUnder = false }
        gtk_widget_queue_draw(widget)
    }

    /// One frame of a fade to or from black, or a cut.
    func setBlackness(_ value: Double) {
        let value = min(1, max(0, value))
        guard value != blackness else { return }
        blackness = value
        gtk_widget_queue_draw(widget)
    }

    /// Repaints the chord playing (its colour or lumis changed elsewhere).
    func refresh() {
        guard let target, let targetChord else { return }
        render(targetChord, into: target)
        gtk_widget_queue_draw(widget)
    }

    private func makeLayer(like other: Layer) -> Layer {
        Layer(width: other.width, height: other.height, scale: other.scale, makeSurface: makeSurface)
    }

    private func render(_ chord: ChordRef, into layer: Layer) {
        let (background, lumis) = pictureOf(chord)
        // An opaque background covers the whole layer: no black beneath it to lay first.
        layer.paint(onBlack: background.alpha < 255) { cairo, width, height in
            ChordsetPicture.paintFilling(cairo, background: background, lumis: lumis, width: width, height: height)
        }
    }

    private func snapshot(_ snapshot: OpaquePointer, width: Int32, height: Int32) {
        let scale = max(gtk_widget_get_scale_factor(widget), 1)
        if target == nil || !target!.fits(width: width, height: height, scale: scale) {
            // A new size (the first draw, full screen): a fade cannot be carried over, so the
            // chord simply shows.
            target = Layer(width: width, height: height, scale: scale, makeSurface: makeSurface)
            under = nil
            spare = nil
            showsUnder = false
            opacity = 1
            if let targetChord { render(targetChord, into: target!) }
        }
        guard let target else { return }
        var bounds = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                     size: graphene_size_t(width: Float(width), height: Float(height)))
        let fading = showsUnder && opacity < 1 ? under : nil
        if cgtk_widget_renders_with_cairo(widget) != 0 {
            FrameMemory.keepForNextFrame()
            let cairo = gtk_snapshot_append_cairo(snapshot, &bounds)!
            paint(cairo, target: target, under: fading)
            cairo_destroy(cairo)
            return
        }
        if blackness >= 1 {
            var black = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 1)
            gtk_snapshot_append_color(snapshot, &black, &bounds)
            return
        }
        if let fading {
            gtk_snapshot_append_texture(snapshot, fading.texture, &bounds)
            gtk_snapshot_push_opacity(snapshot, opacity)
            gtk_snapshot_append_texture(snapshot, target.texture, &bounds)
            gtk_snapshot_pop(snapshot)
        } else {
            gtk_snapshot_append_texture(snapshot, target.texture, &bounds)
        }
        if blackness > 0 {
            var black = GdkRGBA(red: 0, green: 0, blue: 0, alpha: Float(blackness))
            gtk_snapshot_append_color(snapshot, &black, &bounds)
        }
    }

    /// The frame for the cairo renderer, painted from the layers.
    private func paint(_ cairo: OpaquePointer, target: Layer, under: Layer?) {
        if blackness >= 1 {
            cairo_set_source_rgb(cairo, 0, 0, 0)
            cairo_paint(cairo)
            return
        }
        if let under {
            cairo_set_source_surface(cairo, under.surface, 0, 0)
            cairo_paint(cairo)
            cairo_set_source_surface(cairo, target.surface, 0, 0)
            cairo_paint_with_alpha(cairo, opacity)
        } else {
            cairo_set_source_surface(cairo, target.surface, 0, 0)
            cairo_paint(cairo)
        }
        if blackness > 0 {
            cairo_set_source_rgba(cairo, 0, 0, 0, blackness)
            cairo_paint(cairo)
        }
    }
}

/// One screen-sized picture: an opaque image surface at the widget's scale, painted on black
/// (so a translucent chord looks the same in a fade as after it).
private final class Layer {
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

    func fits(width: Int32, height: Int32, scale: Int32) -> Bool {
        self.width == max(width, 1) && self.height == max(height, 1) && self.scale == scale
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
    func compose(under: Layer?, over: Layer, opacity: Double) {
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
