import CGtk
import ImagerCore
import ImagerDrawing
import ImagerGLib

/// One chord of a row: the chord's colour in a rounded square with its lumis over it, drawn
/// by `ChordPainter` (the one chord renderer), which screen readers announce as a button
/// ("Chord 3: orange, #E99057"). Clicks and keys are handled by the `ChordStrip` that holds the eight
/// cells, so a row carries two controllers, not sixteen.
final class ChordCell {
    static let size: Int32 = 36
    static let cornerRadius = 8.0

    /// Borrowed: owned by the row's widget tree. The drawing area owns this object (through
    /// its draw function's user data), so the two live and die together.
    let widget: Widget
    let slot: Int
    /// The colour drawn; nil until the first bind.
    private(set) var color: RGBAColor?
    /// The lumis drawn over it, in drawing order; nil until they are read, which the cell asks
    /// for (`onLumisNeeded`) when GTK first draws it: GTK binds about a hundred rows per frame
    /// of a fast scroll, and draws only the dozen on screen.
    private(set) var lumis: [Lumi]? = []
    /// Reads the row's lumis and hands them to every cell of the row (`receive`).
    var onLumisNeeded: () -> Void = {}
    /// The chord with its lumis as rendered for the last draw, kept while the chord, the
    /// cell's size and the scale stay the same (nil for a chord without lumis).
    private var rendered: RenderedChord?

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
        Signal.connectTooltip(widget) { [weak self] in self?.color.map(Self.tooltip) }

        let draw: GtkDrawingAreaDrawFunc = { area, cairo, width, height, data in
            MainActor.assumeIsolated {
                Unmanaged<ChordCell>.fromOpaque(data!).takeUnretainedValue().draw(cairo!, width: width, height: height)
            }
        }
        let release: GDestroyNotify = { data in Unmanaged<ChordCell>.fromOpaque(data!).release() }
        gtk_drawing_area_set_draw_func(area, draw, Unmanaged.passRetained(self).toOpaque(), release)
    }

    /// Called on bind: O(1) for the colour, O(lumis) to compare the lumis (an array shared
    /// with the one shown is compared by reference), and nothing done when the chord is the
    /// one shown. The picture is rendered at the next draw, only if GTK asks for one, and
    /// the accessible name is given then or at the next idle (`CellNaming`).
    /// `lumis` nil: not read yet; they are asked for at the first draw.
    func show(_ color: RGBAColor, lumis: [Lumi]?) {
        guard color != self.color || lumis != self.lumis else { return }
        if color != self.color && !nameIsStale {
            nameIsStale = true
            CellNaming.nameLater(self)
        }
        self.color = color
        self.lumis = lumis
        rendered = nil
        gtk_widget_queue_draw(widget)
    }

    /// Whether the accessible name still describes an earlier colour (see `CellNaming`).
    private var nameIsStale = false

    /// Gives the cell the accessible name of the colour it shows, if it has not got it yet.
    func nameIfStale() {
        guard nameIsStale, let color else { return }
        nameIsStale = false
        widget.setAccessibleLabel(Self.accessibleLabel(slot: slot, color: color))
    }

    /// Moves the keyboard focus to the cell, named first, so the focus is announced with the
    /// colour the cell shows even when it has not been drawn yet.
    func grabFocus() {
        nameIfStale()
        gtk_widget_grab_focus(widget)
    }

    /// The lumis read for a draw: no new draw is asked for, since a cell whose lumis were
    /// unknown has a draw queued already (`show`), in this frame or the next.
    func receive(_ lumis: [Lumi]) {
        guard self.lumis == nil else { return }
        self.lumis = lumis
        rendered = nil
    }

    /// "Chord 3: orange, #E99057": which chord (1-based), its colour in words for those who
    /// cannot see it, and in hex for those who match colours by number.
    static func accessibleLabel(slot: Int, color: RGBAColor) -> String {
        labelText(["number": String(slot + 1), "colour": tooltip(color)])
    }

    /// "orange, #E99057": the colour in words and in hex.
    static func tooltip(_ color: RGBAColor) -> String {
        tooltipText(["colour name": ColorName(color).text, "hex": color.hex])
    }

    // Looked up and split once: every bind names eight cells, a page of rows per scrolled
    // frame, and a gettext lookup for each would be a large share of the frame. The
    // language does not change while running.
    private static let labelText = TextTemplate(tr("Chord {number}: {colour}"))
    private static let tooltipText = TextTemplate(tr("{colour name}, {hex}"))

    /// GTK records these calls and replays them every time the cell is painted, which is
    /// every frame the list moves, so what is recorded must be cheap to replay: a
    /// chord without lumis is one mask filled with its colour; a chord with lumis is one
    /// image, rendered here by `ChordPainter` once per change (within the frame's
    /// `ChordRenderBudget`). The outline is one more mask.
    private func draw(_ cairo: OpaquePointer, width: Int32, height: Int32) {
        guard let color else { return }
        nameIfStale()
        if lumis == nil { readLumis() }
        let scale = max(gtk_widget_get_scale_factor(widget), 1)
        let shape = ChordCellShape.masks(width: width, height: height, scale: scale)
        let lumis = lumis ?? []
        if let image = lumis.isEmpty ? nil : renderedImage(color, lumis, width: width, height: height, scale: scale) {
            // The image is square-cornered (rounding each image's corners costs as much as
            // its lumis); the fill mask rounds them as it does for a plain chord.
            cairo_set_source_surface(cairo, image.surface, 0, 0)
            cairo_mask_surface(cairo, shape.fill, 0, 0)
        } else {
            let (r, g, b, a) = color.cairoComponents
            cairo_set_source_rgba(cairo, r, g, b, a)
            cairo_mask_surface(cairo, shape.fill, 0, 0)
        }
        // The outline is the text colour, faint: dark on the light style, light on the dark
        // one, so a pale or transparent chord still shows its edge.
        var foreground = GdkRGBA()
        cgtk_widget_get_color(widget, &foreground)
        cairo_set_source_rgba(cairo, Double(foreground.red), Double(foreground.green),
                              Double(foreground.blue), 0.22)
        cairo_mask_surface(cairo, shape.outline, 0, 0)
    }

    /// Reads the row's lumis within the frame's budget (one indexed query);
    /// past it the cell shows its colour now and reads on a later frame.
    private func readLumis() {
        guard ChordRenderBudget.allows(frame: frameCounter) else {
            ChordRenderBudget.renderLater(self)
            return
        }
        ChordRenderBudget.charge { onLumisNeeded() }
    }

    private var frameCounter: gint64 {
        gtk_widget_get_frame_clock(widget).map { gdk_frame_clock_get_frame_counter($0) } ?? -1
    }

    private struct RenderedChord {
        let image: ChordImage
        let width: Int32, height: Int32, scale: Int32
    }

    /// The chord as an image, or nil when this frame has no time left to render it
    /// (`ChordRenderBudget`): then the cell shows its colour and draws again next frame.
    private func renderedImage(_ color: RGBAColor, _ lumis: [Lumi], width: Int32, height: Int32, scale: Int32) -> ChordImage? {
        if let rendered, rendered.width == width, rendered.height == height, rendered.scale == scale {
            return rendered.image
        }
        guard ChordRenderBudget.allows(frame: frameCounter) else {
            ChordRenderBudget.renderLater(self)
            return nil
        }
        let image = ChordRenderBudget.charge {
            ChordImage(width: Int(width), height: Int(height), scale: Int(scale)) { cairo in
                ChordPainter.paint(cairo, background: color, lumis: lumis,
                                   in: ChordCellShape.square(width: width, height: height), cornerRadius: 0)
            }
        }
        rendered = RenderedChord(image: image, width: width, height: height, scale: scale)
        return image
    }
}

