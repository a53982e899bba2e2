"""Tempo in Perform on the real window: T tapped on the beat shows the tempo in the strip, and
Follow Tempo (perform.ini's follow-beats) moves to the next chord on the beat by itself."""
import os
import re
import subprocess
import time

from harness import App, extents, move_pointer, wait_for, xdotool
from suite import test
from test_blackout import canvas_pixels


def write_perform_settings(app, text):
    folder = os.path.join(app.env["XDG_CONFIG_HOME"], "io.github.imagerproject.Imager")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "perform.ini"), "w") as ini:
        ini.write(text)


@test
def t_tapped_on_the_beat_shows_the_tempo_in_the_strip(first):
    first.stop()  # one instance at a time: a second launch would hand over to the first
    app = App(first.binary).start()
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        xdotool("key", "F5")
        canvas = app.wait_for_control("image", "Warm, chord 1 of 8")
        start = time.monotonic()
        for beat in range(6):  # 100 BPM: a tap every 0.6 s
            while time.monotonic() < start + beat * 0.6:
                time.sleep(0.005)
            xdotool("key", "t")
        # The strip shows again when the pointer moves.
        x, y, w, h = extents(canvas)
        move_pointer(x + w // 2, y + h // 3)
        move_pointer(x + w // 2 + 40, y + h // 3 + 20)
        label = wait_for(lambda: find_bpm(app.node), 5, "the tempo label")
        bpm = int(label.name.split()[0])
        assert 90 <= bpm <= 110, label.name
        # Read off the screen: the label's own pixels say it.
        lx, ly, lw, lh = extents(label)
        shot = os.path.join(os.environ.get("IMAGER_E2E_SCREENSHOTS") or app.home, "tempo-label.png")
        os.makedirs(os.path.dirname(shot), exist_ok=True)
        # A margin of the label's height below it: GTK 4.18 reports a place inside the strip a few
        # pixels higher than it draws it (its parents' padding is left out of AT-SPI's sum).
        subprocess.run(["import", "-window", "root", "-crop", f"{lw + 16}x{2 * lh + 8}+{lx - 8}+{ly - 4}", "+repage",
                        "-colorspace", "Gray", "-resize", "400%", shot], check=True)
        # Light text on the strip's grey: made dark on light, and read as digits and "BPM" only
        # (tesseract took 100 for "lou" on GTK 4.18's rendering).
        subprocess.run(["convert", shot, "-negate", "-level", "20%,80%", shot], check=True)
        seen = subprocess.run(["tesseract", shot, "-", "--psm", "6", "-c", "tessedit_char_whitelist=0123456789BPM "],
                              capture_output=True, text=True).stdout
        assert "BPM" in seen and str(bpm) in seen, (seen, label.name)
        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")
    finally:
        app.cleanup()


def find_bpm(node, depth=0):
    """The label that reads "NNN BPM", or None."""
    if node is None or depth > 40:
        return None
    try:
        if re.fullmatch(r"\d+ BPM", node.name or "") and node.getRoleName() == "label":
            return node
        for child in node:
            found = find_bpm(child, depth + 1)
            if found is not None:
                return found
    except Exception:
        return None
    return None


@test
def follow_tempo_moves_to_the_next_chord_on_the_beat(first):
    first.stop()
    app = App(first.binary)
    # Every 4 beats at 120 BPM: a new chord every 2 seconds, in order.
    write_perform_settings(app, "[perform]\nfade-seconds=0\nfollow-beats=4\nfollow-order=in-order\n")
    app.start()
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        # The beats count from Perform's start, which follows the F5 press: the step cannot be
        # seen sooner than two seconds after the press, however slow the machine. Seen later,
        # it is later by as long as Perform took to open and the step took to be seen (under
        # load, up to a second or so each).
        pressed = time.monotonic()
        xdotool("key", "F5")
        canvas = app.wait_for_control("image", "Warm, chord 1 of 8")
        seen_first = time.monotonic()
        first_colour = canvas_pixels(app, canvas, "follow-1")
        canvas = app.wait_for_control("image", "Warm, chord 2 of 8", seconds=6)
        seen_second = time.monotonic()
        assert seen_second - pressed >= 2, \
            f"the step came {seen_second - pressed:.2f} s after F5, before the fourth beat"
        assert seen_second - seen_first < 3.5, \
            f"the step came {seen_second - seen_first:.2f} s after Perform showed, well after the fourth beat"
        time.sleep(0.3)
        second_colour = canvas_pixels(app, canvas, "follow-2")
        assert len(second_colour) == 1 and second_colour != first_colour, (first_colour, second_colour)
        app.wait_for_control("image", "Warm, chord 3 of 8", seconds=4)
        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")
    finally:
        app.cleanup()
