import CGtk
import ImagerCore
import ImagerDrawing
import ImagerGLib

/// The Perform view's large picture: the current chord filling the view (`ChordsetPicture`,
/// through the one chord painter), cross-faded from what was on screen before, under as much
/// black as the blackout asks.
///
/// A fade repaints every frame at full screen, so nothing is drawn or allocated per frame in
/// proportion to the screen by the canvas itself: each chord is rendered once into a
/// screen-sized surface of its own (`ChordLayers`), kept while the canvas keeps its size, and
/// the chords of the chordset playing are rendered ahead, between frames, so a key that plays
/// one renders nothing. A frame is made of those layers in one of two ways, by the renderer
/// that draws it:
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

    /// Every picture the canvas has made at its present size (nil until the first draw).
    private var layers: ChordLayers?
    /// The chord playing, and the picture under it during a fade (a chord's layer, or a mix
    /// an interrupted fade left); both borrowed from `layers`.
    private var target: CanvasLayer?
    private var under: CanvasLayer?
    private var targetChord: ChordRef?
    /// True during a fade: `under` shows beneath `target`.
    private var showsUnder = false
    /// The opacity of `target` over `under`; 1 when nothing fades.
    private(set) var opacity = 1.0
    /// The black over the chords: 0 none, 1 all black (the blackout).
    private(set) var blackness = 0.0
    /// Rendering the chords of the chordset playing ahead of their keys, one at a time when
    /// the main loop has nothing more urgent.
    private var renderingAhead: ScheduledWork?

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
    /// chord starts at opacity 0; otherwise it cuts. A chord rendered before (played, or
    /// rendered ahead) is not rendered again.
    func play(_ chord: ChordRef, fading: Bool, opacityOnScreen: Double) {
        if fading, let current = target, targetChord != nil, let layers {
            if showsUnder, opacityOnScreen < 1, let under {
                // A fade interrupted: what is on screen is a mix.
                self.under = layers.mix(under: under, over: current, opacity: opacityOnScreen)
            } else {
                under = current
            }
            showsUnder = true
            opacity = 0
        } else {
            under = nil
            showsUnder = false
            opacity = 1
        }
        targetChord = chord
        if let layers {
            target = layers.layer(for: chord, keeping: under.map { [$0] } ?? []) { render(chord, into: $0) }
        }
        gtk_widget_queue_draw(widget)
        renderAheadSoon()
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

    /// Repaints the chord playing (its colour or lumis changed elsewhere); the others are
    /// rendered again when next played or rendered ahead.
    func refresh() {
        guard let layers, let targetChord else { return }
        layers.forgetAll()
        target = layers.layer(for: targetChord, keeping: under.map { [$0] } ?? []) { render(targetChord, into: $0) }
        gtk_widget_queue_draw(widget)
        renderAheadSoon()
    }

    /// Whether every chord of the chordset playing is rendered (or as many as there is room
    /// for), so a key plays one without rendering it.
    var isRenderedAhead: Bool { renderingAhead == nil && layers != nil }

    /// Renders the next chord of the chordset playing that is not ready, then the next, each
    /// in an idle of its own at low priority: frames and input come first, and a key never
    /// waits for more than one chord's rendering.
    private func renderAheadSoon() {
        guard renderingAhead == nil, layers != nil, targetChord != nil else { return }
        renderingAhead = MainLoop.idle(priority: G_PRIORITY_LOW) { [weak self] in self?.renderNextAhead() }
    }

    private func renderNextAhead() {
        renderingAhead = nil
        guard let layers, let targetChord else { return }
        // A fade paints every frame, and a rendering between two of them could make the
        // second late: the chords wait until it ends.
        if showsUnder {
            renderingAhead = MainLoop.after(milliseconds: Self.fadeCheckMilliseconds) { [weak self] in
                self?.renderingAhead = nil
                self?.renderAheadSoon()
            }
            return
        }
        let inUse = [target, under].compactMap { $0 }
        let slots = (0..<Chordset.chordCount).map { ChordRef(chordsetID: targetChord.chordsetID, slot: $0) }
        guard let next = slots.first(where: { !layers.isReady($0) }),
              layers.renderAhead(next, keeping: inUse, render: { render(next, into: $0) }) else { return }
        renderAheadSoon()
    }

    /// How often rendering ahead looks again whether a fade has ended.
    private static let fadeCheckMilliseconds: UInt32 = 20

    private func render(_ chord: ChordRef, into layer: CanvasLayer) {
        let (background, lumis) = pictureOf(chord)
        // An opaque background covers the whole layer: no black beneath it to lay first.
        layer.paint(onBlack: background.alpha < 255) { cairo, width, height in
            ChordsetPicture.paintFilling(cairo, background: background, lumis: lumis, width: width, height: height)
        }
    }

    private func snapshot(_ snapshot: OpaquePointer, width: Int32, height: Int32) {
        let scale = max(gtk_widget_get_scale_factor(widget), 1)
        if layers.map({ !$0.fits(width: width, height: height, scale: scale) }) ?? true {
            // A new size (the first draw, full screen): a fade cannot be carried over, so the
            // chord simply shows, and every chord is rendered again at the new size.
            let layers = ChordLayers(width: width, height: height, scale: scale, makeSurface: makeSurface)
            self.layers = layers
            target = nil
            under = nil
            showsUnder = false
            opacity = 1
            if let targetChord {
                target = layers.layer(for: targetChord, keeping: []) { render(targetChord, into: $0) }
                renderAheadSoon()
            }
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
    private func paint(_ cairo: OpaquePointer, target: CanvasLayer, under: CanvasLayer?) {
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
