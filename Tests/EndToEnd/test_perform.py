"""The Perform view: keys play chords, and the screen shows their colours."""
import os
import subprocess
import time

from harness import App, extents, move_pointer, wait_for, xdotool
from keyboard import selected_rows
from window_steps import find_named
from suite import test


def screen_pixel(path, x, y):
    """The colour of one pixel of a screenshot, as #RRGGBB (ImageMagick's convert)."""
    out = subprocess.run(["convert", path, "-crop", f"1x1+{x}+{y}", "-depth", "8", "txt:-"],
                         capture_output=True, text=True, check=True).stdout
    # "# ImageMagick pixel enumeration: ..." then "0,0: (126,75,115)  #7E4B73  srgb(...)"
    return "#" + out.strip().splitlines()[-1].split("#", 1)[1][:6].upper()


@test
def f5_performs_the_selected_chordset_keys_play_chords_and_escape_returns(first):
    first.stop()  # one instance at a time: a second launch would hand over to the first
    app = App(first.binary).start()
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        # Warm is the first row, where the focus is when the window opens.
        xdotool("key", "F5")
        canvas = app.wait_for_control("image", "Warm, chord 1 of 8")
        assert app.find("push button", "Add Chordset") is None, "the header bar gives way to the canvas"
        # The strip, shown as Perform opens, names its chords like the list's cells
        # ("Chord 8: <colour name>, #7E4B73").
        cell = wait_for(lambda: find_named(app.node, "push button", "Chord 8: "), 5, "the strip's chord 8").name
        assert cell.endswith(", #7E4B73"), cell
        colour = cell.rsplit(", ", 1)[1]
        # Motion keeps it up for two more seconds; a chord played from the keyboard takes it
        # off the picture at once.
        x, y, w, h = extents(canvas)
        assert w > 300 and h > 300, (w, h)
        move_pointer(x + w // 2, y + h // 2)
        move_pointer(x + w // 2 + 7, y + h // 2 + 5)
        assert app.find("push button", cell) is not None, "the strip is up while the pointer moves"
        xdotool("key", "1")
        pressed = time.monotonic()
        wait_for(lambda: app.find("push button", cell) is None, 5, "the strip to leave as a chord is played")
        assert time.monotonic() - pressed < 1.5, "the strip waited for its timeout"
        for key in ["5", "8"]:
            xdotool("key", key)
            canvas = app.wait_for_control("image", f"Warm, chord {key} of 8")

        # The canvas, photographed: chord 8's colour fills it, where the strip was too.
        time.sleep(0.5)  # the standard fade is 0.15 s
        directory = os.environ.get("IMAGER_E2E_SCREENSHOTS") or app.home
        os.makedirs(directory, exist_ok=True)
        shot = os.path.join(directory, "perform-canvas.png")
        subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+{x}+{y}", "+repage", shot], check=True)
        for px, py in [(w // 2, h // 2), (10, 10), (w - 10, h - 10), (w // 2, h - 50)]:
            assert screen_pixel(shot, px, py) == colour, (px, py, screen_pixel(shot, px, py), colour)

        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")
        wait_for(lambda: app.find("image", "Warm, chord 8 of 8") is None, 5, "the canvas to go")
        app.wait_for_control("push button", "Chord 1: vivid yellow, #F6D14E")
        assert selected_rows(app) == ["Warm"], selected_rows(app)
        # Still on Warm: F5 again starts from its first chord.
        xdotool("key", "F5")
        app.wait_for_control("image", "Warm, chord 1 of 8")
        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")
    finally:
        app.cleanup()
