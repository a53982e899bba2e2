import CGtk
import ImagerGLib

/// Scrolls the list while a dragged row hovers near its top or bottom edge, faster the
/// closer the pointer is to the edge, so a row can be taken to a place off screen. A timer
/// moves the scrolled window's vertical adjustment; it stops when the pointer leaves the
/// edge zone, the list can scroll no further, or the drag ends.
final class EdgeScroll {
    /// How far from an edge the pointer starts the scrolling, in pixels.
    static let zone = 48.0
    /// The most the list moves per tick (at the very edge), in pixels; about 1,200 a second.
    static let fastestStep = 20.0
    static let tickMilliseconds: UInt32 = 16

    /// Borrowed: owned by the scrolled window, which outlives the list's drop target.
    private let adjustment: UnsafeMutablePointer<GtkAdjustment>
    /// Pixels per tick: negative scrolls up.
    private(set) var step = 0.0
    private var timer: ScheduledWork?
    /// Called after each tick that scrolled, so the drop indicator follows the rows under
    /// the still pointer.
    var onScrolled: () -> Void = {}

    init(scrolledWindow: Widget) {
        adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(scrolledWindow))
    }

    var isScrolling: Bool { timer?.isPending ?? false }

    /// The pointer is at `y` in a list view `height` tall (its visible part).
    func pointerMoved(y: Double, height: Double) {
        if y < Self.zone {
            step = -Self.fastestStep * (Self.zone - max(y, 0)) / Self.zone
        } else if y > height - Self.zone {
            step = Self.fastestStep * (min(y, height) - (height - Self.zone)) / Self.zone
        } else {
            step = 0
        }
        if step == 0 {
            stop()
        } else if !isScrolling {
            timer = MainLoop.repeating(milliseconds: Self.tickMilliseconds) { [weak self] in self?.tick() ?? false }
        }
    }

    func stop() {
        step = 0
        timer?.cancel()
        timer = nil
    }

    /// One step; false (the timer ends) once the list is at the end it scrolls towards.
    private func tick() -> Bool {
        let value = gtk_adjustment_get_value(adjustment)
        let highest = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        let next = min(max(value + step, gtk_adjustment_get_lower(adjustment)), highest)
        guard step != 0, next != value else {
            step = 0
            return false
        }
        gtk_adjustment_set_value(adjustment, next)
        onScrolled()
        return true
    }
}
