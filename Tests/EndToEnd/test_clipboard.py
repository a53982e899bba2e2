"""Copying and pasting a chord's colour."""
import sqlite3
import time

from harness import App, click, screenshot, wait_for, xdotool
from window_steps import save_by_focusing_another_window, select_row_by_its_title
from suite import test


@test
def control_v_on_a_chord_sets_its_colour_and_control_c_copies_one(first):
    first.stop()
    app = App(first.binary).start()
    try:
        app.focus()
        # Put "tomato" on the clipboard the way a person might: typed into a field and copied
        # (the title's, opened by a click on the title of the row the first click selected).
        select_row_by_its_title(app, "Warm")
        time.sleep(0.5)
        click(app.wait_for_control("label", "Warm"))
        app.wait_for_control("text", "Chordset title")
        xdotool("key", "ctrl+a")
        xdotool("type", "--delay", 30, "tomato")
        xdotool("key", "ctrl+a")
        xdotool("key", "ctrl+c")
        xdotool("key", "Escape")  # the title stays "Warm"; the focus is back on the row
        wait_for(lambda: app.find("text", "Chordset title") is None, 5, "the title field to close")
        xdotool("key", "Right")  # into the row's first chord
        xdotool("key", "ctrl+v")
        app.wait_for_control("push button", "Chord 1: vivid red, #FF6347")
        app.wait_for_control("label", "Chord 1 set to #FF6347")
        # Ctrl+C on that chord and Ctrl+V on the next one copies the colour across.
        xdotool("key", "ctrl+c")
        xdotool("key", "Right")
        xdotool("key", "ctrl+v")
        app.wait_for_control("push button", "Chord 2: vivid red, #FF6347")
        screenshot("pasted-colour")
        save_by_focusing_another_window(app)
        connection = sqlite3.connect(f"file:{app.database}?mode=ro", uri=True)
        try:
            colours = [c for (c,) in connection.execute(
                "SELECT c.color FROM chord c JOIN chordset s ON s.id = c.chordset_id "
                "WHERE s.title = 'Warm' ORDER BY c.slot")]
        finally:
            connection.close()
        assert colours[0] == colours[1] == 0xFF6347FF, [hex(c) for c in colours]
        assert colours[2] != 0xFF6347FF, [hex(c) for c in colours]
    finally:
        app.cleanup()
