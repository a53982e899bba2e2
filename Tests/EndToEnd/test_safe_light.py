"""Safe light on the real screen: keys between a black and a white chord at twenty a second
bring "Slowed for safe light" into the Perform view, read back by OCR and from the
accessibility bus; with safe light turned off in perform.ini, nothing is slowed and it never
shows."""
import os
import subprocess
import time

from harness import App, extents, xdotool
from suite import test
from test_editor_and_perform import ocr

STROBE = """GIMP Palette
Name: Strobe
#
  0   0   0\tblack
255 255 255\twhite
  0   0   0\tblack
255 255 255\twhite
  0   0   0\tblack
255 255 255\twhite
  0   0   0\tblack
255 255 255\twhite
"""


def perform_strobe(binary, safe_light):
    """Imager in a fresh home holding only the Strobe chordset, Perform started on it."""
    app = App(binary)
    palette = os.path.join(app.home, "strobe.gpl")
    with open(palette, "w") as file:
        file.write(STROBE)
    for arguments in (["--delete-all"], ["--import", palette]):
        subprocess.run([binary, *arguments], env=app.env, check=True, capture_output=True, timeout=60)
    if not safe_light:
        settings = os.path.join(app.env["XDG_CONFIG_HOME"], "io.github.imagerproject.Imager")
        os.makedirs(settings, exist_ok=True)
        with open(os.path.join(settings, "perform.ini"), "w") as file:
            file.write("[perform]\nsafe-light=false\n")
    app.start()
    app.wait_for_control("label", "Strobe")
    app.focus()
    xdotool("key", "F5")
    canvas = app.wait_for_control("image", "Strobe, chord 1 of 8")
    time.sleep(0.5)
    return app, canvas


def strobe_and_read_the_corner(app, canvas, name):
    """Keys 2 and 1 in turn, twenty a second for a second, then the OCR of the canvas's top
    right corner, where the notice shows, and whether screen readers found the notice while it
    showed (it shows for two seconds: looked for before the slow OCR)."""
    xdotool("key", "--delay", "50", *(["2", "1"] * 10))
    time.sleep(0.3)
    x, y, w, h = extents(canvas)
    directory = os.environ.get("IMAGER_E2E_SCREENSHOTS") or app.home
    os.makedirs(directory, exist_ok=True)
    shot = os.path.join(directory, f"{name}.png")
    corner_w, corner_h = min(420, w), 90
    subprocess.run(["import", "-window", "root", "-crop", f"{corner_w}x{corner_h}+{x + w - corner_w}+{y}",
                    "+repage", shot], check=True)
    announced = app.find("alert", "Slowed for safe light") is not None
    return " ".join(ocr(shot, threshold="80%").split()), announced


@test
def keys_faster_than_safe_light_allows_show_slowed_for_safe_light(first):
    first.stop()  # one instance at a time: a second launch would hand over to the first
    app, canvas = perform_strobe(first.binary, safe_light=True)
    try:
        text, announced = strobe_and_read_the_corner(app, canvas, "safe-light-on")
        assert "Slowed for safe light" in text, f"OCR read {text!r}"
        assert announced, "screen readers find it too"
        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")
    finally:
        app.cleanup()


@test
def with_safe_light_off_nothing_is_slowed(first):
    first.stop()
    app, canvas = perform_strobe(first.binary, safe_light=False)
    try:
        text, announced = strobe_and_read_the_corner(app, canvas, "safe-light-off")
        assert "Slowed" not in text, f"OCR read {text!r}"
        assert not announced
        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")
    finally:
        app.cleanup()
