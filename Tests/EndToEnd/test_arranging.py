"""Moving rows with the keyboard and the mouse, and duplicating one: the order is saved."""
import sqlite3
import time

from harness import App, extents, move_pointer, screenshot, wait_for, xdotool
from window_steps import rows, save_by_focusing_another_window, shown_order, select_row_by_its_title
from suite import test


@test
def alt_down_moves_the_focused_row_down_and_the_order_is_saved(first):
    first.stop()  # one instance at a time: a second launch would hand over to the first
    app = App(first.binary).start()
    try:
        app.focus()
        select_row_by_its_title(app, "Warm")
        xdotool("key", "alt+Down")
        wait_for(lambda: shown_order(app, ["Warm", "Ocean"]) == ["Ocean", "Warm"], 5, "Warm below Ocean")
        # The moved row keeps the focus: a second Alt+Down moves it on.
        xdotool("key", "alt+Down")
        wait_for(lambda: shown_order(app, ["Warm", "Forest"]) == ["Forest", "Warm"], 5, "Warm below Forest")
        screenshot("moved-down")
        xdotool("key", "ctrl+z")
        wait_for(lambda: shown_order(app, ["Warm", "Forest"]) == ["Warm", "Forest"], 5, "Ctrl+Z to undo one move")
        save_by_focusing_another_window(app)
        _, _, titles = rows(app.database)
        assert titles[:3] == ["Ocean", "Warm", "Forest"], titles
    finally:
        app.cleanup()


@test
def dragging_a_row_with_the_mouse_below_another_moves_it_and_the_order_is_saved(first):
    first.stop()
    app = App(first.binary).start()
    try:
        app.focus()
        warm = app.wait_for_control("panel", "Warm")
        x, y, w, h = extents(warm)
        # Press in the row's left padding, then move straight down in small steps as a hand
        # would, past GTK's drag threshold, to the lower half of Forest: the gap between Forest
        # and the row after it.
        # Both places are measured before the press: the hand does not stop mid-drag.
        start_x, start_y = x + 5, y + h // 2
        fx, fy, fw, fh = extents(app.wait_for_control("panel", "Forest"))
        end_y = fy + fh * 3 // 4
        move_pointer(start_x, start_y)
        xdotool("mousedown", 1)
        try:
            for step in range(1, 5):
                xdotool("mousemove", start_x, start_y + 3 * step)
                time.sleep(0.03)
            current = start_y + 12
            while current < end_y:
                current = min(current + 10, end_y)
                xdotool("mousemove", start_x, current)
                time.sleep(0.03)
            # A last wiggle in place, so the drop target sees the final position.
            xdotool("mousemove", start_x + 1, end_y)
            time.sleep(0.1)
            screenshot("dragging-a-row")
        finally:
            xdotool("mouseup", 1)
        wait_for(lambda: shown_order(app, ["Warm", "Ocean", "Forest"]) == ["Ocean", "Forest", "Warm"], 5,
                 "Warm dropped below Forest")
        save_by_focusing_another_window(app)
        _, _, titles = rows(app.database)
        assert titles[:3] == ["Ocean", "Forest", "Warm"], titles
    finally:
        app.cleanup()


@test
def control_d_duplicates_the_row_after_it_and_names_the_copy(first):
    first.stop()
    app = App(first.binary).start()
    try:
        app.focus()
        select_row_by_its_title(app, "Ocean")
        xdotool("key", "ctrl+d")
        # The copy's title is in editing; Return keeps the title it was given.
        app.wait_for_control("text", "Chordset title")
        screenshot("duplicated")
        xdotool("key", "Return")
        app.wait_for_control("label", "Ocean (Copy)")
        assert shown_order(app, ["Ocean", "Ocean (Copy)", "Forest"]) == ["Ocean", "Ocean (Copy)", "Forest"]
        save_by_focusing_another_window(app)
        chordsets, chords, titles = rows(app.database)
        assert titles[:4] == ["Warm", "Ocean", "Ocean (Copy)", "Forest"], titles
        assert chords == 8 * chordsets, (chordsets, chords)
        connection = sqlite3.connect(f"file:{app.database}?mode=ro", uri=True)
        try:
            colours = {title: [c for (c,) in connection.execute(
                "SELECT c.color FROM chord c JOIN chordset s ON s.id = c.chordset_id WHERE s.title = ? ORDER BY c.slot",
                (title,))] for title in ("Ocean", "Ocean (Copy)")}
        finally:
            connection.close()
        assert colours["Ocean"] == colours["Ocean (Copy)"] and len(colours["Ocean"]) == 8, colours
    finally:
        app.cleanup()
