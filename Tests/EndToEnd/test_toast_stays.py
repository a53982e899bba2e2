"""The toast stays while the pointer is over it, as the help promises, and goes a few seconds
after the pointer leaves: read from the screen (OCR of the window's foot), not only the
accessibility tree."""
import time

from harness import center, move_pointer, wait_for, xdotool
from keyboard import focused, press
from suite import test
from test_basics_seen import ocr, reads, shot_region, toast_region
from test_window_details import fresh
from harness import extents

MESSAGE = "“Ocean” deleted"


@test
def the_toast_stays_while_the_pointer_is_over_it_and_goes_once_it_leaves(first):
    app = fresh(first)
    try:
        window = extents(app.wait_for_control("frame", "Imager"))
        # The first row takes the focus once the window has started: Down before then moves
        # nothing, and Delete would take the first row.
        wait_for(lambda: (focused(app.node) or None) and focused(app.node).name == "Warm", 5,
                 "the focus on the first row at launch")
        press(app, "Down", "list item", "Ocean")
        xdotool("key", "Delete")
        toast = app.wait_for_control("alert", MESSAGE)
        time.sleep(0.5)  # slid up
        move_pointer(*center(toast))
        # Twice as long as a toast shows by itself: still there, on screen.
        time.sleep(10)
        seen = ocr(shot_region(app, "toast-hovered", *toast_region(app, window)))
        assert reads(seen, MESSAGE), f"with the pointer over it, the toast went; the foot reads {seen!r}"
        assert app.find("alert", MESSAGE) is not None, "the toast left the accessibility tree"

        x, y, w, h = window
        move_pointer(x + w // 2, y + h // 3)
        wait_for(lambda: app.find("alert", MESSAGE) is None, 9, "the toast to go once the pointer left")
        time.sleep(0.5)
        seen = ocr(shot_region(app, "toast-left", *toast_region(app, window)))
        assert not reads(seen, MESSAGE), f"the toast is still drawn after it went: {seen!r}"
    finally:
        app.cleanup()
