"""The main window fits a phone (README: "as small as 360 × 294 pixels"): asked for that
size, the real X window takes it (under Xvfb its frame counts too), with the search bar
open, with several rows selected (a longer subtitle) and with the Undo toast shown."""
import subprocess
import time

from harness import App, click, screenshot, wait_for, xdotool
from suite import test

PHONE = (360, 294)


def window_size(window):
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], capture_output=True, text=True).stdout
    values = dict(line.split("=", 1) for line in out.split() if "=" in line)
    return int(values["WIDTH"]), int(values["HEIGHT"])


def ask_for_phone_size(app, what):
    xdotool("windowsize", "--sync", app.window_id, *PHONE)
    # GTK answers the resize with its own size if it needs more: give it the frames to.
    time.sleep(1)
    screenshot(f"phone-size-{what}")
    size = window_size(app.window_id)
    assert size == PHONE, f"{what}: asked for {PHONE[0]} × {PHONE[1]}, the window is {size[0]} × {size[1]}"


@test
def the_main_window_shrinks_to_a_phones_360_by_294_pixels(first):
    first.stop()
    app = App(first.binary).start()
    try:
        app.focus()
        ask_for_phone_size(app, "the list")
        xdotool("key", "ctrl+f")
        app.wait_for_control("entry", "Search chordsets")
        ask_for_phone_size(app, "searching")
        xdotool("key", "Escape")
        for title in ["Warm", "Ocean"]:
            xdotool("keydown", "ctrl")
            click(app.wait_for_control("label", title))
            xdotool("keyup", "ctrl")
        app.wait_for_control("label", "2 of 9 chordsets selected")
        ask_for_phone_size(app, "two rows selected")
        xdotool("key", "Delete")
        app.wait_for_control("push button", "Undo")
        ask_for_phone_size(app, "with the Undo toast")
    finally:
        app.cleanup()
