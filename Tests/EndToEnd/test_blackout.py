"""Perform's blackout on the real screen: B fades the canvas to black and names it "Blackout",
a chord played in the dark stays unseen, and B again brings the live chord back."""
import os
import subprocess
import time

from harness import App, extents, wait_for, xdotool
from suite import test
from test_perform import screen_pixel


def canvas_pixels(app, canvas, name):
    """Three pixels of the canvas as the screen shows it (middle and two corners)."""
    x, y, w, h = extents(canvas)
    assert w > 300 and h > 300, (w, h)
    directory = os.environ.get("IMAGER_E2E_SCREENSHOTS") or app.home
    os.makedirs(directory, exist_ok=True)
    shot = os.path.join(directory, f"{name}.png")
    subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+{x}+{y}", "+repage", shot], check=True)
    return {screen_pixel(shot, px, py) for px, py in [(w // 2, h // 2), (10, 10), (w - 10, h - 10)]}


def canvas_pixels_once(app, canvas, name, wanted, seconds=4):
    """The canvas's pixels once they are WANTED, or as they are after SECONDS: safe light may
    stretch or delay a change that comes soon after others (a red chord and then black within
    a second is a red flash), past the fade time."""
    deadline = time.time() + seconds
    while True:
        seen = canvas_pixels(app, canvas, name)
        if seen == wanted or time.time() > deadline:
            return seen
        time.sleep(0.2)


@test
def b_blacks_out_the_canvas_and_b_again_brings_back_the_chord_played_in_the_dark(first):
    first.stop()  # one instance at a time: a second launch would hand over to the first
    app = App(first.binary).start()
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        xdotool("key", "F5")
        canvas = app.wait_for_control("image", "Warm, chord 1 of 8")
        time.sleep(0.5)
        lit = canvas_pixels(app, canvas, "blackout-before")
        assert lit == {"#F6D14E"}, lit

        xdotool("key", "b")
        canvas = app.wait_for_control("image", "Blackout")
        assert canvas_pixels_once(app, canvas, "blackout-black", {"#000000"}) == {"#000000"}

        xdotool("key", "8")
        time.sleep(0.6)
        assert app.find("image", "Blackout") is not None, "a chord key keeps the blackout"
        assert canvas_pixels(app, canvas, "blackout-chord-in-the-dark") == {"#000000"}

        xdotool("key", "b")
        canvas = app.wait_for_control("image", "Warm, chord 8 of 8")
        back = canvas_pixels_once(app, canvas, "blackout-after", {"#7E4B73"})
        assert back == {"#7E4B73"}, back

        xdotool("key", "shift+b")
        canvas = app.wait_for_control("image", "Blackout")
        assert canvas_pixels_once(app, canvas, "blackout-cut", {"#000000"}) == {"#000000"}
        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")
    finally:
        app.cleanup()
