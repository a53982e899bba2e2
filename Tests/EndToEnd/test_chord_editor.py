"""The chord editor with the mouse and the keyboard, and what it saves."""
import sqlite3
import subprocess

import pyatspi

from harness import App, click, move_pointer, screenshot, wait_for, xdotool
from window_steps import find_named
from suite import test


def lumis_in(database):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return connection.execute(
            "SELECT l.shape, l.x, l.y FROM lumi l JOIN chord c ON c.id = l.chord_id "
            "JOIN chordset s ON s.id = c.chordset_id WHERE s.title = 'Warm' AND c.slot = 0 ORDER BY l.ord").fetchall()
    finally:
        connection.close()


@test
def the_chord_editor_adds_a_lumi_with_the_mouse_moves_it_with_keys_and_undoes(first):
    first.stop()  # one instance at a time: a second launch would hand over to the first
    app = App(first.binary).start()
    try:
        app.focus()
        click(app.wait_for_control("push button", "Chord 1: vivid yellow, #F6D14E"))
        canvas = wait_for(lambda: find_named(app.node, "image", "Chord 1 canvas"), 10, "the chord editor's canvas")
        editor = wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Chord 1 of"],
                                                 capture_output=True, text=True).stdout.split()[0],
                          10, "the editor's X window")
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", editor],
                                  capture_output=True, text=True).stdout
        origin = dict(line.split("=", 1) for line in geometry.split() if "=" in line)
        star = wait_for(lambda: app.find("toggle button", "Star") or app.find("push button", "Star"), 5,
                        "the Star shape button")
        click(star)

        # A click on the canvas, a quarter of the way in from its left edge, at mid height.
        box = canvas.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        side = min(box.width, box.height)
        left = box.x + (box.width - side) // 2 + int(origin["X"])
        top = box.y + (box.height - side) // 2 + int(origin["Y"])
        move_pointer(left + side // 4, top + side // 2)
        xdotool("click", 1)
        def where():
            # The row's description "Star, #FFE9A8, glow 50%, at 25%, 50%" -> (25, 50)
            name = find_named(app.node, "list item", "Star · ").description
            x, y = name.rsplit("at ", 1)[1].split(", ")
            return int(x.rstrip("%")), int(y.rstrip("%"))

        wait_for(lambda: find_named(app.node, "list item", "Star · "), 5, "the new lumi in the list")
        x0, y0 = where()
        # Where the pointer was, give or take the window decorations' few pixels.
        assert 20 <= x0 <= 30 and 45 <= y0 <= 55, (x0, y0)
        screenshot("chord-editor")

        # Five steps right with the keyboard, each one undo step; Ctrl+Z takes back the last.
        for _ in range(5):
            xdotool("key", "Right")
        wait_for(lambda: where() == (x0 + 5, y0), 5, "the lumi to move right by 5%")
        xdotool("key", "ctrl+z")
        wait_for(lambda: where() == (x0 + 4, y0), 5, "Ctrl+Z to take back one step")
        screenshot("chord-editor-after-undo")
        xdotool("key", "Escape")
        wait_for(lambda: find_named(app.node, "image", "Chord 1 canvas") is None, 5, "the editor to close")

        before = len(app.saved_lines())  # opening the editor took the focus, and saved
        other = subprocess.Popen(["xmessage", "-geometry", "+900+600", "another window"], stderr=subprocess.DEVNULL)
        try:
            window = wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "Xmessage"],
                                                     capture_output=True, text=True).stdout.split()[0],
                              10, "xmessage's window")
            xdotool("windowfocus", "--sync", window)
            wait_for(lambda: len(app.saved_lines()) > before, 10, "a new “Saved ” line on stdout")
        finally:
            other.terminate()
        stored = lumis_in(app.database)
        assert len(stored) == 1 and stored[0][0] == "star", stored
        assert abs(stored[0][1] * 100 - (x0 + 4)) <= 0.6 and abs(stored[0][2] * 100 - y0) <= 0.6, (stored, x0, y0)
    finally:
        app.cleanup()