/// The shape of a chord cell as two alpha masks: the rounded square's inside and its
/// one-pixel outline, rendered once per cell size and scale factor and kept for the life
/// of the process (in practice one pair, a few kilobytes).
private enum ChordCellShape {
    struct Masks {
        /// Owned by the cache, never freed.
        let fill: OpaquePointer
        let outline: OpaquePointer
    }

    private struct Key: Hashable {
        let width: Int32, height: Int32, scale: Int32
    }

    private static var cache: [Key: Masks] = [:]

    /// Where the chord goes in a cell: the largest centred square, inset by half a pixel so
    /// the one-pixel outline, stroked along its edge, stays inside the cell.
    static func square(width: Int32, height: Int32) -> ChordSquare {
        var square = ChordSquare.centred(inWidth: Double(width), height: Double(height))
        let inset = min(0.5, square.side / 2)
        square.x += inset
        square.y += inset
        square.side -= 2 * inset
        return square
    }

    /// Called from draw functions, on the main thread.
    static func masks(width: Int32, height: Int32, scale: Int32) -> Masks {
        let key = Key(width: width, height: height, scale: max(scale, 1))
        if let masks = cache[key] { return masks }
        let square = square(width: width, height: height)
        // The fill is the chord painter's own background, so the cell's two paths (with and
        // without lumis) have the same edge.
        let masks = Masks(fill: render(key) { cairo in
                              ChordPainter.paint(cairo, background: RGBAColor(red: 0, green: 0, blue: 0), lumis: [],
                                                 in: square, cornerRadius: ChordCell.cornerRadius)
                          },
                          outline: render(key) { cairo in
                              ChordPainter.roundedSquare(cairo, square, cornerRadius: ChordCell.cornerRadius)
                              cairo_set_line_width(cairo, 1)
                              cairo_stroke(cairo)
                          })
        cache[key] = masks
        return masks
    }

    /// An A8 surface at the device scale, so the edges stay sharp on a HiDPI screen.
    private static func render(_ key: Key, _ paint: (OpaquePointer) -> Void) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, key.width * key.scale, key.height * key.scale)!
        cairo_surface_set_device_scale(surface, Double(key.scale), Double(key.scale))
        let cairo = cairo_create(surface)!
        paint(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        return surface
    }
}
