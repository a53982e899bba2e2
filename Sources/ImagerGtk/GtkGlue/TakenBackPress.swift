import CGtk
import ImagerGLib

/// A primary press that GTK took back before its release came. GTK resets a held click when a
/// motion event says no button is down, and on X11 it makes such a motion itself, from the
/// pointer's state at that moment, after a frame that moved the layout or hid a tooltip. On a
/// busy machine that motion can come after the press, and after the button went up, but before
/// GTK has read the release: the click gesture emits `cancel`, then `unpaired-release`, and
/// neither it nor any gesture around it sees the click end.
/// `watch` follows a click gesture's presses and reports an unpaired release that ends such a
/// press where it began (a drag or a swipe that another gesture took moves further than GTK's
/// drag threshold): the person clicked there.
final class TakenBackPress {
    private var pressedAt: (x: Double, y: Double)?
    private var takenBack = false

    private init() {}

    /// Follows `click`, a gesture on `widget`, and calls `onRelease` with the point (in
    /// `widget`'s coordinates) of each release that ends a press GTK took back.
    static func watch(_ click: some ObjectPointer, on widget: Widget,
                      onRelease: @escaping @MainActor (Double, Double) -> Void) {
        let press = TakenBackPress()
        Signal.connectPress(click, "pressed") { _, x, y in
            press.pressedAt = (x, y)
            press.takenBack = false
        }
        Signal.connectPress(click, "released") { _, _, _ in press.forget() }
        Signal.connectPointer(click, "cancel") { _ in press.takenBack = press.pressedAt != nil }
        Signal.connectUnpairedRelease(click) { x, y, button in
            defer { press.forget() }
            guard press.takenBack, button == GDK_BUTTON_PRIMARY, let start = press.pressedAt,
                  gtk_drag_check_threshold(widget, Int32(start.x), Int32(start.y), Int32(x), Int32(y)) == 0
            else { return }
            onRelease(x, y)
        }
    }

    private func forget() {
        pressedAt = nil
        takenBack = false
    }
}
