"""On a phone-narrow main window (360 pixels), what Imager shows fits inside its width: the
windows it opens over it, measured from the real X windows, and Perform's controls, measured
on the screen."""
import os
import subprocess
import time

from harness import App, extents, move_pointer, screenshot, wait_for, window_geometry, xdotool
from suite import test
from test_basics_seen import ocr, reads, shot_region
from test_window_details import menu_item
from window_steps import find_named

NARROW = (360, 640)


def narrow_app(first, size=NARROW):
    """A fresh Imager whose window opens at SIZE (its saved size; 360 × 640 pixels), focused."""
    first.stop()
    app = App(first.binary)
    config = os.path.join(app.env["XDG_CONFIG_HOME"], "io.github.imagerproject.Imager")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, "window.ini"), "w") as f:
        f.write(f"[window]\nwidth={size[0]}\nheight={size[1]}\nmaximized=false\n")
    app.start()
    app.wait_for_control("panel", "Warm")
    app.focus()
    return app


def x_window_named(title):
    out = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title],
                         capture_output=True, text=True).stdout.split()
    return out[0] if out else None


def minimum_width(window):
    """The least width the window can take, as GTK tells the window manager (WM_NORMAL_HINTS)."""
    out = subprocess.run(["xprop", "-id", window, "WM_NORMAL_HINTS"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "minimum size:" in line:
            return int(line.split("minimum size:")[1].split("by")[0])
    raise AssertionError(f"the window gives no minimum size: {out!r}")


def assert_opens_no_wider(app, title, name, shot=None):
    """Waits for the window titled TITLE opened over APP's main window and checks its first
    width: no wider than the main window, or than the floor GTK tells the window manager
    (libadwaita's preferences window has one of its own, 370 pixels in 1.2). Takes the
    screenshot SHOT first, if named. Returns the window."""
    main_width = window_geometry(app.window_id)[2]
    window = wait_for(lambda: x_window_named(f"^{title}$"), 5, f"the {name}")
    time.sleep(1)  # its first size, once it has been shown
    if shot:
        screenshot(shot)
    width = window_geometry(window)[2]
    floor = minimum_width(window)
    assert width <= max(main_width, floor), \
        f"the {name} opens {width} pixels wide over a {main_width}-pixel window (it can be {floor})"
    return window


@test
def over_a_360_pixel_window_the_sync_window_is_no_wider(first):
    app = narrow_app(first)
    try:
        main_width = window_geometry(app.window_id)[2]
        assert main_width == NARROW[0], f"the main window opened {main_width} pixels wide, not {NARROW[0]}"
        menu_item(app, "Sync…")
        app.wait_for_control("label", "Sync Folder")
        assert_opens_no_wider(app, "Sync", "Sync window", shot="sync-over-a-narrow-window")
        xdotool("key", "Escape")
    finally:
        app.cleanup()


def assert_perform_controls_inside(app, what):
    """Every control of Perform's strip (the first and last chords, the fade time, Blackout,
    Full Screen, Leave) is inside the window, as the screen places them."""
    wx, wy, ww, wh = window_geometry(app.window_id)
    move_pointer(wx + ww // 2, wy + wh // 2)  # the strip shows while the pointer moves
    move_pointer(wx + ww // 2 + 5, wy + wh // 2 + 5)
    last = wait_for(lambda: find_named(app.node, "push button", "Chord 8: "), 5, "the strip's chord 8").name
    controls = [("push button", "Chord 1: vivid yellow, #F6D14E"), ("push button", last),
                ("slider", "Fade time"), (("toggle button", "push button"), "Blackout"), ("push button", "Full Screen"),
                ("push button", "Leave Perform")]
    time.sleep(0.5)  # the strip's fade in
    screenshot(f"perform-{what}")
    outside = []
    for role, name in controls:
        # A toggle is a "push button" with a pressed state on some GTKs.
        roles = role if isinstance(role, tuple) else (role,)
        control = wait_for(lambda: next(filter(None, (app.find(r, name) for r in roles)), None), 5, f"{roles} {name!r}")
        x, y, w, h = extents(control)
        if x < wx or x + w > wx + ww or y < wy or y + h > wy + wh:
            outside.append(f"{name} at {x},{y} {w}x{h}")
    assert not outside, f"{what}: outside the {ww}x{wh} window at {wx},{wy}: " + "; ".join(outside)


@test
def in_a_360_pixel_window_every_perform_control_is_inside_it(first):
    app = narrow_app(first)
    try:
        ww = window_geometry(app.window_id)[2]
        assert ww == NARROW[0], f"the main window opened {ww} pixels wide, not {NARROW[0]}"
        xdotool("key", "F5")
        app.wait_for_control("image", "Warm, chord 1 of 8")
        assert_perform_controls_inside(app, "in-a-narrow-window")
        xdotool("key", "Escape")
    finally:
        app.cleanup()


@test
def a_window_narrowed_while_performing_keeps_every_perform_control_inside_it(first):
    app = narrow_app(first, (800, 600))
    try:
        xdotool("key", "F5")
        app.wait_for_control("image", "Warm, chord 1 of 8")
        assert_perform_controls_inside(app, "at-800-pixels")
        xdotool("windowsize", "--sync", app.window_id, *NARROW)
        time.sleep(1)
        assert window_geometry(app.window_id)[2] == NARROW[0], "the window did not narrow"
        assert_perform_controls_inside(app, "narrowed-to-360-pixels")
        xdotool("key", "Escape")
    finally:
        app.cleanup()


@test
def over_a_360_pixel_window_the_sync_window_shows_its_not_syncing_line_whole(first):
    app = narrow_app(first)
    try:
        menu_item(app, "Sync…")
        line = "Not syncing: choose a folder to start."
        label = app.wait_for_control("label", line)
        time.sleep(1)
        x, y, w, h = extents(label)
        # The label's lines read as one (it may wrap).
        seen = " ".join(ocr(shot_region(app, "sync-not-syncing-line", x, y, w, h)).split())
        assert reads(seen, line), f"the Sync window shows {seen!r}, not “{line}”"
        xdotool("key", "Escape")
    finally:
        app.cleanup()


@test
def in_a_wide_sync_window_the_not_syncing_line_stays_on_one_line(first):
    first.stop()
    app = App(first.binary).start()  # the window's first size: the Sync window opens at its own
    try:
        app.wait_for_control("panel", "Warm")
        app.focus()
        menu_item(app, "Sync…")
        line = "Not syncing: choose a folder to start."
        label = app.wait_for_control("label", line)
        time.sleep(1)
        x, y, w, h = extents(label)
        seen = ocr(shot_region(app, "sync-not-syncing-line-wide", x, y, w, h))
        # reads() looks for the sentence on one line of what OCR saw.
        assert reads(seen, line), f"the Sync window breaks “{line}” into {seen.splitlines()!r}"
        xdotool("key", "Escape")
    finally:
        app.cleanup()


@test
def over_a_360_pixel_window_the_shortcuts_window_is_no_wider_and_its_groups_come_in_order(first):
    app = narrow_app(first)
    try:
        xdotool("key", "ctrl+question")
        app.wait_for_control("label", "Next Area")
        window = assert_opens_no_wider(app, "Keyboard Shortcuts", "shortcuts window", shot="shortcuts-over-a-narrow-window")
        # What a person sees at its top: the first group, the list's own keys.
        x, y, w, h = window_geometry(window)
        text = ocr(shot_region(app, "shortcuts-top", x, y, w, min(h, 240)))
        assert reads(text, "Chordsets") and reads(text, "New Chordset"), text
        xdotool("key", "Escape")
        wait_for(lambda: x_window_named("^Keyboard Shortcuts$") is None or None, 5, "Escape closes it")
    finally:
        app.cleanup()


@test
def over_a_360_pixel_window_the_preferences_window_is_no_wider(first):
    app = narrow_app(first)
    try:
        xdotool("key", "ctrl+comma")
        app.wait_for_control("label", "Fade Time")
        assert_opens_no_wider(app, "Preferences", "Preferences window")
        xdotool("key", "Escape")
    finally:
        app.cleanup()
