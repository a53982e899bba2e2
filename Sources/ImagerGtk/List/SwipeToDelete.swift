import CGtk
import ImagerGLib

/// Slides a row's content toward the start edge (left, or right in right-to-left text) to
/// reveal its Delete button at the end edge, by touch, by the mouse
/// (press, drag, release) or by a touchpad's two-finger swipe. It only takes a gesture when
/// the movement is mostly horizontal, so vertical scrolling always reaches the list.
/// A swipe past half the button's width opens the row; a shorter one snaps back.
final class SwipeToDelete {
    static let revealWidth = 96.0
    /// How far the pointer moves before the swipe decides between horizontal and vertical.
    private static let decisionDistance = 6.0

    private enum Direction { case horizontal, vertical }

    /// The row whose children slide, and the layer under them (made by `makeUnderlay`
    /// the first time the row moves).
    private let row: SlidingRow
    private var widget: Widget { row.widget }
    private var underlay: Widget?
    var makeUnderlay: () -> Widget = { Widgets.box(GTK_ORIENTATION_HORIZONTAL) }
    private let animation: TickAnimation

    /// How far the content is moved toward the start edge, in pixels.
    private(set) var offset = 0.0
    /// Called when a swipe opens this row, so the list can close any other open row.
    var onOpen: () -> Void = {}

    private var dragStartOffset = 0.0
    private var dragStartX = 0.0
    private var dragDirection: Direction?
    private var scrollDirection: Direction?
    private var scrollSettle: ScheduledWork?

    var isOpen: Bool { offset > 0 }

    init(row: SlidingRow) {
        self.row = row
        animation = TickAnimation(widget: row.widget)
        addDragGesture()
        addScrollController()
    }

    /// Back to closed at once: the row is about to show another chordset.
    func reset() {
        animation.stop()
        setOffset(0)
    }

    func close() {
        settle(to: 0)
    }

    func open() {
        settle(to: Self.revealWidth)
        onOpen()
    }

    // MARK: Mouse and touch

    private func addDragGesture() {
        let drag = gtk_gesture_drag_new()!
        // Capture phase: the swipe sees the movement before the cells and the title, and
        // can take the gesture from them once it is clearly horizontal.
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        Signal.connectPoint(drag, "drag-begin") { [weak self] x, _ in
            guard let self else { return }
            self.animation.stop()
            self.dragStartOffset = self.offset
            self.dragStartX = x
            self.dragDirection = nil
        }
        Signal.connectPoint(drag, "drag-update") { [weak self] dx, dy in
            guard let self else { return }
            if self.dragDirection == nil {
                guard max(abs(dx), abs(dy)) >= Self.decisionDistance else { return }
                let gesture = cgtk_gesture(UnsafeMutableRawPointer(drag))
                if abs(dx) > abs(dy) {
                    self.dragDirection = .horizontal
                    gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
                } else {
                    self.dragDirection = .vertical
                    gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED)
                    return
                }
            }
            guard self.dragDirection == .horizontal else { return }
            self.setOffset(self.dragStartOffset - self.towardStart * dx)
        }
        Signal.connectPoint(drag, "drag-end") { [weak self] _, _ in
            guard let self else { return }
            switch self.dragDirection {
            case .horizontal:
                self.settleAfterSwipe()
            case nil:
                // A tap on the slid content closes the row; a tap on the Delete button
                // must reach the button, so leave the row open for it.
                let width = Double(gtk_widget_get_width(self.widget))
                let onContent = self.towardStart > 0 ? self.dragStartX < width - self.offset : self.dragStartX > self.offset
                if self.isOpen, onContent { self.close() }
            case .vertical:
                break
            }
            self.dragDirection = nil
        }
        gtk_widget_add_controller(widget, drag)
    }

    // MARK: Touchpad

    private func addScrollController() {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
        Signal.connect(scroll, "scroll-begin") { [weak self] in self?.scrollDirection = nil }
        Signal.connectScroll(scroll, "scroll") { [weak self] dx, dy in
            guard let self else { return false }
            if self.scrollDirection == nil {
                guard dx != 0 || dy != 0 else { return false }
                self.scrollDirection = abs(dx) > abs(dy) ? .horizontal : .vertical
                if self.scrollDirection == .horizontal { self.animation.stop() }
            }
            guard self.scrollDirection == .horizontal else { return false }
            // A touchpad reports pixels; a tilting wheel reports steps.
            let pixels = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL ? dx * 32 : dx
            self.setOffset(self.offset + self.towardStart * pixels)
            // Wheels send no scroll-end: settle when the events stop.
            self.scrollSettle?.cancel()
            self.scrollSettle = MainLoop.after(milliseconds: 200) { [weak self] in self?.endScroll() }
            return true
        }
        Signal.connect(scroll, "scroll-end") { [weak self] in self?.endScroll() }
        gtk_widget_add_controller(widget, scroll)
    }

    private func endScroll() {
        scrollSettle?.cancel()
        scrollSettle = nil
        if scrollDirection == .horizontal { settleAfterSwipe() }
        scrollDirection = nil
    }

    // MARK: Moving

    /// 1 when the start edge is on the left, -1 in right-to-left text, where the swipe goes
    /// to the right and Delete shows on the left.
    private var towardStart: Double {
        gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? -1 : 1
    }

    private func settleAfterSwipe() {
        if offset > Self.revealWidth / 2 { open() } else { close() }
    }

    private func settle(to target: Double) {
        animation.run(from: offset, to: target) { [weak self] value in self?.setOffset(value) }
    }

    private func setOffset(_ value: Double) {
        let width = Double(gtk_widget_get_width(widget))
        let clamped = max(0, min(value, max(width, Self.revealWidth)))
        guard clamped != offset else { return }
        offset = clamped
        if offset > 0, underlay == nil {
            underlay = makeUnderlay()
            row.underlay = underlay
        }
        underlay?.isVisible = offset > 0
        // While the children are moved, the row gets an opaque background (see Stylesheet),
        // so the underlay shows only in the strip they uncover.
        if offset > 0 {
            gtk_widget_add_css_class(widget, "swiping")
        } else {
            gtk_widget_remove_css_class(widget, "swiping")
        }
        row.offset = offset
    }
}
