"""Preferences from the keyboard alone: Ctrl+, opens the window, its fade time is typed, stored
at once where Perform keeps it, and shown on screen; Escape closes it and Perform plays with the
new time (its strip's label says so)."""
import os
import subprocess
import time

import pyatspi

from harness import App, accessible_name, extents, screenshot, wait_for, xdotool
from suite import test
from test_basics_seen import ocr, reads


def perform_ini(app):
    return os.path.join(app.env["XDG_CONFIG_HOME"], "io.github.imagerproject.Imager", "perform.ini")


def stored_fade(app):
    try:
        with open(perform_ini(app)) as f:
            for line in f:
                if line.startswith("fade-seconds="):
                    return float(line.split("=", 1)[1])
    except OSError:
        return None
    return None


def window_named(app, name):
    """The process's visible X window with this title, or None."""
    ids = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(app.process.pid), "--name", f"^{name}$"],
                         capture_output=True, text=True).stdout.split()
    return ids[0] if ids else None


@test
def ctrl_comma_opens_preferences_where_the_fade_time_is_typed_stored_and_played(first):
    first.stop()  # one instance at a time
    app = App(first.binary)
    app.start()
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        xdotool("key", "ctrl+comma")
        spin = app.wait_for_control("spin button", "Fade Time in Seconds")
        window = wait_for(lambda: window_named(app, "Preferences"), 5, "the Preferences window")
        # What a user sees: the window's row and the standard time in its field.
        time.sleep(0.5)
        path = os.path.join(app.home, "preferences.png")
        subprocess.run(["import", "-window", window, "-colorspace", "Gray", "-resize", "200%", path], check=True)
        text = ocr(path)
        assert reads(text, "Fade Time"), text
        # The time, read in its field alone: among the rows' small print tesseract takes
        # the field's "0" for an "O".
        x, y, width, height = extents(spin)
        field = os.path.join(app.home, "fade-time-field.png")
        subprocess.run(["import", "-window", "root", "-crop", f"{width}x{height}+{x}+{y}", "+repage",
                        "-colorspace", "Gray", "-resize", "400%", field], check=True)
        number = ocr(field)
        assert reads(number, "0.15", threshold=1.0), number

        # The keyboard reaches the field (Tab from wherever the window starts), and a typed
        # time is stored once the field is left.
        for _ in range(6):
            if spin.getState().contains(pyatspi.STATE_FOCUSED):
                break
            xdotool("key", "Tab")
            time.sleep(0.2)
        assert spin.getState().contains(pyatspi.STATE_FOCUSED), "Tab reaches the fade time"
        xdotool("key", "ctrl+a")
        xdotool("type", "0.8")
        xdotool("key", "Tab")
        wait_for(lambda: stored_fade(app) == 0.8 or None, 5, "the fade time stored")
        screenshot("preferences-fade-time")

        xdotool("key", "Escape")
        wait_for(lambda: window_named(app, "Preferences") is None or None, 5, "Escape closes Preferences")

        # Perform plays with it: the strip's fade control shows the time.
        app.focus()
        xdotool("key", "F5")
        scale = app.wait_for_control("slider")
        assert abs(scale.queryValue().currentValue - 0.8) < 1e-6, accessible_name(scale)
        xdotool("key", "Escape")
    except Exception:
        screenshot("failed-preferences")
        raise
    finally:
        app.cleanup()
