import CGtk
import ImagerCore
import ImagerDrawing
import ImagerGLib

/// The editor's large square view of the chord: draws it with the one chord painter, the
/// selection and its two handles on top, and turns pointer and keys into calls on the
/// editor. Knows nothing of the store or of undo: it reports, the editor decides.
package final class ChordEditorCanvas {
    /// Borrowed: owned by the editor's widget tree.
    let widget: Widget
    /// The editor's handlers: what happened, in canvas units.
    var onClick: (CanvasPoint) -> Void = { _ in }
    package var onDragBegin: (CanvasPoint, _ rotating: Bool, _ tolerance: Double) -> Bool = { _, _, _ in false }
    package var onDragUpdate: (CanvasPoint) -> Void = { _ in }
    package var onDragEnd: () -> Void = {}
    /// A key the canvas understands; returns whether it was used.
    var onKey: (CanvasKey) -> Bool = { _ in false }

    /// What the canvas shows; set by the editor before it queues a draw.
    var background = RGBAColor(red: 0, green: 0, blue: 0)
    var lumis: [Lumi] = []
    var selected: Lumi?

    static let minimumSide: Int32 = 200
    /// Handles are drawn this many pixels from their centre, and grabbed within twice that
    /// (the editor state keeps them half the grab distance inside the chord).
    private static let handleRadius = 6.0
    private static let grabDistance = 2 * handleRadius
    /// Movement under this many pixels is a click, not a drag.
    private static let clickSlop = 4.0

    private var dragStart: (x: Double, y: Double)?
    private var dragging = false

    enum CanvasKey: Equatable {
        case move(dx: Int, dy: Int, big: Bool)
        case resize(grow: Bool)
        case rotate(clockwise: Bool)
        case delete
    }

    init() {
        widget = cgtk_drawing_area_new_with_role(GTK_ACCESSIBLE_ROLE_IMG)
        let area = cgtk_drawing_area(widget)
        gtk_drawing_area_set_content_width(area, Self.minimumSide)
        gtk_drawing_area_set_content_height(area, Self.minimumSide)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_focus_on_click(widget, 1)
        widget.addCSSClasses("chord-canvas")
        cgtk_accessible_set_description(cgtk_accessible(widget), Self.keyboardHelp)

        let draw: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
            MainActor.assumeIsolated {
                Unmanaged<ChordEditorCanvas>.fromOpaque(data!).takeUnretainedValue()
                    .draw(cairo!, width: Double(width), height: Double(height))
            }
        }
        let release: GDestroyNotify = { data in Unmanaged<ChordEditorCanvas>.fromOpaque(data!).release() }
        gtk_drawing_area_set_draw_func(area, draw, Unmanaged.passRetained(self).toOpaque(), release)
        addPointer()
        addKeys()
    }

    /// Read by screen readers after the canvas's name.
    static let keyboardHelp = """
        Click a lumi to select it, or choose a shape and click empty space to add one; drag a \
        lumi to move it, its corner \
        handle to resize it, its top handle or Shift and drag to rotate it. With the keyboard: \
        arrow keys move the selected lumi (Shift for bigger steps), plus and minus resize it, \
        the square brackets rotate it, and Delete removes it.
        """

    func redraw() { gtk_widget_queue_draw(widget) }

    // MARK: Geometry

    /// The chord's square: as large as fits, centred.
    private var square: (x: Double, y: Double, side: Double) {
        let width = Double(gtk_widget_get_width(widget)), height = Double(gtk_widget_get_height(widget))
        let side = max(1, min(width, height))
        return ((width - side) / 2, (height - side) / 2, side)
    }

    private func canvasPoint(_ x: Double, _ y: Double) -> CanvasPoint {
        let square = square
        return CanvasPoint(x: (x - square.x) / square.side, y: (y - square.y) / square.side)
    }

    // MARK: Drawing

    private func draw(_ cairo: OpaquePointer, width: Double, height: Double) {
        let side = max(1, min(width, height))
        let x = (width - side) / 2, y = (height - side) / 2
        ChordPainter.paint(cairo, background: background, lumis: lumis,
                           in: ChordSquare(x: x, y: y, side: side), cornerRadius: 12)
        guard let selected else { return }
        drawSelection(cairo, selected, x: x, y: y, side: side)
    }

    /// A dashed ring around the selected lumi and its two handles, in white over a dark
    /// outline so they show on any chord.
    private func drawSelection(_ cairo: OpaquePointer, _ lumi: Lumi, x: Double, y: Double, side: Double) {
        func point(_ p: CanvasPoint) -> (Double, Double) { (x + p.x * side, y + p.y * side) }
        let centre = point(CanvasPoint(x: lumi.x, y: lumi.y))
        // The handles sit wholly on the chord (where they are grabbed too), and the ring is
        // cut at its edge: nothing of the selection spills onto the dialog.
        let inset = Self.handleRadius / side
        let resize = point(ChordCanvas.resizeHandle(of: lumi, inset: inset))
        let rotate = point(ChordCanvas.rotationHandle(of: lumi, inset: inset))
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_rectangle(cairo, x, y, side, side)
        cairo_clip(cairo)
        let radius = lumi.size / 2 * side

        for (width, shade) in [(3.0, 0.0), (1.5, 1.0)] {
            cairo_set_source_rgba(cairo, shade, shade, shade, shade == 0 ? 0.6 : 1)
            cairo_set_line_width(cairo, width)
            var dashes = [6.0, 4.0]
            cairo_set_dash(cairo, &dashes, 2, 0)
            cairo_new_path(cairo)
            cairo_arc(cairo, centre.0, centre.1, radius, 0, 2 * .pi)
            cairo_stroke(cairo)
            cairo_set_dash(cairo, nil, 0, 0)
            // The stalk from the ring out to the rotation handle.
            let reach = max(1, ((rotate.0 - centre.0) * (rotate.0 - centre.0) + (rotate.1 - centre.1) * (rotate.1 - centre.1)).squareRoot())
            cairo_move_to(cairo, centre.0 + (rotate.0 - centre.0) * radius / reach,
                          centre.1 + (rotate.1 - centre.1) * radius / reach)
            cairo_line_to(cairo, rotate.0, rotate.1)
            cairo_stroke(cairo)
        }
        for (handle, round) in [(resize, false), (rotate, true)] {
            cairo_new_path(cairo)
            if round {
                cairo_arc(cairo, handle.0, handle.1, Self.handleRadius, 0, 2 * .pi)
            } else {
                cairo_rectangle(cairo, handle.0 - Self.handleRadius, handle.1 - Self.handleRadius,
                                2 * Self.handleRadius, 2 * Self.handleRadius)
            }
            cairo_set_source_rgba(cairo, 1, 1, 1, 1)
            cairo_fill_preserve(cairo)
            cairo_set_source_rgba(cairo, 0, 0, 0, 0.7)
            cairo_set_line_width(cairo, 1.5)
            cairo_stroke(cairo)
        }
    }

    // MARK: Pointer

    /// One drag gesture serves clicks and drags: a press that moves less than `clickSlop`
    /// is a click (add or select), anything longer drags what is under it.
    private func addPointer() {
        let drag = gtk_gesture_drag_new()!
        Signal.connectPoint(drag, "drag-begin") { [weak self] x, y in
            guard let self else { return }
            gtk_widget_grab_focus(self.widget)
            self.dragStart = (x, y)
            let state = gtk_event_controller_get_current_event_state(drag)
            let rotating = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            self.dragging = self.onDragBegin(self.canvasPoint(x, y), rotating,
                                             Self.grabDistance / self.square.side)
        }
        Signal.connectPoint(drag, "drag-update") { [weak self] dx, dy in
            guard let self, self.dragging, let start = self.dragStart else { return }
            self.onDragUpdate(self.canvasPoint(start.x + dx, start.y + dy))
        }
        Signal.connectPoint(drag, "drag-end") { [weak self] dx, dy in
            guard let self, let start = self.dragStart else { return }
            self.dragStart = nil
            if self.dragging {
                self.dragging = false
                self.onDragEnd()
            }
            if abs(dx) < Self.clickSlop, abs(dy) < Self.clickSlop {
                self.onClick(self.canvasPoint(start.x, start.y))
            }
        }
        gtk_widget_add_controller(widget, drag)
    }

    // MARK: Keys

    private func addKeys() {
        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(keys, "key-pressed") { [weak self] keyval, state in
            guard let self, let key = Self.canvasKey(keyval, state) else { return false }
            return self.onKey(key)
        }
        gtk_widget_add_controller(widget, keys)
    }

    static func canvasKey(_ keyval: UInt32, _ state: GdkModifierType) -> CanvasKey? {
        let big = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
        // Ctrl and Alt combinations belong to the window (Ctrl+Z) and the desktop.
        guard state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0 else { return nil }
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: return .move(dx: -1, dy: 0, big: big)
        case GDK_KEY_Right, GDK_KEY_KP_Right: return .move(dx: 1, dy: 0, big: big)
        case GDK_KEY_Up, GDK_KEY_KP_Up: return .move(dx: 0, dy: -1, big: big)
        case GDK_KEY_Down, GDK_KEY_KP_Down: return .move(dx: 0, dy: 1, big: big)
        case GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add: return .resize(grow: true)
        case GDK_KEY_minus, GDK_KEY_underscore, GDK_KEY_KP_Subtract: return .resize(grow: false)
        case GDK_KEY_bracketleft: return .rotate(clockwise: false)
        case GDK_KEY_bracketright: return .rotate(clockwise: true)
        case GDK_KEY_Delete, GDK_KEY_KP_Delete, GDK_KEY_BackSpace: return .delete
        default: return nil
        }
    }
}
